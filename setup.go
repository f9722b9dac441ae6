package waterdeep

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/waterdeep-go/waterdeep/content"
)

// Setting up a game (rulebook, "Setup"): New deals the decks, the lords,
// the face-up quests and the tiles for sale, gives each player their
// agents, gold and intrigue cards, and starts the first round. In a game
// with both modules it first removes the base game's cards at random.

// New starts a game: the setup of the rulebook, then the first round up to
// the first decision.
func New(cfg Config) (State, error) {
	c := cfg.Content
	if c == nil {
		c = BaseContent()
		if cfg.Modules != 0 {
			c = FullContent()
		}
	}
	if err := checkConfig(&cfg, c); err != nil {
		return State{}, err
	}
	n := uint8(cfg.Players)
	s := State{c: c, rng: newRNG(cfg.Seed), numPlayers: n, modules: cfg.Modules, long: cfg.Long, round: 1, ambHolder: none, ambSpace: none}
	var d Deal
	if cfg.Deal != nil {
		d = *cfg.Deal
	}
	if err := s.removeBaseCards(&d); err != nil {
		return State{}, err
	}
	dl := &c.dealt[s.modules]
	if len(dl.quests)-s.questBox.len() < 2*cfg.Players+4 || len(dl.intrigue)-s.intrigueBox.len() < 2*cfg.Players ||
		len(dl.tiles)-(set128{lo: s.tileBox}).len() < 3 || len(dl.lords) < cfg.Players {
		return State{}, &ConfigError{Field: "Content", Detail: "too few cards or tiles for this many players"}
	}
	for i := range s.supply {
		s.supply[i] = 25
	}
	if s.modules.Has(Skullport) {
		s.setupTrack()
	}
	for i := range s.shared {
		s.shared[i] = agentAt{none, none}
	}
	for i := range s.follow {
		s.follow[i] = follower{none, none, none}
	}

	var lordsDeck [MaxLords]uint8
	nl, err := stack(&s, lordsDeck[:], len(c.lords), dl.lords, set128{}, 0, set128{}, ids(d.Lords), "Deal.Lords")
	if err != nil {
		return State{}, err
	}
	s.questDeckLen, err = stack(&s, s.questDeck[:], len(c.quests), dl.quests, dl.questSet, dl.questHead, s.questBox, ids(d.Quests), "Deal.Quests")
	if err != nil {
		return State{}, err
	}
	s.intrigueDeckLen, err = stack(&s, s.intrigueDeck[:], len(c.intrigue), dl.intrigue, dl.intrigueSet, dl.intrigueHead, s.intrigueBox, ids(d.Intrigue), "Deal.Intrigue")
	if err != nil {
		return State{}, err
	}
	s.tileStackLen, err = stack(&s, s.tileStack[:], len(c.tiles), dl.tiles, dl.tileSet, dl.tileHead, set128{lo: s.tileBox}, ids(d.Buildings), "Deal.Buildings")
	if err != nil {
		return State{}, err
	}

	for p := range n {
		ps := &s.players[p]
		nl--
		ps.lord = lordsDeck[nl]
		ps.agents = agentsFor(n, s.long)
		ps.pool = ps.agents
		// "The starting player gets 4 Gold. The player to his or her left
		// gets 5 Gold, and so on."
		ps.gold = 4 + int32(p)
	}
	for p := range n {
		for range 2 {
			s.players[p].active.add(s.drawQuest())
		}
	}
	for i := range s.cliffwatch {
		s.cliffwatch[i] = s.drawQuest()
	}
	for p := range n {
		for range 2 {
			s.drawIntrigue(p)
		}
	}
	for i := range s.forSale {
		s.tileStackLen--
		s.forSale[i] = s.tileStack[s.tileStackLen]
	}
	s.startRound()
	s.run()
	return s, nil
}

func ids[T ~uint8](xs []T) []uint8 {
	out := make([]uint8, len(xs))
	for i, x := range xs {
		out[i] = uint8(x)
	}
	return out
}

