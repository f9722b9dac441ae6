package main

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// testStoreContract checks what every Store promises: a seat is claimed
// once, an action slot is written once, and what was written reads back.
func testStoreContract(t *testing.T, s Store) {
	ctx := context.Background()
	g := GameSetup{ID: "g1", Players: 3, Seed: 1 << 63, Seats: []string{"human", "greedy", "human"}, Created: 1}
	if err := s.CreateGame(ctx, NewGame{Setup: g, Seat: -1}, Caps{}); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateGame(ctx, NewGame{Setup: g, Seat: -1}, Caps{}); err == nil {
		t.Error("a second game with the same id was stored")
	}
	if err := s.ClaimSeat(ctx, "g1", 0, "hash0", "Ann"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		game string
		seat int
		want error
	}{
		{"g1", 0, ErrConflict}, // taken
		{"g1", 1, ErrConflict}, // a bot's
		{"g1", 7, ErrNotFound},
		{"nope", 0, ErrNotFound},
	} {
		if err := s.ClaimSeat(ctx, c.game, c.seat, "other", ""); !errors.Is(err, c.want) {
			t.Errorf("claim %s seat %d: %v, want %v", c.game, c.seat, err, c.want)
		}
	}
	for i, a := range []string{`{"a":0}`, `{"a":1}`} {
		if err := s.AppendAction(ctx, "g1", i, []byte(a), false); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AppendAction(ctx, "g1", 1, []byte(`{"a":"late"}`), false); !errors.Is(err, ErrConflict) {
		t.Errorf("writing action 1 twice: %v, want ErrConflict", err)
	}
	got, err := s.Game(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	want := StoredGame{Setup: g, TokenHashes: []string{"hash0", "", ""}, Names: []string{"Ann", "", ""}, Actions: [][]byte{[]byte(`{"a":0}`), []byte(`{"a":1}`)}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("stored game (-want +got):\n%s", diff)
	}
	from1, err := s.ActionsFrom(ctx, "g1", 1)
	if err != nil || len(from1) != 1 || string(from1[0]) != `{"a":1}` {
		t.Errorf("ActionsFrom(1): %q %v", from1, err)
	}
	if _, err := s.Game(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("loading a missing game: %v", err)
	}
	if err := s.CreateGame(ctx, NewGame{Setup: GameSetup{ID: "g2", Players: 2, Seats: []string{"human", "human"}, Created: 2}, Seat: -1}, Caps{}); err != nil {
		t.Fatal(err)
	}
	ids, err := s.GameIDs(ctx)
	if diff := cmp.Diff([]string{"g1", "g2"}, ids); diff != "" || err != nil {
		t.Errorf("GameIDs %v (-want +got):\n%s", err, diff)
	}
	// An ended game is no longer listed, and says how it ended.
	for range 2 {
		if err := s.EndGame(ctx, "g1", EndedAbandoned); err != nil {
			t.Fatal(err)
		}
	}
	ids, err = s.GameIDs(ctx)
	if diff := cmp.Diff([]string{"g2"}, ids); diff != "" || err != nil {
		t.Errorf("GameIDs after g1 ended %v (-want +got):\n%s", err, diff)
	}
	if got, err := s.Game(ctx, "g1"); err != nil || got.Ended != EndedAbandoned {
		t.Errorf("g1 ended %q %v, want %q", got.Ended, err, EndedAbandoned)
	}
}

func TestSQLiteStore(t *testing.T) {
	s, err := OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	testStoreContract(t, s)
}
