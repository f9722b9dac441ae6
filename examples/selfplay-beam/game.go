package main

import (
	"fmt"
	"slices"

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
// named in snake case, lists as Parquet LIST columns.
type Row struct {
	// Run names the pipeline run (Options.RunID); Seed is the run's
	// tournament seed, GameSeed the game's own (bots.GameSeed(Seed, Game)).
	Run      string
	Seed     uint64
	Game     int64
	GameSeed uint64
	// Step is the index of the action in the game's record, Seat the
	// deciding seat (0 for p1), Bot its bot.
	Step int32
	Seat int32
	Bot  string
	// The observation, observe.Encoder.Encode of the seat's view before
	// the action (observe/LAYOUT.md gives its layout), stored sparsely:
	// ObservationSize floats, all 0 but those at ObservationIndex
	// (ascending), whose values are ObservationValue.
	ObservationSize  int32
	ObservationIndex []int32
	ObservationValue []float32
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

// Dense returns the row's observation as the dense vector the encoder
// wrote, into dst (grown as needed).
func (r *Row) Dense(dst []float32) []float32 {
	dst = append(dst[:0], make([]float32, r.ObservationSize)...)
	for k, i := range r.ObservationIndex {
		dst[i] = r.ObservationValue[k]
	}
	return dst
}

// Clone returns a copy of the row that owns its slices.
func (r Row) Clone() Row {
	r.ObservationIndex = slices.Clone(r.ObservationIndex)
	r.ObservationValue = slices.Clone(r.ObservationValue)
	r.Legal = slices.Clone(r.Legal)
	r.Scores = slices.Clone(r.Scores)
	r.Shares = slices.Clone(r.Shares)
	return r
}

// RunInfo is what every row of a run carries besides the game's own
// columns.
type RunInfo struct {
	Run  string
	Seed uint64
}

// analyse replays a game's record and returns its stats and, when rows
// is not nil, calls it with every training row in order. The row's slices
// are reused from one call to the next: rows copies what it keeps (the
// Parquet writer copies into its column builders). The replay checks that
// the record reproduces the result the runner reported.
func analyse(r bots.GameResult, enc *observe.Encoder, run RunInfo, rows func(Row) error) (GameStats, error) {
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
	var obs []float32
	var row Row
	if rows != nil {
		obs = make([]float32, enc.Size())
		row = Row{Run: run.Run, Seed: run.Seed, Game: int64(r.Game), GameSeed: r.Seed, ObservationSize: int32(enc.Size()),
			Scores: make([]int32, n), Shares: make([]float64, n)}
	}
	for i, a := range r.Record.Actions {
		if rows != nil {
			p := a.Actor()
			v := s.View(p)
			row.Step, row.Seat, row.Bot, row.Move = int32(i), int32(p), r.Bots[p], int32(waterdeep.EncodeMove(a))
			if obs, err = enc.Encode(obs, v); err != nil {
				return st, err
			}
			row.ObservationIndex, row.ObservationValue = row.ObservationIndex[:0], row.ObservationValue[:0]
			for j, x := range obs {
				if x != 0 {
					row.ObservationIndex = append(row.ObservationIndex, int32(j))
					row.ObservationValue = append(row.ObservationValue, x)
				}
			}
			legal = observe.AppendLegal(legal[:0], v)
			row.Legal = row.Legal[:0]
			for _, m := range legal {
				row.Legal = append(row.Legal, int32(m))
			}
			for k := range n {
				q := (int(p) + k) % n
				row.Scores[k] = int32(r.Scores[q])
				row.Shares[k] = r.Shares[q]
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
