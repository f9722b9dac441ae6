package waterdeep

import (
	"errors"
	"strings"
	"testing"
)

// A seat outside the game is refused, with NoSuchPlayer, wherever an
// action or a speaker takes one; the per-seat getters stay total.

func TestParseActionAsRefusesNonSeats(t *testing.T) {
	for _, speaker := range []PlayerID{MaxPlayers, 9, 200, Spectator, NoPlayer} {
		for name, parse := range map[string]func(PlayerID, string) (Action, error){
			"ParseActionAs":         ParseActionAs,
			"Content.ParseActionAs": BaseContent().ParseActionAs,
		} {
			a, err := parse(speaker, "place plinth")
			if err == nil {
				t.Fatalf("%s(%v, \"place plinth\") = %v, want an error", name, speaker, a)
			}
			var de *DecodeError
			var se *SeatError
			if !errors.As(err, &de) || de.Field != "speaker" || !errors.As(err, &se) || se.Seat != speaker ||
				!errors.Is(err, NoSuchPlayer) {
				t.Errorf("%s(%v): %#v, want a *DecodeError of the speaker wrapping a *SeatError (NoSuchPlayer)", name, speaker, err)
			}
			if !strings.Contains(err.Error(), "no seat "+speaker.String()) {
				t.Errorf("%s(%v): %q does not name the seat", name, speaker, err)
			}
		}
	}
	for p := PlayerID(0); p < MaxPlayers; p++ {
		if _, err := ParseActionAs(p, "place plinth"); err != nil {
			t.Errorf("ParseActionAs(%v): %v", p, err)
		}
	}
}

func TestActionsOfNonSeatsAreNoSuchPlayer(t *testing.T) {
	s := newGame(t, 4)
	plinth, _ := s.Content().SpaceByID("the-plinth")
	p, _ := s.ToAct()
	if err := s.Legal(PlaceAgent{Player: p, Space: plinth}); err != nil {
		t.Fatalf("the seat to act: %v", err)
	}
	for _, seat := range []PlayerID{4, 5, 200, Spectator, NoPlayer} {
		for _, a := range []Action{PlaceAgent{Player: seat, Space: plinth}, Decline{Player: seat}} {
			before := s
			err := s.Legal(a)
			var ie *IllegalActionError
			if !errors.As(err, &ie) || ie.Reason != NoSuchPlayer || !errors.Is(err, NoSuchPlayer) {
				t.Fatalf("Legal(%v) = %v, want NoSuchPlayer", a, err)
			}
			if !strings.Contains(ie.Detail, "no seat "+seat.String()) || !strings.Contains(ie.Detail, "p1 to p4") {
				t.Errorf("Legal(%v)'s detail %q does not name the seat and the seats", a, ie.Detail)
			}
			next, err := s.Apply(a)
			if !errors.Is(err, NoSuchPlayer) || next != before {
				t.Errorf("Apply(%v) = %v, want NoSuchPlayer and the state unchanged", a, err)
			}
			next, events, err := s.ApplyEvents(a, nil)
			if !errors.Is(err, NoSuchPlayer) || next != before || len(events) != 0 {
				t.Errorf("ApplyEvents(%v) = %v, %v, want NoSuchPlayer, no events and the state unchanged", a, err, events)
			}
		}
	}
}

func TestCheckSeat(t *testing.T) {
	s := newGame(t, 3)
	for p := PlayerID(0); p < 3; p++ {
		if err := s.CheckSeat(p); err != nil {
			t.Errorf("CheckSeat(%v) = %v", p, err)
		}
	}
	for _, p := range []PlayerID{3, 9, Spectator, NoPlayer} {
		err := s.CheckSeat(p)
		var se *SeatError
		if !errors.As(err, &se) || se.Seat != p || se.Players != 3 || !errors.Is(err, NoSuchPlayer) {
			t.Errorf("CheckSeat(%v) = %#v, want a *SeatError", p, err)
		}
		// The getters are total: a PlayerID that is not a seat holds
		// nothing, and sees what a spectator sees.
		if s.Score(p) != 0 || s.Gold(p) != 0 || len(s.Hand(p)) != 0 || s.Seat(p) != (Seat{}) {
			t.Errorf("the getters of %v are not zero", p)
		}
		if v := s.View(p); v.Viewer != Spectator {
			t.Errorf("View(%v).Viewer = %v, want Spectator", p, v.Viewer)
		}
	}
	if got := (&SeatError{Seat: 9, Players: 4}).Error(); got != "waterdeep: there is no seat p10 (the seats are p1 to p4)" {
		t.Errorf("SeatError: %q", got)
	}
}
