package main

import (
	"encoding/json"
	"strconv"

	"github.com/waterdeep-go/waterdeep"
)

// logWindow is how many past events a client gets when it connects.
const logWindow = 400

// appendPayload writes what seat may see of the game now (the caller
// holds g.mu): the view, the events numbered from `from` on (each as that
// seat may see it), the seats, and the final scoring once the game is
// over. It is the body of GET .../view, of an action's answer and of
// every push.
//
//	{"game":"…","seat":"p1","index":12,"view":{…},
//	 "events_from":40,"events":[{"kind":…,"text":"p1 gains 2 gold","human":"p1 gains 2 gold"},…],
//	 "seats":[{"seat":"p1","kind":"human","taken":true},…],
//	 "final":[{"seat":"p1","total":97,"play":71,"adventurers":12,…}]}
func appendPayload(dst []byte, g *game, seat waterdeep.PlayerID, from int) ([]byte, error) {
	if from < 0 || from > len(g.events) {
		from = len(g.events)
	}
	if len(g.events)-from > logWindow {
		from = len(g.events) - logWindow
	}
	dst = append(dst, `{"game":`...)
	dst = strconv.AppendQuote(dst, g.setup.ID)
	dst = append(dst, `,"seat":`...)
	dst = appendSeat(dst, seat)
	if g.ended != "" {
		dst = append(dst, `,"ended":`...)
		dst = strconv.AppendQuote(dst, g.ended)
	}
	dst = append(dst, `,"index":`...)
	dst = strconv.AppendInt(dst, int64(g.n), 10)
	dst = append(dst, `,"view":`...)
	var err error
	dst, err = g.state.View(seat).AppendJSON(dst)
	if err != nil {
		return nil, err
	}
	dst = append(dst, `,"events_from":`...)
	dst = strconv.AppendInt(dst, int64(from), 10)
	dst = append(dst, `,"events":[`...)
	c := g.state.Content()
	for i, e := range g.events[from:] {
		if i > 0 {
			dst = append(dst, ',')
		}
		// For hides what this viewer may not see ("p3 draws an
		// intrigue card").
		dst, err = c.AppendEventJSON(dst, e.For(seat))
		if err != nil {
			return nil, err
		}
		// The event in words, with display names (humanform.go), added
		// to the library's object.
		dst = append(dst[:len(dst)-1], `,"human":`...)
		h, _ := json.Marshal(humanEvent(g, from+i, seat))
		dst = append(dst, h...)
		dst = append(dst, '}')
	}
	dst = append(dst, `],"seats":`...)
	b, _ := json.Marshal(g.seatInfo())
	dst = append(dst, b...)
	if g.state.Over() {
		dst = append(dst, `,"final":`...)
		b, _ := json.Marshal(finalScoring(g.state))
		dst = append(dst, b...)
	}
	return append(dst, '}'), nil
}

func appendSeat(dst []byte, seat waterdeep.PlayerID) []byte {
	if int(seat) >= waterdeep.MaxPlayers {
		return append(dst, "null"...)
	}
	return strconv.AppendQuote(dst, seatName(seat))
}

// seatInfo is one seat as the lobby and the page see it.
// A seat's name is the one its person gave when sitting ("" for none);
// a reserved seat is taken only with its invite link.
type seatInfo struct {
	Seat     string `json:"seat"`
	Kind     string `json:"kind"`
	Taken    bool   `json:"taken"`
	Name     string `json:"name,omitempty"`
	Reserved bool   `json:"reserved,omitempty"`
}

func (g *game) seatInfo() []seatInfo {
	out := make([]seatInfo, len(g.setup.Seats))
	for i, k := range g.setup.Seats {
		out[i] = seatInfo{Seat: seatName(waterdeep.PlayerID(i)), Kind: k, Taken: k != "human" || g.tokens[i] != "", Name: g.names[i],
			Reserved: k == "human" && g.tokens[i] == "" && g.setup.reserved(i)}
	}
	return out
}

// finalLine is one player's final scoring, line by line, from the state
// (public once the game is over; a client holding only views gets the
// same parts from View.FinalScore).
type finalLine struct {
	Seat        string `json:"seat"`
	Play        int    `json:"play"` // VP scored during the game
	Adventurers int    `json:"adventurers"`
	Gold        int    `json:"gold"`
	Lord        int    `json:"lord"`
	Corruption  int    `json:"corruption"`
	Total       int    `json:"total"`
	GoldLeft    int    `json:"gold_left"` // the tie-break
	Winner      bool   `json:"winner"`
}

func finalScoring(s waterdeep.State) []finalLine {
	out := make([]finalLine, s.Players())
	for i := range out {
		p := waterdeep.PlayerID(i)
		f := s.FinalScore(p)
		total := s.Score(p)
		out[i] = finalLine{
			Seat: seatName(p), Adventurers: f.Adventurers, Gold: f.Gold, Lord: f.Lord,
			Corruption: f.Corruption, Total: total, GoldLeft: s.Gold(p),
			Play: total - f.Adventurers - f.Gold - f.Lord - f.Corruption,
		}
	}
	for _, w := range s.Winners() {
		out[w].Winner = true
	}
	return out
}
