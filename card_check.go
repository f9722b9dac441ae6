package waterdeep

import "github.com/waterdeep-go/waterdeep/content"

// cardCheck is what cardPlayable looks at of an intrigue instance's effect:
// its steps up to the last that may be impossible, and, when the first of
// them is a payment, that payment as a need, tested at once rather than by
// the walk's step (the modules' cards that give an opponent something and
// score VP, Bribe Agent, Bribe the Watch: a pay step first).
type cardCheck struct {
	pay   need           // the first step's payment, when pays
	steps []content.Step // the steps the walk looks at: the first walk, but the payment when pays
	walk  uint8          // how many steps the walk looks at (lastConditionalStep+1)
	pays  bool           // the first step is a payment that pay settles
}

// cardCheckOf returns the cardCheck of intrigue effect p. A first step's
// payment is taken as a need only when its amounts are at least 0 and
// below 256: then need's test fails exactly when cardPlayable's test of
// the step would (gold below the amount, a kind short, or fewer
// adventurers left over than it asks of any kind).
func cardCheckOf(p content.Program) cardCheck {
	ck := cardCheck{walk: uint8(lastConditionalStep(p) + 1)}
	ck.steps = p[:ck.walk]
	if ck.walk == 0 || p[0].Kind != content.StepPay {
		return ck
	}
	b := p[0].Bundle
	if min(b.Gold, b.Cleric, b.Fighter, b.Rogue, b.Wizard, b.Any) < 0 ||
		max(b.Gold, b.Cleric, b.Fighter, b.Rogue, b.Wizard, b.Any) > 255 {
		return ck
	}
	ck.pay, ck.pays, ck.steps = needOf(b), true, ck.steps[1:]
	return ck
}

// questBlind reports whether cardPlayable's test of intrigue effect p,
// walking its first walk steps, never looks at the player's active quests:
// each step it checks is a payment, a steal, an attack that needs an
// opponent, or a special step about agents, buildings, corruption or
// mandatory quests. Change of Plans looks at them, and so may a card that
// uses the action of a space (a copy, Sample Wares, Manipulate), which may
// discard a quest. Entry Well gives a quest before its card (see
// canResolveSpace): a hand of such cards is as playable after it as before.
func questBlind(p content.Program, walk uint8) bool {
	for i := range p[:walk] {
		switch st := &p[i]; st.Kind {
		case content.StepChangeOfPlans:
			return false
		case content.StepSpecial:
			switch st.Special {
			case content.ReturnAgent, content.AcceleratePlans, content.Demolish, content.RealEstateDeal,
				content.FoistMandatory, content.StealBuilding, content.MoveCorruption:
			default:
				return false
			}
		}
	}
	return true
}

// gainBlind reports whether cardPlayable's test of intrigue effect p,
// walking its first walk steps, never looks at the player's gold or
// tavern: each step it checks is a steal or an attack (the opponents'
// holdings), Change of Plans (quests), or a special step about agents,
// buildings, corruption or mandatory quests; not a payment, nor a card
// that uses a space's action. The Eye's Lair, Belkram's Tomb and Hall of
// Sleeping Kings give adventurers or gold before their card (see
// canResolveSpace): a hand of such cards is as playable after it as
// before.
func gainBlind(p content.Program, walk uint8) bool {
	for i := range p[:walk] {
		switch st := &p[i]; st.Kind {
		case content.StepPay:
			return false
		case content.StepSpecial:
			switch st.Special {
			case content.ReturnAgent, content.AcceleratePlans, content.FoistMandatory, content.StealBuilding, content.MoveCorruption:
			default:
				return false
			}
		}
	}
	return true
}

// standingBlind reports whether cardPlayable's test of intrigue effect p,
// walking its first walk steps, never looks at the standing of the agent
// that plays it: no step it checks is a special step about the board's
// agents or tiles (a copy, Return Agent, Accelerate Plans, Sample Wares,
// Demolish, Manipulate, Real Estate Deal, Doppelganger), which alone read
// it. Such a card is as playable at one card space as at another (see
// cardSpacesLegal).
func standingBlind(p content.Program, walk uint8) bool {
	for i := range p[:walk] {
		if st := &p[i]; st.Kind == content.StepSpecial {
			switch st.Special {
			case content.FoistMandatory, content.StealBuilding, content.MoveCorruption:
			default:
				return false
			}
		}
	}
	return true
}
