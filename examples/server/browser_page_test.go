package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserPromptLogAndLayout checks the page's words and layout on a
// known position: after placing at Cliffwatch Inn (2) the prompt names
// that space (not the building's first); each move is in the log once,
// under the name its player sat with; while waiting on a desktop the
// turn box scrolls away; on a phone the board comes right after the
// prompt, within the first screen, and the choices follow it unboxed.
func TestBrowserPromptLogAndLayout(t *testing.T) {
	bctx := startBrowser(t)
	ts := newTestServer(t)
	g := ts.createSeated(createRequest{Players: 2, Seed: "3", Seats: []string{"human", "human"}, Name: "Ann"})
	p2 := ts.join(g.ID, "p2")
	p := newPerson(t, bctx, ts, "ann", 60*time.Second)
	if err := chromedp.Do(p.ctx, chromedp.Navigate(ts.url+"/#game="+g.ID+"&token="+g.Token), chromedp.WaitVisible(chromedp.CSS("#actions button"))); err != nil {
		t.Fatal(err)
	}
	if status, b := ts.do("POST", "/api/games/"+g.ID+"/actions", g.Token, []byte(`"place cliffwatch-inn/2"`)); status != 200 {
		t.Fatalf("place: %d %s", status, b)
	}
	ask := func() string {
		s, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](`document.getElementById("ask").textContent`))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	var s string
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if s = ask(); strings.Contains(s, "Cliffwatch") {
			break
		}
	}
	if !strings.Contains(s, "(Cliffwatch Inn (2))") {
		t.Errorf("after placing at Cliffwatch Inn (2) the prompt says %q", s)
	}
	log, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#log li")].map((li) => li.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(strings.Join(log, "\n"), "Ann assigns an agent to Cliffwatch Inn (2)"); n != 1 {
		t.Errorf("the placement is %d times in the log, want once under the name Ann: %q", n, log)
	}

	// p1 takes a quest; now p2 is to act and Ann waits.
	legal := parseView(t, ts.view(g.ID, g.Token).View).Legal
	ts.do("POST", "/api/games/"+g.ID+"/actions", g.Token, legal[0])
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline) && !strings.HasPrefix(ask(), "Waiting"); time.Sleep(50 * time.Millisecond) {
	}
	pos, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](`getComputedStyle(document.getElementById("turn")).position`))
	if pos == "sticky" || pos == "fixed" {
		t.Errorf("while waiting, the turn box is %s over the board", pos)
	}
	_ = p2
	p.shot("q-waiting-desktop.png")

	// A phone, at Ann's turn again.
	legal = parseView(t, ts.view(g.ID, p2).View).Legal
	ts.do("POST", "/api/games/"+g.ID+"/actions", p2, legal[0])
	if err := chromedp.Do(p.ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2))); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline) && !strings.HasPrefix(ask(), "Your turn"); time.Sleep(50 * time.Millisecond) {
	}
	type box struct {
		Board, Actions, Me float64
		Scroll             string
	}
	b, err := chromedp.Run(p.ctx, chromedp.Evaluate[box](`(() => { window.scrollTo(0, 0); const top = (id) => document.getElementById(id).getBoundingClientRect().top;
	  return { board: top("board"), actions: top("actions"), me: top("me"), scroll: getComputedStyle(document.getElementById("actions")).overflowY }; })()`))
	if err != nil {
		t.Fatal(err)
	}
	if b.Board > 844/3 || !(b.Board < b.Actions && b.Actions < b.Me) || b.Scroll == "auto" || b.Scroll == "scroll" {
		t.Errorf("on a phone: board at %.0f px, choices at %.0f, you at %.0f, the choices' overflow %q; want the board within the first third of the screen, then the choices, unboxed", b.Board, b.Actions, b.Me, b.Scroll)
	}
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err == nil {
		writeArtifact(t, "q-turn-phone.png", png)
	}
}

func writeArtifact(t *testing.T, name string, data []byte) {
	if err := os.WriteFile(filepath.Join(artifacts(t), name), data, 0o644); err != nil {
		t.Error(err)
	}
}
