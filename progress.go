package waterdeep

import (
	"encoding/base64"
	"fmt"
	"strings"
)

// Progress is the part of a game's public state that only the rules engine
// reads: the phase of the round, whose placement comes next, the Harbor
// reassignment under way, agents waiting to be reassigned, the stack of
// effects being resolved, and the spaces a placement of resources under
// way has chosen. A View carries it so that Determinize can resume
// the game from the view; a frontend ignores it (what a player may need to
// know of it is in the View's other fields: the agents on each space in
// SpaceView.Agents, a Harbor reassignment in Decision.Reassign and
// Decision.From).
//
// Progress is opaque: its fields are the engine's and change with it. It
// is a comparable value; its zero value is the progress of a game that is
// over. In JSON and text it is a token, a string such as "v2.AQABAA...":
// the token's format version, a dot, and the engine's fields in base64url.
// UnmarshalText refuses a token of an unknown version, too long, or with a
// field out of range; the engine checks the rest when the view is decoded
// or determinized.
type Progress struct {
	phase      phase
	next       PlayerID
	questDone  bool
	harborNext uint8
	nShared    uint8
	nFollow    uint8
	nStack     uint8
	shared     [4]agentAt // the first nShared entries are used
	follow     [4]follower
	stack      [stackSize]frame // bottom first
	// nPlacing spaces have received resources from the place step being
	// resolved (and may not be chosen again by it), in space order.
	nPlacing uint8
	placing  [MaxSpaces]uint8
}

// progressOf returns the progress of state s.
func progressOf(s *State) Progress {
	p := Progress{phase: s.phase, next: s.next, questDone: s.questDone, harborNext: s.harborNext}
	for _, a := range s.shared {
		if a.player != none {
			p.shared[p.nShared] = a
			p.nShared++
		}
	}
	for _, f := range s.follow {
		if f.slot != none {
			p.follow[p.nFollow] = f
			p.nFollow++
		}
	}
	p.nStack = uint8(copy(p.stack[:], s.stack[:s.sp]))
	for sp := s.freshPiles.next(0); sp >= 0; sp = s.freshPiles.next(sp + 1) {
		p.placing[p.nPlacing] = uint8(sp)
		p.nPlacing++
	}
	return p
}

// frames returns the stack, bottom first.
func (p *Progress) frames() []frame { return p.stack[:p.nStack] }

// progressTokenVersion is the version of the token's format, written before
// the dot. A change to the engine's fields gets a new number: version 2
// added the spaces of a placement under way.
const progressTokenVersion = "v2."

// progressMaxRaw is the largest token before base64: four bytes of fields,
// then each list with its length first.
const progressMaxRaw = 4 + 1 + 2*4 + 1 + 3*4 + 1 + 8*stackSize + 1 + MaxSpaces

// progressTokenMax is the length of the longest token: the version, then
// progressMaxRaw bytes in unpadded base64 (a test checks the sum).
const progressTokenMax = len(progressTokenVersion) + (progressMaxRaw*8+5)/6

// AppendText appends the token of p to b (it implements
// encoding.TextAppender and never fails).
func (p Progress) AppendText(b []byte) ([]byte, error) {
	var raw [progressMaxRaw]byte
	n := p.appendRaw(raw[:0])
	b = append(b, progressTokenVersion...)
	return base64.RawURLEncoding.AppendEncode(b, n), nil
}

func (p *Progress) appendRaw(b []byte) []byte {
	b = append(b, byte(p.phase), byte(p.next), b2u8(p.questDone), p.harborNext, p.nShared)
	for _, a := range p.shared[:p.nShared] {
		b = append(b, a.space, a.player)
	}
	b = append(b, p.nFollow)
	for _, f := range p.follow[:p.nFollow] {
		b = append(b, f.slot, f.player, f.from)
	}
	b = append(b, p.nStack)
	for _, f := range p.stack[:p.nStack] {
		b = append(b, byte(f.kind), f.p, f.pc, f.i, f.a, f.b, byte(f.prog), byte(f.prog>>8))
	}
	b = append(b, p.nPlacing)
	return append(b, p.placing[:p.nPlacing]...)
}

func b2u8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// MarshalText returns the token of p (see Progress).
func (p Progress) MarshalText() ([]byte, error) { return p.AppendText(nil) }

// String returns the token of p.
func (p Progress) String() string {
	b, _ := p.AppendText(nil)
	return string(b)
}

