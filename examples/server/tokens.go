package main

import (
	crand "crypto/rand" // crypto/rand: secrets, not game randomness
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"

	"github.com/waterdeep-go/waterdeep"
)

// A seat's token is 32 random bytes, given to its holder once when they
// join. The server keeps only its SHA-256, so the database does not hold
// what would let its reader act for a seat.

// newToken returns a random secret token and the hash that is stored.
func newToken() (token, hash string) {
	var b [32]byte
	crand.Read(b[:])
	token = hex.EncodeToString(b[:])
	return token, hashToken(token)
}

func hashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// newID returns a random game id.
func newID() string {
	var b [8]byte
	crand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// seatOf returns the seat whose token this is. The comparison is constant
// time over every seat, so timing says nothing about which hash matched.
func (g *game) seatOf(token string) (waterdeep.PlayerID, bool) {
	h := hashToken(token)
	found := -1
	for i, t := range g.tokens {
		if t != "" && subtle.ConstantTimeCompare([]byte(t), []byte(h)) == 1 {
			found = i
		}
	}
	if found < 0 {
		return waterdeep.Spectator, false
	}
	return waterdeep.PlayerID(found), true
}
