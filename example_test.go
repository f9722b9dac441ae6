package waterdeep_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"

	"github.com/waterdeep-go/waterdeep"
)

// Play a whole game, always taking the first legal action.
func Example() {
	s, err := waterdeep.New(waterdeep.Config{Players: 3, Seed: 42})
	if err != nil {
		panic(err)
	}
	for !s.Over() {
		s, err = s.Apply(s.LegalActions()[0])
		if err != nil {
			panic(err)
		}
	}
	fmt.Println("rounds played:", s.Round())
	fmt.Println("winners:", len(s.Winners()) > 0)
	// Output:
	// rounds played: 8
	// winners: true
}

// Illegal actions are refused with a reason, and the state is unchanged.
func ExampleState_Apply_illegal() {
	s, _ := waterdeep.New(waterdeep.Config{Players: 2, Seed: 1})
	harbor2, _ := s.Content().SpaceByID("waterdeep-harbor/2")
	_, err := s.Apply(waterdeep.PlaceAgent{Player: 1, Space: harbor2})
	fmt.Println(err)
	// Output:
	// waterdeep: illegal action "p2 place waterdeep-harbor/2": another player must decide now
}

// A playout, as a search bot runs one: copy the state, then play random
// moves on the copy in place until the game ends. The original is
// untouched.
func ExampleState_PlayInPlace() {
	s, err := waterdeep.New(waterdeep.Config{Players: 4, Seed: 7})
	if err != nil {
		panic(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	moves := make([]waterdeep.Move, 0, 64)

	r := s // the playout's own copy
	for !r.Over() {
		moves = r.AppendMoves(moves[:0])
		if err := r.PlayInPlace(moves[rng.IntN(len(moves))]); err != nil {
			panic(err) // a listed move is always legal
		}
	}
	fmt.Println("playout over:", r.Over())
	fmt.Println("original still at round", s.Round(), "over:", s.Over())
	// Output:
	// playout over: true
	// original still at round 1 over: false
}

// Actions have one text form with names. ParseAction reads it in any case
// and with cubes written as people write them; String prints it back.
func ExampleParseAction() {
	for _, text := range []string{
		"p2 place cliffwatch-inn/1",
		"P1 Pick wizard wizard and 4 gold",
		"p3 complete domesticate-owlbears",
	} {
		a, err := waterdeep.ParseAction(text)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%T: %v\n", a, a)
	}
	// A wrong word is named, with its offset, and close names suggested.
	_, err := waterdeep.ParseAction("p1 place clifwatch-inn/2")
	fmt.Println(err)
	var de *waterdeep.DecodeError
	if errors.As(err, &de) {
		fmt.Printf("at byte %d: %q\n", de.Offset, de.Word)
	}
	// Output:
	// waterdeep.PlaceAgent: p2 place cliffwatch-inn/1
	// waterdeep.ChooseResources: p1 pick 2 wizards, 4 gold
	// waterdeep.CompleteQuest: p3 complete domesticate-owlbears
	// waterdeep: cannot decode action text "p1 place clifwatch-inn/2": space: no space is named "clifwatch-inn/2"; did you mean Cliffwatch Inn (2)?
	// at byte 9: "clifwatch-inn/2"
}

// A player may leave out their seat when speaking through their view, and
// name a card without its copy number: the view knows which copy they hold.
func ExampleView_ParseAction() {
	s, _ := waterdeep.New(waterdeep.Config{Players: 3, Seed: 42})
	p, _ := s.ToAct()
	v := s.View(p)
	a, err := v.ParseAction("place the-plinth")
	fmt.Println(a, err)
	fmt.Println(s.Legal(a))
	// Output:
	// p1 place the-plinth <nil>
	// <nil>
}

// Every action encodes to JSON with names and its text form; a client may
// send back either the object or the text as a JSON string.
func ExampleMarshalAction() {
	data, _ := waterdeep.MarshalAction(waterdeep.ChooseResources{Player: 1, Pick: waterdeep.Pick{Wizard: 2, Gold: 4}})
	fmt.Println(string(data))
	a, _ := waterdeep.UnmarshalAction(data)
	b, _ := waterdeep.UnmarshalAction([]byte(`"p2 pick 2 wizards, 4 gold"`))
	fmt.Println(a == b)
	// Output:
	// {"type":"choose_resources","player":"p2","pick":{"wizard":2,"gold":4},"text":"p2 pick 2 wizards, 4 gold"}
	// true
}

// A Record is a game's setup and actions. It encodes to JSON, and Replay
// rebuilds the identical game, event for event.
func ExampleReplay() {
	cfg := waterdeep.Config{Players: 2, Seed: 3}
	s, _ := waterdeep.New(cfg)
	rec := waterdeep.NewRecord(cfg)
	for range 10 {
		a := s.LegalActions()[0]
		s, _ = s.Apply(a)
		rec.Add(a)
	}
	data, _ := json.Marshal(rec)
	saved, err := waterdeep.DecodeRecord(data)
	if err != nil {
		panic(err)
	}
	again, events, err := waterdeep.Replay(saved)
	fmt.Println(again == s, err)
	fmt.Println(events[0].Kind, rec.Actions[0])
	// Output:
	// true <nil>
	// action p1 place builders-hall
}

// Determinize deals a full State that agrees with everything a viewer
// knows and guesses the rest: how a search bot plays with hidden cards.
// The sample's view for the same viewer is the view it came from.
func ExampleDeterminize() {
	s, _ := waterdeep.New(waterdeep.Config{Players: 4, Seed: 9})
	v := s.View(0)
	sample, err := waterdeep.Determinize(v, 1)
	if err != nil {
		panic(err)
	}
	w := sample.View(0)
	fmt.Println(reflect.DeepEqual(v.Seats[0].Hand, w.Seats[0].Hand), w.Seats[1].HandSize == v.Seats[1].HandSize)
	fmt.Println(sample.Pending().Player == s.Pending().Player)
	// Output:
	// true true
	// true
}

// The Move loop for bots: the legal moves as small integers, listed into a
// reused buffer without allocating, and played with the same checks as
// Apply.
func ExampleState_AppendMoves() {
	s, _ := waterdeep.New(waterdeep.Config{Players: 3, Seed: 5})
	moves := make([]waterdeep.Move, 0, waterdeep.NumMoves())
	moves = s.AppendMoves(moves[:0])
	p, _ := s.ToAct()
	fmt.Println(len(moves), "moves; the first is", moves[0].Action(p))
	s, err := s.Play(moves[0])
	fmt.Println(err, s.Round())
	// Output:
	// 11 moves; the first is p1 place builders-hall
	// <nil> 1
}

// A server sends each seat its view as JSON after every move. AppendJSON
// writes it into a reused buffer; every card, space and action in it is
// named, and each legal action carries its text for a button's label.
func ExampleView_AppendJSON() {
	s, _ := waterdeep.New(waterdeep.Config{Players: 2, Seed: 4})
	var buf []byte
	buf, err := s.View(0).AppendJSON(buf[:0])
	if err != nil {
		panic(err)
	}
	var doc struct {
		Version int    `json:"version"`
		Viewer  string `json:"viewer"`
		ToAct   string `json:"to_act"`
		Legal   []struct {
			Text string `json:"text"`
		} `json:"legal"`
	}
	if err := json.Unmarshal(buf, &doc); err != nil {
		panic(err)
	}
	fmt.Println(doc.Version, doc.Viewer, doc.ToAct, len(doc.Legal), doc.Legal[0].Text)
	// A view decodes back, checked against the rules.
	v, err := waterdeep.DecodeView(buf, nil)
	fmt.Println(v.Viewer, err)
	// Output:
	// 4 p1 p1 11 p1 place builders-hall
	// p1 <nil>
}