// UnmarshalText reads a token written by MarshalText. A token of another
// version, longer than the longest token MarshalText writes, not base64url, of the wrong
// length, or with a field out of range (a phase, seat, space or frame kind
// that cannot exist in any game) is a *DecodeError; p is then unchanged.
// Whether the fields fit a particular game is checked where the token is
// used (DecodeView, Determinize).
func (p *Progress) UnmarshalText(text []byte) error {
	bad := func(format string, args ...any) error {
		return &DecodeError{What: "progress token", Detail: fmt.Sprintf(format, args...)}
	}
	if len(text) > progressTokenMax {
		return bad("%d bytes; a token has at most %d", len(text), progressTokenMax)
	}
	s := string(text)
	if !strings.HasPrefix(s, progressTokenVersion) {
		v, _, ok := strings.Cut(s, ".")
		if !ok || v == "" {
			return bad("no version (a token starts %q)", progressTokenVersion)
		}
		return bad("version %q; this package reads version %q", shorten(v), strings.TrimSuffix(progressTokenVersion, "."))
	}
	for _, c := range text[len(progressTokenVersion):] {
		// The decoder below would skip line breaks.
		if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return bad("%q is not a base64url character", rune(c))
		}
	}
	var buf [progressMaxRaw + 3]byte
	// Strict: the unused bits of the last character are zero, so that a
	// value has exactly one token.
	raw, err := base64.RawURLEncoding.Strict().AppendDecode(buf[:0], text[len(progressTokenVersion):])
	if err != nil {
		return bad("not base64url: %v", err)
	}
	var q Progress
	pos := 0
	next := func() (byte, bool) {
		if pos >= len(raw) {
			return 0, false
		}
		pos++
		return raw[pos-1], true
	}
	short := bad("%d bytes of fields is too short", len(raw))
	var head [5]byte
	for i := range head {
		var ok bool
		if head[i], ok = next(); !ok {
			return short
		}
	}
	q.phase, q.next, q.harborNext, q.nShared = phase(head[0]), PlayerID(head[1]), head[3], head[4]
	switch {
	case q.phase > phaseReassign:
		return bad("unknown phase %d", q.phase)
	case q.next >= MaxPlayers:
		return bad("next player %d is no seat", q.next)
	case head[2] > 1:
		return bad("quest-done flag %d is not 0 or 1", head[2])
	case q.nShared > uint8(len(q.shared)):
		return bad("%d shared agents; at most %d", q.nShared, len(q.shared))
	}
	q.questDone = head[2] == 1
	seat := func(b byte) bool { return b < MaxPlayers }
	space := func(b byte) bool { return b < MaxSpaces }
	for i := range q.shared[:q.nShared] {
		sp, ok1 := next()
		pl, ok2 := next()
		if !ok1 || !ok2 {
			return short
		}
		if !space(sp) || !seat(pl) {
			return bad("shared agent %d: space %d, player %d out of range", i, sp, pl)
		}
		q.shared[i] = agentAt{space: sp, player: pl}
	}
	var ok bool
	if q.nFollow, ok = next(); !ok {
		return short
	}
	if q.nFollow > uint8(len(q.follow)) {
		return bad("%d agents to reassign; at most %d", q.nFollow, len(q.follow))
	}
	for i := range q.follow[:q.nFollow] {
		var f [3]byte
		for j := range f {
			if f[j], ok = next(); !ok {
				return short
			}
		}
		if !space(f[0]) || !seat(f[1]) || !space(f[2]) {
			return bad("agent to reassign %d: space %d, player %d, from space %d out of range", i, f[0], f[1], f[2])
		}
		q.follow[i] = follower{slot: f[0], player: f[1], from: f[2]}
	}
	if q.nStack, ok = next(); !ok {
		return short
	}
	if q.nStack > stackSize {
		return bad("%d frames; at most %d", q.nStack, stackSize)
	}
	for i := range q.stack[:q.nStack] {
		var f [8]byte
		for j := range f {
			if f[j], ok = next(); !ok {
				return short
			}
		}
		k := fkind(f[0])
		switch {
		case k == fNone || k > lastFrameKind:
			return bad("frame %d: unknown kind %d", i, k)
		case !seat(f[1]):
			return bad("frame %d: player %d is no seat", i, f[1])
		}
		q.stack[i] = frame{kind: k, p: f[1], pc: f[2], i: f[3], a: f[4], b: f[5], prog: uint16(f[6]) | uint16(f[7])<<8}
	}
	if q.nPlacing, ok = next(); !ok {
		return short
	}
	if q.nPlacing > MaxSpaces {
		return bad("%d spaces of a placement; at most %d", q.nPlacing, MaxSpaces)
	}
	for i := range q.placing[:q.nPlacing] {
		if q.placing[i], ok = next(); !ok {
			return short
		}
		if !space(q.placing[i]) || i > 0 && q.placing[i] <= q.placing[i-1] {
			return bad("space %d of a placement out of range or order", q.placing[i])
		}
	}
	if pos != len(raw) {
		return bad("%d bytes after the fields", len(raw)-pos)
	}
	*p = q
	return nil
}

// inRange reports why p cannot be the progress of a game of content c with
// players seats, or "" when every seat, space and program it names exists.
func (p *Progress) inRange(c *Content, players int) string {
	n := uint8(players)
	switch {
	case uint8(p.next) >= n:
		return fmt.Sprintf("the next player is %s, not a seat of this game (p1 to %s)", p.next, PlayerID(n-1))
	case int(p.harborNext) > 2*len(c.harbor):
		return fmt.Sprintf("Harbor reassignment progress %d beyond %d", p.harborNext, 2*len(c.harbor))
	}
	for _, a := range p.shared[:p.nShared] {
		if int(a.space) >= len(c.spaces) || a.player >= n {
			return fmt.Sprintf("a shared agent of %s on space %d, not a seat and space of this game", PlayerID(a.player), a.space)
		}
	}
	for _, f := range p.follow[:p.nFollow] {
		if int(f.slot) >= len(c.spaces) || int(f.from) >= len(c.spaces) || f.player >= n {
			return fmt.Sprintf("an agent of %s to reassign from space %d after space %d, not a seat and spaces of this game",
				PlayerID(f.player), f.from, f.slot)
		}
	}
	for i, f := range p.stack[:p.nStack] {
		if f.p >= n || int(f.prog) >= len(c.programs) {
			return fmt.Sprintf("frame %d: player %s or effect %d not in this game", i, PlayerID(f.p), f.prog)
		}
	}
	for _, sp := range p.placing[:p.nPlacing] {
		if int(sp) >= len(c.spaces) {
			return fmt.Sprintf("a placement on space %d, not a space of this game", sp)
		}
	}
	return ""
}
