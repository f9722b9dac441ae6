package content

import (
	"encoding/json"
	"fmt"
)

// MarshalJSON writes the step in the YAML vocabulary's own names, as one
// object with exactly one key, so that a client in any language can render
// effects from data: {"gain":{"vp":4,"wizard":1}}, {"special":"return_agent"},
// {"choose":{"count":2,"from":["cleric","wizard"]}} ("from" is omitted when
// any kind will do). A Program is a JSON array of steps.
func (st Step) MarshalJSON() ([]byte, error) {
	type choice struct {
		Count int      `json:"count"`
		From  []string `json:"from,omitempty"`
	}
	from := func(s AdventurerSet) []string {
		if s&AllAdventurers == AllAdventurers {
			return nil
		}
		var out []string
		for a := range Adventurer(NumAdventurers) {
			if s.Has(a) {
				out = append(out, a.String())
			}
		}
		return out
	}
	var key string
	var v any
	switch st.Kind {
	case StepGain:
		key, v = "gain", st.Bundle
	case StepPay:
		key, v = "pay", st.Bundle
	case StepChoose:
		key, v = "choose", choice{st.Count, from(st.From)}
	case StepChooseOne:
		key, v = "choose_one", st.Options
	case StepReturn:
		key, v = "return", choice{st.Count, from(st.From)}
	case StepTakeQuest:
		key, v = "take_quest", st.Count
	case StepDrawQuest:
		key, v = "draw_quest", st.Count
	case StepEachOpponentLoses:
		key, v = "each_opponent_loses", struct {
			Lose      Bundle  `json:"lose"`
			Otherwise *Bundle `json:"otherwise,omitempty"`
		}{st.Bundle, nonZero(st.Else)}
	case StepGift:
		key, v = "gift", st.Bundle
	case StepEachOpponentMayGive:
		key, v = "each_opponent_may_give", struct {
			Give  Bundle `json:"give"`
			Score int    `json:"score"`
		}{st.Bundle, st.Else.VP}
	case StepEachOpponentChooses:
		key, v = "each_opponent_chooses", st.Count
	case StepSteal:
		key, v = "steal", st.Count
		if st.From&AllAdventurers != AllAdventurers {
			key, v = "steal_kinds", choice{st.Count, from(st.From)}
		}
	case StepVPPerBuilding:
		key, v = "vp_per_building", st.Count
	case StepGoldPerBuilding:
		key, v = "gold_per_building", st.Count
	case StepTakeQuestMayComplete:
		key, v = "take_quest_may_complete", struct {
			BonusVP int `json:"bonus_vp"`
		}{st.Bundle.VP}
	case StepFreeBuilding:
		key, v = "free_building", st.Source
	case StepChangeOfPlans:
		key, v = "change_of_plans", struct {
			VP         int `json:"vp"`
			OpponentVP int `json:"opponent_vp"`
		}{st.Bundle.VP, st.Else.VP}
	case StepSpecial:
		key, v = "special", st.Special.String()
	case StepGainCorruption:
		key, v = "gain_corruption", st.Count
	case StepReturnCorruption:
		key, v = "return_corruption", st.Count
	case StepRemoveCorruption:
		key, v = "remove_corruption", st.Count
	case StepReturnCorruptionUpTo:
		key, v = "return_corruption_up_to", st.Count
	case StepRemoveCorruptionUpTo:
		key, v = "remove_corruption_up_to", st.Count
	case StepPlace:
		key, v = "place", struct {
			Each       *Bundle `json:"each,omitempty"`
			Corruption int     `json:"corruption,omitempty"`
			Spaces     int     `json:"spaces"`
		}{nonZero(st.Bundle), st.Corruption, st.Count}
	case StepEachOpponentMay:
		key, v = "each_opponent_may", struct {
			Pay              *Bundle `json:"pay,omitempty"`
			Gain             *Bundle `json:"gain,omitempty"`
			GainCorruption   int     `json:"gain_corruption,omitempty"`
			ReturnCorruption int     `json:"return_corruption,omitempty"`
		}{nonZero(st.Else), nonZero(st.Bundle), st.Count, st.Corruption}
	case StepEachOpponentReturns:
		key, v = "each_opponent_returns", st.Count
	case StepMoreCorruptGainCorruption:
		key, v = "more_corrupt_opponents_gain_corruption", st.Count
	case StepVPIfLeastCorrupt:
		key, v = "vp_if_least_corrupt", st.Bundle.VP
	case StepRemoveTrackCorruption:
		key, v = "remove_track_corruption", st.Count
	case StepGiveOwner:
		key, v = "give_owner", st.Count
	case StepStealGoldSeeLord:
		key, v = "steal_gold_see_lord", st.Count
	case StepMayTrade:
		key, v = "may_trade", struct {
			Pay  Bundle `json:"pay"`
			Gain Bundle `json:"gain"`
		}{st.Bundle, st.Else}
	case StepTakeAllQuests:
		key, v = "take_all_quests", true
	case StepEachOpponentGains:
		key, v = "each_opponent_gains", st.Bundle
	case StepDrawMayPlay:
		key, v = "draw_may_play", st.Count
	case StepDiscardQuest:
		key, v = "discard_quest", st.Count
	case StepDiscardIntrigue:
		key, v = "discard_intrigue", st.Count
	case StepPlaceOwn:
		key, v = "place_own", st.Count
	case StepBetray:
		key, v = "betray", st.Bundle
	default:
		return nil, fmt.Errorf("waterdeep: content: step of unknown kind %d", st.Kind)
	}
	return json.Marshal(map[string]any{key: v})
}

func nonZero(b Bundle) *Bundle {
	if b.IsZero() {
		return nil
	}
	return &b
}
