package waterdeep

import (
	"fmt"
	"slices"

	"github.com/waterdeep-go/waterdeep/content"
)

// checkView checks that the facts of a decoded view agree with each other
// and with the rules' invariants: every card in one place at most, counts
// that add up, hidden things hidden from this viewer.
func checkView(v *View) error {
	c := v.c
	n := v.Players
	var err error
	fail := func(field, format string, args ...any) {
		if err == nil {
			err = viewErr(field, format, args...)
		}
	}
	// Lengths.
	switch {
	case len(v.Seats) != n:
		fail("seats", "%d seats for %d players", len(v.Seats), n)
	case len(v.Cliffwatch) > 4:
		fail("cliffwatch", "%d quests; Cliffwatch Inn has 4", len(v.Cliffwatch))
	case len(v.ForSale) > 3:
		fail("for_sale", "%d buildings; Builder's Hall has 3", len(v.ForSale))
	}
	if err != nil {
		return err
	}

	// The game's progress.
	pr := &v.Progress
	frames := pr.frames()
	if v.Over {
		switch {
		case v.Round != rounds:
			fail("round", "the game is over in round %d", v.Round)
		case v.ToAct != NoPlayer:
			fail("to_act", "the game is over but %s is to act", v.ToAct)
		case v.Decision != noDecision:
			fail("decision", "the game is over but a decision is pending")
		case pr.phase != phaseOver || len(frames) != 0:
			fail("progress", "the game is over but the engine is still resolving")
		}
	} else {
		switch {
		case v.ToAct == NoPlayer:
			fail("to_act", "the game is not over but nobody is to act")
		case v.Decision.Kind == NoDecision:
			fail("decision", "the game is not over but no decision is pending")
		case v.Decision.Player != v.ToAct:
			fail("decision.player", "%s decides but %s is to act", v.Decision.Player, v.ToAct)
		case pr.phase == phaseOver:
			fail("progress", "the game is not over but the engine says it is")
		case len(frames) == 0:
			fail("progress", "the game is not over but the engine resolves nothing")
		}
		if err == nil {
			top := frames[len(frames)-1]
			if !top.kind.isDecision() || top.kind.decisionKind() != v.Decision.Kind || PlayerID(top.p) != v.ToAct {
				fail("progress", "the engine's pending decision is not the view's decision (%s for %s)",
					decisionKindNames[v.Decision.Kind], v.ToAct)
			}
		}
	}
	if len(v.Legal) > 0 && v.Viewer != v.ToAct {
		fail("legal", "legal actions are listed only for the viewer to act")
	}
	var last Move
	for i, a := range v.Legal {
		f := fmt.Sprintf("legal[%d]", i)
		m := EncodeMove(a)
		switch {
		case a.Actor() != v.Viewer:
			fail(f, "an action of %s in %s's view", a.Actor(), v.Viewer)
		case !actionInRange(c, n, a):
			fail(f, "%s names something that does not exist", a)
		case m <= last:
			fail(f, "not in canonical order, or listed twice")
		}
		last = m
	}

	// Spaces: every board space of the game's modules and the spaces of
	// the tiles in play or for sale, each once, in space order.
	onBoard := make([]int, n)
	ambassadors := 0
	var tileSpace [MaxBuildings]int // 1 + index in Spaces
	var listed set128
	for i, sp := range v.Spaces {
		f := fmt.Sprintf("spaces[%d]", i)
		if int(sp.Space) >= len(c.spaces) {
			fail(f+".space", "space %d does not exist", sp.Space)
			return err
		}
		info := &c.spaces[sp.Space]
		switch {
		case i > 0 && sp.Space <= v.Spaces[i-1].Space:
			fail(f+".space", "space %s out of order (spaces are listed each once, in space order)", c.SpaceID(sp.Space))
		case info.module&^v.Modules != 0:
			fail(f+".space", "space %s is on the board of %s, which this game does not play", c.SpaceID(sp.Space), info.module)
		case sp.Tile != (info.tile != none):
			fail(f+".building", "space %s is a building tile's exactly when it is not a board space", c.SpaceID(sp.Space))
		case sp.Tile && c.TileSpace(sp.Building) != sp.Space:
			fail(f+".building", "building %s is not the building of space %s", c.BuildingID(sp.Building), c.SpaceID(sp.Space))
		case !sp.Tile && sp.Stock != 0:
			fail(f+".stock", "only a building tile holds stock")
		case sp.Tile && sp.Owner == NoPlayer && sp.Stock != 0:
			fail(f+".stock", "a building for sale holds no stock")
		case sp.Tile && sp.Owner == NoPlayer && (sp.Placed != (Bundle{}) || sp.PlacedCorruption != 0):
			fail(f+".placed", "nothing is placed on a building for sale")
		case sp.PlacedCorruption != 0 && !v.Modules.Has(Skullport):
			fail(f+".placed.corruption", "only a game with Skullport has corruption")
		}
		listed.add(uint8(sp.Space))
		if sp.Tile {
			tileSpace[sp.Building] = i + 1
		}
		if sp.Ambassador {
			ambassadors++
			if !v.AmbassadorPlaced || v.AmbassadorSpace != sp.Space {
				fail(f+".ambassador", "the Ambassador stands here but ambassador.space says otherwise")
			}
		}
		for _, p := range sp.Agents {
			onBoard[p]++
		}
	}
	for sp, info := range c.spaces {
		if info.tile == none && info.module&^v.Modules == 0 && !listed.has(uint8(sp)) {
			fail("spaces", "board space %s is not listed (every board space of the game is)", c.SpaceID(SpaceID(sp)))
		}
	}
	if v.AmbassadorPlaced && ambassadors != 1 {
		fail("ambassador.space", "the Ambassador is placed but stands on %d spaces", ambassadors)
	}
	switch {
	case v.AmbassadorGone && (v.AmbassadorHolder != NoPlayer || v.AmbassadorPlaced):
		fail("ambassador.gone", "the Ambassador left the game but is held or placed")
	case v.AmbassadorPlaced && v.AmbassadorHolder == NoPlayer:
		fail("ambassador.holder", "the Ambassador is placed but nobody holds it")
	}
	for _, a := range pr.shared[:pr.nShared] {
		j := slices.IndexFunc(v.Spaces, func(sp SpaceView) bool { return sp.Space == SpaceID(a.space) })
		if j < 0 || !slices.Contains(v.Spaces[j].Agents, PlayerID(a.player)) {
			fail("progress", "the engine has a second agent of %s on %s, which the space does not list", PlayerID(a.player), c.SpaceID(SpaceID(a.space)))
		}
	}
	for _, fl := range pr.follow[:pr.nFollow] {
		if !slices.Contains(c.harbor, SpaceID(fl.slot)) {
			fail("progress", "the engine reassigns an agent after %s, whose agents are not reassigned", c.SpaceID(SpaceID(fl.slot)))
		}
	}

	// Seats.
	for i, s := range v.Seats {
		f := fmt.Sprintf("seats[%d]", i)
		switch {
		case s.Pool > s.Agents:
			fail(f+".pool", "%d agents in the pool of %d", s.Pool, s.Agents)
		case s.Pool+onBoard[i] != s.Agents:
			fail(f+".agents", "%d agents: %d in the pool and %d on the board", s.Agents, s.Pool, onBoard[i])
		case s.Seat == v.Viewer && len(s.Hand) != s.HandSize:
			fail(f+".hand", "%d cards for a hand of %d", len(s.Hand), s.HandSize)
		case s.Seat != v.Viewer && len(s.Hand) != 0:
			fail(f+".hand", "p%d's hand is hidden from this viewer", i+1)
		case s.LordKnown != (v.Over || s.LordShown || s.Seat == v.Viewer || v.Viewer < PlayerID(len(v.Seats)) && slices.Contains(v.Seats[v.Viewer].LordsSeen, s.Seat)):
			fail(f+".lord", "p%d's lord is shown exactly to p%d, to those who looked at it and to everyone once the game is over", i+1, i+1)
		case len(s.Buildings) > maxBuildings:
			fail(f+".buildings", "%d buildings; at most %d", len(s.Buildings), maxBuildings)
		case s.Corruption != 0 && !v.Modules.Has(Skullport):
			fail(f+".corruption", "only a game with Skullport has corruption")
		case s.LordKnown && int(s.Lord) < len(c.lords) && c.lords[s.Lord].Module&^v.Modules != 0:
			fail(f+".lord", "lord %s is of %s, which this game does not play", c.lords[s.Lord].ID, c.lords[s.Lord].Module)
		}
		for _, m := range s.Mandatory {
			if !c.mandatory.has(uint8(m)) {
				fail(f+".mandatory", "%s is not a mandatory quest", c.IntrigueID(m))
			}
		}
		for j := range i {
			if s.LordKnown && v.Seats[j].LordKnown && s.Lord == v.Seats[j].Lord {
				fail(f+".lord", "p%d and p%d share a lord", j+1, i+1)
			}
		}
	}
	if err != nil {
		return err
	}

	// Every card and tile in one place at most, and the decks hold the
	// rest.
	var quests, cards set128
	var qcount, icount int
	addQ := func(field string, qs []QuestID) {
		for _, q := range qs {
			if quests.has(uint8(q)) {
				fail(field, "quest %s is in two places", c.QuestID(q))
			}
			if m := c.quests[q].Module; m&^v.Modules != 0 {
				fail(field, "quest %s is of %s, which this game does not play", c.QuestID(q), m)
			}
			quests.add(uint8(q))
			qcount++
		}
	}
	addI := func(field string, is []IntrigueID) {
		for _, i := range is {
			if cards.has(uint8(i)) {
				fail(field, "intrigue card %s is in two places", c.IntrigueID(i))
			}
			if m := c.intrigue[i].Module; m&^v.Modules != 0 {
				fail(field, "intrigue card %s is of %s, which this game does not play", c.IntrigueID(i), m)
			}
			cards.add(uint8(i))
			icount++
		}
	}
	addQ("cliffwatch", v.Cliffwatch)
	addQ("revealed", v.Revealed)
	addQ("quest_discard", v.QuestDiscard)
	addI("intrigue_discard", v.IntrigueDiscard)
	hidden := 0
	for i, s := range v.Seats {
		f := fmt.Sprintf("seats[%d]", i)
		addQ(f+".active", s.Active)
		addQ(f+".completed", s.Completed)
		addI(f+".mandatory", s.Mandatory)
		addI(f+".hand", s.Hand)
		if s.Seat != v.Viewer {
			// Cards handed over face up are seen; the rest is hidden.
			addI(f+".known_hand", s.KnownHand)
			hidden += s.HandSize - len(s.KnownHand)
		} else {
			for _, k := range s.KnownHand {
				if !slices.Contains(s.Hand, k) {
					fail(f+".known_hand", "card %d is not in the hand", k)
				}
			}
		}
	}
	for _, fr := range frames {
		if card, ok := fr.faceUpCard(); ok {
			if int(card) >= c.NumIntrigue() {
				fail("progress", "the engine resolves intrigue card %d, which does not exist", card)
			} else {
				addI("progress", []IntrigueID{IntrigueID(card)})
			}
		}
	}
	if err != nil {
		return err
	}
	// The game's cards: those its modules deal, less those removed before
	// setup.
	dl := &c.dealt[v.Modules&content.AllModules]
	if v.Modules != content.AllModules && v.RemovedQuests+v.RemovedIntrigue+v.RemovedBuildings != 0 {
		fail("removed", "only a game with both modules removes base game cards")
	}
	if qcount+v.QuestDeck+v.RemovedQuests != len(dl.quests) {
		fail("quest_deck", "%d quests in the deck, %d removed and %d in view; the game has %d",
			v.QuestDeck, v.RemovedQuests, qcount, len(dl.quests))
	}
	if icount+hidden+v.IntrigueDeck+v.RemovedIntrigue != len(dl.intrigue) {
		fail("intrigue_deck", "%d intrigue cards in the deck, %d removed, %d in hidden hands and %d in view; the game has %d",
			v.IntrigueDeck, v.RemovedIntrigue, hidden, icount, len(dl.intrigue))
	}
	var tiles [MaxBuildings]bool
	tcount := 0
	addT := func(field string, b BuildingID) {
		if tiles[b] {
			fail(field, "building %s is in two places", c.BuildingID(b))
		}
		if m := c.tiles[b].Module; m&^v.Modules != 0 {
			fail(field, "building %s is of %s, which this game does not play", c.BuildingID(b), m)
		}
		tiles[b] = true
		tcount++
	}
	for i, t := range v.ForSale {
		f := fmt.Sprintf("for_sale[%d]", i)
		addT(f, t.Building)
		if j := tileSpace[t.Building]; j == 0 || v.Spaces[j-1].Owner != NoPlayer {
			fail(f, "building %s is for sale but its space is not listed without an owner", c.BuildingID(t.Building))
		}
	}
	for i, b := range v.Gone {
		addT(fmt.Sprintf("gone[%d]", i), b)
		if tileSpace[b] != 0 {
			fail(fmt.Sprintf("gone[%d]", i), "building %s left the game but its space is listed", c.BuildingID(b))
		}
	}
	for i, s := range v.Seats {
		for j, b := range s.Buildings {
			f := fmt.Sprintf("seats[%d].buildings[%d]", i, j)
			addT(f, b)
			if k := tileSpace[b]; k == 0 || v.Spaces[k-1].Owner != s.Seat {
				fail(f, "p%d owns %s but its space does not say so", i+1, c.BuildingID(b))
			}
		}
	}
	for _, sp := range v.Spaces {
		if sp.Tile && !tiles[sp.Building] {
			fail("spaces", "building %s is listed with owner %v but is neither for sale nor in its owner's buildings", c.BuildingID(sp.Building), sp.Owner)
		}
	}
	if tcount+v.BuildingStack+v.RemovedBuildings != len(dl.tiles) {
		fail("building_stack", "%d buildings in the stack, %d removed and %d in view; the game has %d",
			v.BuildingStack, v.RemovedBuildings, tcount, len(dl.tiles))
	}

	// Corruption: the 25 tokens are on the track, in taverns, on spaces,
	// piled up on tiles or in the box (RULES.md 26-33).
	if v.Modules.Has(Skullport) {
		tokens := v.CorruptionRemoved
		for _, k := range v.Track {
			tokens += k
		}
		for _, sp := range v.Spaces {
			tokens += sp.PlacedCorruption
			if sp.Tile && sp.Owner != NoPlayer && c.tileStock[sp.Building].what == stockCorruption {
				tokens += sp.Stock // piled up on a tile (Monsters Made to Order)
			}
		}
		for _, s := range v.Seats {
			tokens += s.Corruption
		}
		if tokens != corruptionTokens {
			fail("corruption", "%d corruption tokens in the game; there are %d", tokens, corruptionTokens)
		} else if want := trackValue((*[trackSpaces]int)(&v.Track)); v.CorruptionValue != want {
			fail("corruption.value", "%d; the track says a token costs %d", v.CorruptionValue, want)
		}
	} else if v.Track != (CorruptionTrack{}) || v.CorruptionRemoved != 0 || v.CorruptionValue != 0 {
		fail("corruption", "only a game with Skullport has a corruption track")
	}

	// Adventurers: 25 of each kind in the supply, the taverns and the
	// stock of the buildings in play.
	var total [NumAdventurers]int
	for k := range total {
		total[k] = v.Supply[k]
		for _, s := range v.Seats {
			total[k] += s.Tavern[k]
		}
	}
	for _, sp := range v.Spaces {
		if sp.Tile && sp.Owner != NoPlayer {
			if w := c.tileStock[sp.Building].what; w >= stockCleric && w <= stockWizard {
				total[w-stockCleric] += sp.Stock
			}
		}
		for k, n := range sp.Placed.Cubes() {
			total[k] += n
		}
	}
	for k, t := range total {
		car := v.Caravans[k]
		switch {
		case v.Supply[k] > 25:
			fail("supply."+Adventurer(k).String(), "%d %ss in the supply; there are 25 cubes", v.Supply[k], Adventurer(k))
		case car > maxCaravan || car > 0 && (v.Modules == 0 || v.Supply[k] != 0):
			fail("caravans."+Adventurer(k).String(), "caravans stand for adventurers only in a game with a module, at most %d, and once the supply's cubes are gone", maxCaravan)
		case t != 25+car:
			fail("supply."+Adventurer(k).String(), "%d %ss in the game; there are 25 and %d held as caravans", t, Adventurer(k), car)
		}
	}
	return err
}

// actionInRange reports whether an action's operands name things of the
// content and seats of the game.
func actionInRange(c *Content, players int, a Action) bool {
	switch a := a.(type) {
	case PlaceAgent:
		return int(a.Space) < c.NumSpaces()
	case ChooseSpace:
		return int(a.Space) < c.NumSpaces()
	case CompleteQuest:
		return int(a.Quest) < c.NumQuests()
	case TakeQuest:
		return int(a.Quest) < c.NumQuests()
	case DiscardQuest:
		return int(a.Quest) < c.NumQuests()
	case CompleteMandatory:
		return int(a.Card) < c.NumIntrigue()
	case PlayIntrigue:
		return int(a.Card) < c.NumIntrigue()
	case DiscardMandatory:
		return int(a.Card) < c.NumIntrigue()
	case DiscardIntrigue:
		return int(a.Card) < c.NumIntrigue()
	case ChooseBuilding:
		return int(a.Building) < c.NumBuildings()
	case ChoosePlayer:
		return int(a.Target) < players
	}
	return true
}
