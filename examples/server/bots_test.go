package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/waterdeep-go/waterdeep"
)

// TestSearchingBotBlocksNoOtherGame gives ISMCTS two seconds a decision
// in one game and checks that another game's actions are answered
// meanwhile, each well within that time.
func TestSearchingBotBlocksNoOtherGame(t *testing.T) {
	store, err := OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	h, err := newHub(context.Background(), store, hubOptions{Budget: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServerWithHub(t, h, store)
	thinking := ts.create(createRequest{Players: 2, Seed: "3", Seats: []string{"ismcts", "ismcts"}})
	tb := newTableOn(t, ts, 0)
	for i := 0; i < 10; i++ {
		start := time.Now()
		tb.playFirstLegal(t)
		if d := time.Since(start); d > 1500*time.Millisecond {
			t.Fatalf("an action took %v while ISMCTS thought in another game", d)
		}
	}
	time.Sleep(2500 * time.Millisecond)
	if p := ts.view(thinking, ""); p.Index == 0 {
		t.Error("the ISMCTS game has not moved in 2.5 s")
	}
}

// TestModuleGameRebuilds plays a six-player long game with both modules
// between bots to its end, then opens the store again in a new server and
// checks the game is rebuilt to the same views (by waterdeep.Replay, as
// every game is), and that the record the server publishes replays to
// the same final view and scores.
func TestModuleGameRebuilds(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.db")
	store, err := OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	h, err := newHub(context.Background(), store, hubOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServerWithHub(t, h, store)
	id := ts.create(createRequest{Players: 6, Seed: "8", Modules: "skullport,undermountain", Long: true,
		Seats: []string{"human", "random", "greedy", "random", "greedy", "random"}})
	token := ts.join(id, "p1")
	tb := table{ts: ts, id: id, tokens: []string{token}}
	deadline := time.Now().Add(90 * time.Second)
	for {
		p := ts.view(id, token)
		v := parseView(t, p.View)
		if v.Over {
			t.Logf("over after %d actions", p.Index)
			if len(p.Final) != 6 {
				t.Fatalf("final scoring has %d lines", len(p.Final))
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end in time (%d actions)", p.Index)
		}
		if v.ToAct != nil && *v.ToAct == "p1" {
			tb.playFirstLegal(t)
			continue
		}
		time.Sleep(5 * time.Millisecond)
	}
	before := []payload{ts.view(id, ""), ts.view(id, token)}
	status, b := ts.do("GET", "/api/games/"+id+"/record", "", nil)
	if status != 200 {
		t.Fatalf("record: %d %s", status, b)
	}
	var pub struct {
		Record json.RawMessage `json:"record"`
	}
	if err := json.Unmarshal(b, &pub); err != nil {
		t.Fatal(err)
	}
	rec, err := waterdeep.DecodeRecord(pub.Record)
	if err != nil {
		t.Fatalf("the published record does not decode: %v", err)
	}
	if rec.Modules != waterdeep.Undermountain|waterdeep.Skullport || !rec.Long || rec.Content != waterdeep.FullContentName {
		t.Errorf("published record: modules %v, long %v, content %q", rec.Modules, rec.Long, rec.Content)
	}
	replayed, _, err := waterdeep.Replay(rec)
	if err != nil {
		t.Fatalf("the published record does not replay: %v", err)
	}
	local, _ := replayed.View(waterdeep.Spectator).AppendJSON(nil)
	if diff := cmp.Diff(jsonValue(t, local), jsonValue(t, before[0].View)); diff != "" {
		t.Errorf("the published record replays to another game (-replayed +server):\n%s", diff)
	}
	if diff := cmp.Diff(finalScoring(replayed), before[0].Final); diff != "" {
		t.Errorf("final scoring of the replayed record (-replayed +server):\n%s", diff)
	}
	h.cancel()
	h.close()
	store.Close()

	store2, err := OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	h2, err := newHub(context.Background(), store2, hubOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ts2 := newTestServerWithHub(t, h2, store2)
	after := []payload{ts2.view(id, ""), ts2.view(id, token)}
	for i := range before {
		if diff := cmp.Diff(jsonValue(t, before[i].View), jsonValue(t, after[i].View)); diff != "" || before[i].Index != after[i].Index {
			t.Errorf("view %d after reopening (-before +after):\n%s", i, diff)
		}
	}
}
