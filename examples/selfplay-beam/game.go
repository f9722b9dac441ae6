package main

import (
	"fmt"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/bots"
	"github.com/waterdeep-go/waterdeep/observe"
)

// GameStats is what the summary counts of one game.
type GameStats struct {
	Game int
	// Entrants, Bots, Scores and Moves are by seat: the entrant (index in
	// Options.Bots) and bot name sitting there, its final score and the
	// actions it chose.
	Entrants []int
	Bots     []string
	Scores   []int
	Moves    []int
	// Winners are the seats that won; Decisions the actions taken.
	Winners   []int
	Decisions int
	// Quests are the ids of the quests completed, Buildings those of the
	// tiles bought, once per completion or purchase.
	Quests, Buildings []string
}

// Row is one training row: one decision of one game, seen by the seat
// that took it. rowSchema is its Parquet schema: the fields in order,
// named in lower case, lists as Parquet LIST columns.
type Row struct {
	// Game is the game's number, Step the index of the action in the
	// game's record, Seat the deciding seat (0 for p1), Bot its bot.
	Game int64
	Step int32
	Seat int32
	Bot  string
	// Observation is observe.Encoder.Encode of the seat's view before the
	// action (observe/LAYOUT.md gives its layout).
	Observation []float32
	// Legal lists the legal moves (waterdeep.Move numbers), the set
	// elements of the legal-move mask of size waterdeep.NumMoves();
	// Move is the move chosen, one of them.
	Legal []int32
	Move  int32
	// Scores and Shares are the game's final scores and win shares (1/k
	// to each of k winners) by seat slot relative to the deciding seat,
	// as in the observation: element 0 is the deciding seat's own.
	Scores []int32
	Shares []float64
}

// analyse replays a game's record and returns its stats and, when rows
// is not nil, calls it with every training row in order. The replay checks
// that the record reproduces the result the runner reported.
func analyse(r bots.GameResult, enc *observe.Encoder, rows func(Row) error) (GameStats, error) {
	st := GameStats{Game: r.Game, Entrants: r.Entrants, Bots: r.Bots, Scores: r.Scores, Moves: r.Moves, Decisions: r.Decisions}
	for _, w := range r.Winners {
		st.Winners = append(st.Winners, int(w))
	}
	c := enc.Content()
	s, err := waterdeep.New(r.Record.Config(c))
	if err != nil {
		return st, err
	}
	n := s.Players()
	var events []waterdeep.Event
	var legal []waterdeep.Move
	for i, a := range r.Record.Actions {
		if rows != nil {
			p := a.Actor()
			v := s.View(p)
			row := Row{Game: int64(r.Game), Step: int32(i), Seat: int32(p), Bot: r.Bots[p], Move: int32(waterdeep.EncodeMove(a))}
			if row.Observation, err = enc.Encode(nil, v); err != nil {
				return st, err
			}
			legal = observe.AppendLegal(legal[:0], v)
			for _, m := range legal {
				row.Legal = append(row.Legal, int32(m))
			}
			for k := range n {
				q := (int(p) + k) % n
				row.Scores = append(row.Scores, int32(r.Scores[q]))
				row.Shares = append(row.Shares, r.Shares[q])
			}
			if err := rows(row); err != nil {
				return st, err
			}
		}
		if s, events, err = s.ApplyEvents(a, events[:0]); err != nil {
			return st, fmt.Errorf("game %d, action %d: %w", r.Game, i, err)
		}
		for _, e := range events {
			switch e.Kind {
			case waterdeep.EvQuestCompleted:
				st.Quests = append(st.Quests, c.Quest(e.Quest).ID)
			case waterdeep.EvBuildingBought:
				st.Buildings = append(st.Buildings, c.Building(e.Building).ID)
			}
		}
	}
	if !s.Over() || fmt.Sprint(s.Scores()) != fmt.Sprint(r.Scores) {
		return st, fmt.Errorf("game %d: the record replays to scores %v, the runner reported %v", r.Game, s.Scores(), r.Scores)
	}
	return st, nil
}
