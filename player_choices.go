package waterdeep

import "github.com/waterdeep-go/waterdeep/content"

// Choosing an opponent for an effect (a gift, a mandatory quest, a theft,
// a betrayal, blackmail): targetReason judges one player, targetChoices
// lists them.

// targetChoices returns the players that answer the dPlayer f, on top.
func (s *State) targetChoices(f *frame) set128 {
	var legal set128
	for o := range s.numPlayers {
		if s.targetReason(f, o) == 0 {
			legal.add(o)
		}
	}
	return legal
}

// targetReason checks an opponent against the dPlayer on top.
func (s *State) targetReason(f *frame, o uint8) Reason {
	if o >= s.numPlayers || o == f.p {
		return NoSuchPlayer
	}
	if s.lordsShown != 0 && s.lordShown(o) && playerPurpose(f.a) != targetGift {
		return NoSuchPlayer // Open Lord
	}
	if playerPurpose(f.a) == targetSteal && s.players[o].cubesOf(stealAllowed(f.i)) == 0 {
		return NoSuchPlayer
	}
	if playerPurpose(f.a) == targetFoist && s.players[o].corrupt == 0 {
		// Foist Responsibility: "an opponent who has at least 1 corruption".
		return NoSuchPlayer
	}
	return 0
}

func (s *State) anyOpponentWithCubes(p uint8, kinds content.AdventurerSet) bool {
	for o := range s.numPlayers {
		if o != p && !s.lordShown(o) && s.players[o].cubesOf(kinds) > 0 {
			return true
		}
	}
	return false
}

func (ps *playerState) cubes() int {
	return int(ps.tavern[0]) + int(ps.tavern[1]) + int(ps.tavern[2]) + int(ps.tavern[3])
}
