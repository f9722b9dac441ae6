package waterdeep

import (
	"iter"
	"math/bits"
)

// Seat is what one seat holds, read in one call: the values that the
// State's per-seat getters (Score, Gold, Tavern, Agents, Lord, Buildings,
// Corruption, Hand, ActiveQuests, CompletedQuests, MandatoryQuests) return
// one by one.
//
// It exists for code that reads many seats of many states, a bot's
// evaluation above all. Each of those getters has a value receiver, as the
// design asks of State's methods, and so copies the whole State (about
// 2 KB) on every call, and the getters that return lists allocate them.
// State.Seat takes a pointer, as AppendMoves does, copies only the seat, and
// allocates nothing; its sets are iterated without allocating either.
type Seat struct {
	// Score is the seat's VP, Gold its gold.
	Score, Gold int
	// Tavern is the adventurers held, indexed by Adventurer.
	Tavern [NumAdventurers]int
	// Agents is the agents owned (the Lieutenant included), Pool those not
	// yet assigned this round.
	Agents, Pool int
	// Lord is the seat's Lord card: secret, like State.Lord.
	Lord LordID
	// Buildings is the number of building tiles controlled.
	Buildings int
	// Corruption is the corruption tokens in the seat's tavern (Skullport).
	Corruption int
	// Hand is the intrigue cards held: secret, like State.Hand.
	Hand IntrigueSet
	// Active is the quests not completed yet; Completed those completed.
	Active, Completed QuestSet
	// Mandatory is the mandatory quest cards played on the seat and not
	// completed yet.
	Mandatory IntrigueSet
}

// Seat returns what seat p holds; a PlayerID not at the table holds
// nothing. It only reads *s: it takes a pointer so that it copies no State.
// Its reference is seatRef, the per-seat getters.
func (s *State) Seat(p PlayerID) Seat {
	ps := s.player(p)
	out := Seat{
		Score: int(ps.score), Gold: int(ps.gold),
		Agents: int(ps.agents), Pool: int(ps.pool),
		Lord: LordID(ps.lord), Buildings: int(ps.buildings), Corruption: int(ps.corrupt),
		Hand: IntrigueSet{ps.hand}, Active: QuestSet{ps.active}, Completed: QuestSet{ps.completed},
		Mandatory: IntrigueSet{ps.mandatory},
	}
	for i, n := range ps.tavern {
		out.Tavern[i] = int(n)
	}
	return out
}

// QuestSet is a set of quest instances, such as a Seat's active quests.
// The zero QuestSet is empty.
type QuestSet struct{ s set128 }

// Has reports whether q is in the set.
func (qs QuestSet) Has(q QuestID) bool { return qs.s.has(uint8(q)) }

// Len returns the number of quests in the set.
func (qs QuestSet) Len() int { return qs.s.len() }

// All yields the set's quests in ascending order, the order of
// State.ActiveQuests.
func (qs QuestSet) All() iter.Seq[QuestID] { return members[QuestID](qs.s) }

// IntrigueSet is a set of intrigue card instances, such as a Seat's hand.
// The zero IntrigueSet is empty.
type IntrigueSet struct{ s set128 }

// Has reports whether i is in the set.
func (is IntrigueSet) Has(i IntrigueID) bool { return is.s.has(uint8(i)) }

// Len returns the number of cards in the set.
func (is IntrigueSet) Len() int { return is.s.len() }

// All yields the set's cards in ascending order, the order of State.Hand.
func (is IntrigueSet) All() iter.Seq[IntrigueID] { return members[IntrigueID](is.s) }

// members yields the members of s in ascending order, as ids of type T.
func members[T QuestID | IntrigueID](s set128) iter.Seq[T] {
	return func(yield func(T) bool) {
		for i, w := range [2]uint64{s.lo, s.hi} {
			for ; w != 0; w &= w - 1 {
				if !yield(T(64*i + bits.TrailingZeros64(w))) {
					return
				}
			}
		}
	}
}
