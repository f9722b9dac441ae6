package waterdeep

// The intrigue card that a player has just drawn and may play at once
// (draw_may_play: Deal with the Black Viper, Unexpected Success; Study in
// the Librarium) is in that player's hand, hidden from the others until it
// is played (RULES.md 227). Their views neither name it in the decision nor
// carry it in the progress token: the token's frame holds drawnHidden
// instead, and Determinize samples the card among those the viewer has not
// seen.

// drawnHidden stands, in the progress token of a view of another player,
// for the card just drawn (the raw value of dIntrigue's onlyCard,
// otherwise 1 + the card; frame_kinds.go).
const drawnHidden = 0xFF

// drawnHiddenPurpose is the decision's purpose in those views.
const drawnHiddenPurpose = "you may play the intrigue card just drawn"

// drawnOffer reports whether the decision on top offers the card just
// drawn.
func (s *State) drawnOffer() bool {
	if s.sp == 0 {
		return false
	}
	f := s.top()
	_, ok := f.onlyCard()
	return f.kind == dIntrigue && ok
}

// sampleDrawn gives the frames of a sampled state (Determinize) that
// stand for a card just drawn one of the player's cards the viewer has not
// seen: one that can be played now, chosen at random, if there is one (the
// decision is offered only for such a card); otherwise any, which the
// state's validation then refuses, so that the hands are dealt again.
func (s *State) sampleDrawn() {
	for i := range s.sp {
		f := &s.stack[i]
		if f.kind != dIntrigue || !f.hidesOnlyCard() {
			continue
		}
		hidden := s.players[f.p].hand.andNot(s.knownHand)
		playable, n := set128{}, 0
		for c := hidden.next(0); c >= 0; c = hidden.next(c + 1) {
			if s.cardPlayable(f.p, uint8(c), 0, noStanding) {
				playable.add(uint8(c))
				n++
			}
		}
		if n == 0 {
			playable, n = hidden, hidden.len()
		}
		if n == 0 {
			return // no card to stand for it: refused by validation
		}
		k := intn(&s.rng, n)
		for c := playable.next(0); c >= 0; c = playable.next(c + 1) {
			if k == 0 {
				f.setOnlyCard(uint8(c))
				break
			}
			k--
		}
	}
}
