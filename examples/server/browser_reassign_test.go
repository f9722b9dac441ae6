package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserReassignPromptOnce checks the prompt of a Waterdeep Harbor
// reassignment: the library's purpose already reads "reassign your agent
// from Waterdeep Harbor (1)", and the page once added its own clause
// saying the same again. Two people (both played through the API) go
// through the first round, the first sending an agent to Waterdeep
// Harbor (1), until the first must reassign it; then the first person's
// page must name the Harbor space once.
func TestBrowserReassignPromptOnce(t *testing.T) {
	bctx := startBrowser(t)
	ts := newTestServer(t)
	g := ts.createSeated(createRequest{Players: 2, Seed: "3", Seats: []string{"human", "human"}, Name: "Ann"})
	tokens := map[string]string{"p1": g.Token, "p2": ts.join(g.ID, "p2")}
	type decision struct {
		Reassign bool    `json:"reassign"`
		From     *string `json:"from"`
	}
	type doc struct {
		ToAct    *string           `json:"to_act"`
		Legal    []json.RawMessage `json:"legal"`
		Decision decision          `json:"decision"`
	}
	const harbor = "waterdeep-harbor/1"
	placed := false
	for n := 0; ; n++ {
		if n > 100 {
			t.Fatal("no reassignment from the Harbor after 100 actions")
		}
		var v doc
		if err := json.Unmarshal(ts.view(g.ID, g.Token).View, &v); err != nil {
			t.Fatal(err)
		}
		if v.ToAct == nil {
			t.Fatal("nobody to act before the reassignment")
		}
		seat := *v.ToAct
		if seat == "p1" && v.Decision.Reassign {
			if v.Decision.From == nil || *v.Decision.From != harbor {
				t.Fatalf("p1 reassigns from %v, want %s", v.Decision.From, harbor)
			}
			break
		}
		if err := json.Unmarshal(ts.view(g.ID, tokens[seat]).View, &v); err != nil {
			t.Fatal(err)
		}
		// p1 takes Waterdeep Harbor (1) when it can; otherwise each seat
		// takes its first legal action that is not that space.
		var pick json.RawMessage
		for _, a := range v.Legal {
			var act struct{ Type, Space string }
			json.Unmarshal(a, &act)
			isHarbor := act.Type == "place_agent" && act.Space == harbor
			if seat == "p1" && !placed && isHarbor {
				pick, placed = a, true
				break
			}
			if pick == nil && !isHarbor {
				pick = a
			}
		}
		if pick == nil {
			t.Fatalf("%s has nothing to do but the Harbor: %s", seat, v.Legal)
		}
		if status, b := ts.do("POST", "/api/games/"+g.ID+"/actions", tokens[seat], pick); status != 200 {
			t.Fatalf("%s %s: %d %s", seat, pick, status, b)
		}
	}

	p := newPerson(t, bctx, ts, "ann", 30*time.Second)
	if err := chromedp.Do(p.ctx, chromedp.Navigate(ts.url+"/#game="+g.ID+"&token="+g.Token), chromedp.WaitVisible(chromedp.CSS("#actions button"))); err != nil {
		t.Fatal(err)
	}
	var ask string
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		s, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](`document.getElementById("ask").textContent`))
		if err != nil {
			t.Fatal(err)
		}
		if ask = s; strings.Contains(strings.ToLower(ask), "reassign") {
			break
		}
	}
	t.Logf("the prompt: %q", ask)
	if n := strings.Count(ask, "Waterdeep Harbor (1)"); n != 1 {
		t.Errorf("the reassignment prompt names Waterdeep Harbor (1) %d times, want once: %q", n, ask)
	}
	if n := strings.Count(strings.ToLower(ask), "reassign your agent"); n != 1 {
		t.Errorf("the reassignment prompt says \"reassign your agent\" %d times, want once: %q", n, ask)
	}
}