// stack fills deck (top at the end) with the instances of list (of count
// in the content, in instance order; members holds them too, where box may
// be nonempty, and box holds none of list[head:]) that are not in box: the
// fixed ones on top in the order given, the rest shuffled below them.
func stack(s *State, deck []uint8, count int, list []uint8, members set128, head int, box set128, fixed []uint8, field string) (uint8, error) {
	var seen [256]bool
	for _, f := range fixed {
		if int(f) >= count || seen[f] {
			return 0, &ConfigError{Field: field, Detail: fmt.Sprintf("%d is out of range or listed twice", f)}
		}
		seen[f] = true
	}
	rest := deck[:0]
	switch {
	case len(fixed) == 0 && box.empty():
		// The usual deal (nothing fixed or removed): every instance.
		rest = append(rest, list...)
	case len(fixed) == 0:
		// A game with both modules: every instance not removed, in
		// instance order (the order of list). Up to the last base game
		// instance a word of the set at a time; the modules' instances
		// after it, never removed, are copied as listed.
		n := 0
		if head < len(list) {
			members = members.and(allSpaces(int(list[head]))) // those before list[head]
		}
		for i, w := range [2]uint64{members.lo &^ box.lo, members.hi &^ box.hi} {
			for ; w != 0; w &= w - 1 {
				deck[n] = uint8(i<<6 | bits.TrailingZeros64(w))
				n++
			}
		}
		n += copy(deck[n:], list[head:])
		rest = deck[:n]
	default:
		for _, i := range list {
			if seen[i] {
				seen[i] = false // in the game
			} else if !box.has(i) {
				rest = append(rest, i)
			}
		}
	}
	for _, f := range fixed {
		if seen[f] {
			return 0, &ConfigError{Field: field, Detail: fmt.Sprintf("%d is not in this game (another module's, or removed)", f)}
		}
	}
	shuffle(&s.rng, rest)
	// Fixed cards go on top: the first listed is the last element.
	n := len(rest)
	for i := range fixed {
		deck[n+len(fixed)-1-i] = fixed[i]
	}
	return uint8(n + len(fixed)), nil
}

// Choosing the game: players, modules and the long game (rules summary,
// "Scoundrels of Skullport"), the agents each player starts with, and the
// base game's cards removed when both modules are played.

// The cards and tiles of the base game removed at random before setup in a
// game with both modules: "before setup, randomly remove 25 intrigue cards,
// 30 quest cards, and 12 building tiles from the base game components".
const (
	removedQuests    = 30
	removedIntrigue  = 25
	removedBuildings = 12
)

// removeBaseCards removes, in a game with both modules, the base game's
// cards and tiles before setup: those d lists, then others at random
// (never one d puts on top of a deck). The removed are hidden information.
func (s *State) removeBaseCards(d *Deal) error {
	if s.modules != content.AllModules {
		if len(d.RemovedQuests)+len(d.RemovedIntrigue)+len(d.RemovedBuildings) > 0 {
			return &ConfigError{Field: "Deal.RemovedQuests", Detail: "only a game with both modules removes base game cards"}
		}
		return nil
	}
	// The base game's instances, in instance order, are the lists a game
	// without modules deals.
	base := &s.c.dealt[0]
	var err error
	s.questBox, err = s.removeBase(removedQuests, ids(d.RemovedQuests), ids(d.Quests), base.quests, "Deal.RemovedQuests")
	if err != nil {
		return err
	}
	s.intrigueBox, err = s.removeBase(removedIntrigue, ids(d.RemovedIntrigue), ids(d.Intrigue), base.intrigue, "Deal.RemovedIntrigue")
	if err != nil {
		return err
	}
	tiles, err := s.removeBase(removedBuildings, ids(d.RemovedBuildings), ids(d.Buildings), base.tiles, "Deal.RemovedBuildings")
	s.tileBox = tiles.lo // at most MaxBuildings = 64 tiles
	return err
}

// removeBase draws want of the base game's instances base (in instance
// order): those listed first, then others at random, never one of fixed.
func (s *State) removeBase(want int, listed, fixed, base []uint8, field string) (set128, error) {
	var out set128
	var isFixed [256]bool
	for _, f := range fixed {
		isFixed[f] = true
	}
	if len(listed) > want {
		return out, &ConfigError{Field: field, Detail: fmt.Sprintf("%d listed; %d are removed", len(listed), want)}
	}
	for _, x := range listed {
		if !slices.Contains(base, x) || out.has(x) || isFixed[x] {
			return out, &ConfigError{Field: field, Detail: fmt.Sprintf("%d is not a base game card, is listed twice, or is dealt on top", x)}
		}
		out.add(x)
	}
	var buf [256]uint8
	rest := buf[:0]
	if len(listed) == 0 && len(fixed) == 0 {
		rest = append(rest, base...) // the usual deal: any may go
	} else {
		for _, i := range base {
			if !out.has(i) && !isFixed[i] {
				rest = append(rest, i)
			}
		}
	}
	shuffle(&s.rng, rest)
	for _, x := range rest[:min(len(rest), want-len(listed))] {
		out.add(x)
	}
	return out, nil
}

// RemovedCounts returns how many of the base game's quests, intrigue cards
// and tiles were removed before setup (a game with both modules); which
// ones is hidden.
func (s State) RemovedCounts() (quests, intrigue, buildings int) {
	return s.questBox.len(), s.intrigueBox.len(), set128{lo: s.tileBox}.len()
}
