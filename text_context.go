package waterdeep

import "strings"

// The context of a question or answer is the card, quest or building
// whose effect asks it, in parentheses: "p5 declines to give 1 cleric to
// p2 for 2 VP (Recruit Spies)". It is given only where it answers why the
// question is asked:
//   - not where the words say it already ("p2 assigns an agent to
//     Waterdeep Harbor (2)", "buy a building in Builder's Hall");
//   - not for the action of the space an agent was just assigned to,
//     which the sentence before says: taking a face-up quest at Cliffwatch
//     Inn, buying a building at Builder's Hall, playing an intrigue card
//     at Waterdeep Harbor or a building like it (the source there may be
//     the card that assigned the agent: Sample Wares), taking what a
//     building gives ("p3 takes 2 wizards", not "... (Skull Island)"),
//     unless it is an owner's benefit or the question is about another
//     player;
//   - a question's place in a series goes with it: "(Promenade of the
//     Dark Maiden, 1 of 2)", not "(1 of 2) (Promenade of the Dark
//     Maiden)".

// Question returns what the decision asks, with its context where that
// answers why it is asked: "take a face-up quest", "return a corruption
// token to the track? (Bribe the Watch, 1 of 2)", "give 1 rogue to p1 for
// 3 VP? (Recruit Spies)". Decision.String is the player and the question.
func (d Decision) Question() string {
	q, _ := splitCount(d.Purpose)
	return q + d.context(q)
}

// context returns " (Source)" for words s that answer d, or "" where the
// context says nothing s does not (see above).
func (d Decision) context(s string) string {
	_, count := splitCount(d.Purpose)
	src := d.Source
	switch {
	case src == "" || strings.Contains(s, src) || strings.Contains(d.Purpose, src):
		src = ""
	case d.Kind == TakeQuestDecision && d.Purpose == "take a face-up quest",
		d.Kind == ChooseBuildingDecision && d.Purpose == "buy a building in Builder's Hall",
		d.Kind == PlayIntrigueDecision && d.Purpose == "play an intrigue card":
		src = "" // the space's own action
	case d.Other == NoPlayer && !strings.HasSuffix(src, " (owner)") && isSpaceName(src):
		// The action of the space the agent was just assigned to, which
		// the sentence before says ("p3 takes 2 wizards", not "p3 takes 2
		// wizards (Skull Island)"); an owner's benefit, or a question
		// about another player, keeps it.
		src = ""
	}
	// An owner's benefit is "(Fetlock Court, owner's benefit)".
	src = strings.Replace(src, " (owner)", ", owner's benefit", 1)
	switch {
	case src != "" && count != "":
		return " (" + src + ", " + count + ")"
	case src != "":
		return " (" + src + ")"
	case count != "":
		return " (" + count + ")"
	}
	return ""
}

// splitCount splits a question's place in a series off its end: "return
// a corruption token? (1 of 2)" is "return a corruption token?" and "1 of
// 2".
func splitCount(s string) (string, string) {
	i := strings.LastIndex(s, " (")
	if i < 0 || !strings.HasSuffix(s, ")") {
		return s, ""
	}
	n := s[i+2 : len(s)-1]
	a, b, ok := strings.Cut(n, " of ")
	if !ok || !isDigits(a) || !isDigits(b) {
		return s, ""
	}
	return s[:i], n
}

// isSpaceName reports whether name is a building's name: a board
// building's or a tile's, of any module.
func isSpaceName(name string) bool {
	ix := FullContent().nameIndex()
	for _, l := range []*nameList{&ix.spaces, &ix.tiles} {
		for _, n := range l.display {
			if n == name || (strings.HasPrefix(n, name) && strings.HasPrefix(n[len(name):], " (")) {
				return true
			}
		}
	}
	return false
}
