package main

import (
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/waterdeep-go/waterdeep"
)

// This file is the one place where the server turns the engine's ids
// into what a person reads: each event of a payload carries, beside the
// library's "text" ("p4 target p3", "p2 place cliffwatch-inn/1"), a
// "human" sentence with display names ("p4 chooses p3", "p2 sends an
// agent to Cliffwatch Inn 1"), which is all the page shows.
//
// The library is gaining a human text form of its own (Content.HumanEvent
// and HumanAction, which also know the decision an answer was given to:
// "p5 declines to give 1 cleric to p2"). When it lands, humanEvent becomes
// a call to it and the rest of this file goes.

// humanEvent returns event e in words, with display names, as viewer may
// see it.
func humanEvent(c *waterdeep.Content, e waterdeep.Event, viewer waterdeep.PlayerID) string {
	e = e.For(viewer)
	switch e.Kind {
	case waterdeep.EvAction:
		return humanAction(c, e.Move.Action(e.Player))
	case waterdeep.EvAutoAnswer:
		return humanAction(c, e.Move.Action(e.Player)) + " (the only choice)"
	}
	return displayNames(c, c.FormatEvent(e, viewer))
}

// humanAction returns an action as a sentence with display names.
func humanAction(c *waterdeep.Content, a waterdeep.Action) string {
	if a == nil {
		return ""
	}
	n := namesOf(c)
	p := a.Actor().String()
	switch a := a.(type) {
	case waterdeep.PlaceAgent:
		return p + " sends an agent to " + n.of(c.SpaceName(a.Space))
	case waterdeep.ChooseSpace:
		return p + " chooses " + n.of(c.SpaceName(a.Space))
	case waterdeep.CompleteQuest:
		return p + " completes " + n.of(c.QuestName(a.Quest))
	case waterdeep.DiscardQuest:
		return p + " discards " + n.of(c.QuestName(a.Quest))
	case waterdeep.CompleteMandatory:
		return p + " completes the mandatory quest " + n.of(c.IntrigueName(a.Card))
	case waterdeep.DiscardMandatory:
		return p + " discards the mandatory quest " + n.of(c.IntrigueName(a.Card))
	case waterdeep.DiscardIntrigue:
		return p + " discards " + n.of(c.IntrigueName(a.Card)) + " from their hand"
	case waterdeep.TakeQuest:
		return p + " takes " + n.of(c.QuestName(a.Quest))
	case waterdeep.ChooseBuilding:
		return p + " chooses " + n.of(c.BuildingName(a.Building))
	case waterdeep.PlayIntrigue:
		return p + " plays " + n.of(c.IntrigueName(a.Card))
	case waterdeep.ChooseResources:
		return p + " picks " + a.Pick.String()
	case waterdeep.Respond:
		if a.Accept {
			return p + " accepts"
		}
		return p + " refuses"
	case waterdeep.Decline:
		return p + " declines"
	case waterdeep.ChoosePlayer:
		return p + " chooses " + a.Target.String()
	case waterdeep.ChooseQuestType:
		return p + " chooses the quest type " + a.Type.String()
	}
	return displayNames(c, c.FormatAction(a))
}

// idWord matches what may be an id in the library's text: a quest, card,
// tile or lord ("crime-wave#2", "the-zoarstar") or a space
// ("cliffwatch-inn/1").
var idWord = regexp.MustCompile(`[a-z0-9][a-z0-9'-]*[a-z0-9](?:#\d+|/\d+)?`)

// displayNames replaces the ids in a text with display names.
func displayNames(c *waterdeep.Content, text string) string {
	n := namesOf(c)
	return idWord.ReplaceAllStringFunc(text, n.of)
}

// names maps the ids of one Content to display names.
type names map[string]string

// of returns the display name of an id, or the word itself.
func (n names) of(id string) string {
	if s, ok := n[id]; ok {
		return s
	}
	return id
}

var namesCache sync.Map // *waterdeep.Content -> names

// namesOf returns the display names of c's ids, built once per Content
// from its catalog.
func namesOf(c *waterdeep.Content) names {
	if n, ok := namesCache.Load(c); ok {
		return n.(names)
	}
	cat := c.Catalog()
	n := names{}
	for _, q := range cat.Quests {
		for _, id := range append([]string{q.ID}, q.Instances...) {
			n[id] = q.Name
		}
	}
	for _, k := range cat.Intrigue {
		for _, id := range append([]string{k.ID}, k.Instances...) {
			n[id] = k.Name
		}
	}
	for _, b := range cat.Buildings {
		for _, id := range append([]string{b.ID}, b.Instances...) {
			n[id] = b.Name
		}
	}
	for _, l := range cat.Lords {
		n[l.ID] = l.Name
	}
	for _, s := range cat.Spaces {
		name := s.Building
		if i := strings.LastIndexByte(s.ID, '/'); i >= 0 {
			if _, err := strconv.Atoi(s.ID[i+1:]); err == nil {
				name += " " + s.ID[i+1:]
			}
		}
		if _, ok := n[s.ID]; !ok {
			n[s.ID] = name
		}
	}
	namesCache.Store(c, n)
	return n
}
