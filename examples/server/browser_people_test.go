package main

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// startBrowser starts Chromium for a test (skipping without one) and
// returns a context whose first tab is open, with no timeout.
func startBrowser(t *testing.T) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("drives a browser")
	}
	exe := chromium()
	if exe == "" {
		t.Skip("no Chromium found: install Debian's chromium package (.ci/run does) to run the browser test")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-dev-shm-usage", true), chromedp.WindowSize(1280, 1000))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	bctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	// The first Run starts the browser and must not carry a timeout.
	if err := chromedp.Do(bctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	return bctx
}

// person is one player's browser context (its own cookies and storage).
type person struct {
	*browser
	name string
}

// newPerson opens a separate browser context, as a second person on
// another computer would have.
func newPerson(t *testing.T, bctx context.Context, ts *testServer, name string, limit time.Duration) *person {
	ctx, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel = context.WithTimeout(ctx, limit)
	t.Cleanup(cancel)
	return &person{browser: &browser{t: t, ts: ts, ctx: ctx, dir: artifacts(t)}, name: name}
}

// actOnBoard takes one action the way a person with a mouse would: a
// highlighted space, quest, tile or card on the board if there is one
// (choosing among its actions when it offers several), else a button.
// It reports whether it clicked the board.
func (p *person) actOnBoard(rng *rand.Rand) bool {
	p.t.Helper()
	n, err := chromedp.Run(p.ctx, chromedp.Evaluate[int](`document.querySelectorAll("#table .can-act").length`))
	if err != nil {
		p.t.Fatal(err)
	}
	if n > 0 && rng.IntN(4) > 0 {
		js := `(() => { const e = document.querySelectorAll("#table .can-act")[` + strconv.Itoa(rng.IntN(n)) + `]; e.scrollIntoView({block: "center"}); e.click();
  const acts = document.querySelectorAll("#info:not([hidden]) #info-acts button");
  if (acts.length) acts[` + strconv.Itoa(rng.IntN(8)) + ` % acts.length].click(); })()`
		if err := chromedp.Do(p.ctx, chromedp.Evaluate[chromedp.Void](js)); err != nil {
			p.t.Fatal(err)
		}
		return true
	}
	s := p.read()
	i := rng.IntN(s.Buttons) + 1
	if err := chromedp.Do(p.ctx, chromedp.Click(chromedp.CSS(`#actions button:nth-child(`+strconv.Itoa(i)+`)`))); err != nil && !strings.Contains(err.Error(), "Could not find node") {
		p.t.Fatal(err) // (not found: a push redrew the buttons under the click; the caller looks again)
	}
	return false
}

// TestBrowserTwoPeopleByLinks plays a game between two people in two
// browser contexts: the first creates it in the lobby, the second takes
// the seat by the invite link the first is shown, and they play it to the
// end by clicking the board (and the buttons where nothing on the board
// stands for the action). A third context opens the first person's
// rejoin link and holds that seat. Screenshots at desktop and phone
// sizes: the turn with its "since your last turn" panel, and the winner.
func TestBrowserTwoPeopleByLinks(t *testing.T) {
	bctx := startBrowser(t)
	ts := newTestServer(t)
	a := newPerson(t, bctx, ts, "a", 100*time.Second)
	b := newPerson(t, bctx, ts, "b", 100*time.Second)
	a.create("31", []string{"human", "human"})
	if err := chromedp.Do(a.ctx, chromedp.Click(chromedp.ID("create-game")), chromedp.WaitVisible(chromedp.ID("link-invite-p2"))); err != nil {
		t.Fatal(err)
	}
	// The links are copied with buttons; the page never shows them.
	invite, err := chromedp.Run(a.ctx, chromedp.Evaluate[string](`document.getElementById("link-invite-p2").dataset.link`))
	if err != nil {
		t.Fatal(err)
	}
	rejoin, err := chromedp.Run(a.ctx, chromedp.Evaluate[string](`document.getElementById("link-rejoin").dataset.link`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(invite, "code=") || !strings.Contains(rejoin, "token=") {
		t.Fatalf("invite link %q, rejoin link %q", invite, rejoin)
	}
	if shown, err := chromedp.Run(a.ctx, chromedp.Evaluate[bool](`(() => { const t = Object.keys(localStorage).filter((k) => k.startsWith("wd-token-")).map((k) => JSON.parse(localStorage[k]).token);
	  return !t.length || t.some((x) => document.body.innerText.includes(x)) || document.body.innerText.includes("token="); })()`)); err != nil || shown {
		t.Errorf("the page shows the seat's token (%v)", err)
	}
	a.shot("p-0-created-with-invite.png")
	// The invited person gives a name, then sits.
	if err := chromedp.Do(b.ctx, chromedp.Navigate(invite), chromedp.WaitVisible(chromedp.ID("invite-take"))); err != nil {
		t.Fatal(err)
	}
	b.shot("p-0-invited.png")
	if err := chromedp.Do(b.ctx, chromedp.SendKeys(chromedp.ID("invite-name"), "Bea"), chromedp.Click(chromedp.ID("invite-take")),
		chromedp.WaitVisible(chromedp.CSS("#status .you .seat"))); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond)
	if text, _ := chromedp.Run(a.ctx, chromedp.Evaluate[string](`document.getElementById("others").innerText`)); !strings.Contains(text, "Bea") {
		t.Errorf("the first person's page does not show the name the second sat under: %q", text)
	}
	for _, p := range []*person{a, b} {
		want := map[string]string{"a": "p1", "b": "p2"}[p.name]
		if err := chromedp.Do(p.ctx, chromedp.WaitVisible(chromedp.CSS("#status .you .seat."+want))); err != nil {
			t.Fatalf("person %s does not hold %s: %v", p.name, want, err)
		}
	}
	if loc, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string](`location.href`)); strings.Contains(loc, "code=") {
		t.Errorf("the invite's code stays in the address bar: %s", loc)
	}

	// Another device of the first person, by the rejoin link.
	c := newPerson(t, bctx, ts, "c", 30*time.Second)
	if err := chromedp.Do(c.ctx, chromedp.Navigate(rejoin), chromedp.WaitVisible(chromedp.CSS("#status .you .seat.p1"))); err != nil {
		t.Fatalf("the rejoin link does not seat p1: %v", err)
	}

	rng := rand.New(rand.NewPCG(31, 5))
	deadline := time.Now().Add(90 * time.Second)
	boardClicks, clicks, shots, readySeen := 0, 0, 0, 0
	var last pageState
	for {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end in time: %+v after %d clicks", last, clicks)
		}
		acted := false
		for _, p := range []*person{a, b} {
			s := p.read()
			last = s
			if s.Error != "" {
				t.Fatalf("person %s's page shows an error: %s", p.name, s.Error)
			}
			if s.Over && len(s.Final) > 0 {
				goto over
			}
			if s.Buttons == 0 {
				continue
			}
			if shots == 0 && s.Round >= 3 {
				shots++
				p.shot("p-1-turn-desktop.png")
				p.phoneShot("p-2-turn-phone.png", "")
			}
			// Every quest the person may complete now is marked as one
			// they can complete.
			unmarked, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](`game.view.legal.filter(a => a.type === "complete_quest").map(a => a.quest)
  .filter(q => !document.querySelector('#me .quest.ready[data-id="' + q + '"]'))`))
			if err != nil {
				t.Fatal(err)
			}
			if len(unmarked) > 0 {
				t.Errorf("index %d: quests %v may be completed but are not marked", s.Index, unmarked)
			}
			if title, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](`document.title`)); !strings.Contains(title, "Your turn") {
				t.Errorf("index %d: the tab's title %q does not say it is person %s's turn", s.Index, title, p.name)
			}
			if n, _ := chromedp.Run(p.ctx, chromedp.Evaluate[int](`document.querySelectorAll("#me .quest.ready").length`)); n > 0 {
				readySeen++
			}
			if p.actOnBoard(rng) {
				boardClicks++
			}
			clicks++
			for n := p.read(); n.Index == s.Index && n.Error == "" && time.Now().Before(deadline); n = p.read() {
				time.Sleep(10 * time.Millisecond)
			}
			acted = true
		}
		if !acted {
			time.Sleep(15 * time.Millisecond)
		}
	}
over:
	t.Logf("two people played %d clicks, %d of them on the board", clicks, boardClicks)
	if readySeen == 0 {
		t.Error("no quest was ever marked ready to complete")
	}
	if boardClicks < clicks/3 {
		t.Errorf("only %d of %d clicks were on the board", boardClicks, clicks)
	}
	for _, p := range []*person{a, b} {
		if err := chromedp.Do(p.ctx, chromedp.WaitVisible(chromedp.ID("final-table"))); err != nil {
			t.Fatal(err)
		}
		banner, _ := chromedp.Run(p.ctx, chromedp.Text(chromedp.ID("banner")))
		if !strings.Contains(banner, "win") {
			t.Errorf("person %s sees no winner banner: %q", p.name, banner)
		}
	}
	// Nothing of the engine's bookkeeping shows, and no count without
	// its unit.
	text, err := chromedp.Run(a.ctx, chromedp.Evaluate[string](`document.body.innerText`))
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"turn used", "visit used", " accumulated", "agents 0/", "intrigue 0"} {
		if strings.Contains(text, bad) {
			t.Errorf("the page shows %q", bad)
		}
	}
	a.shot("p-3-final-desktop.png")
	b.phoneShot("p-4-final-phone.png", "")
	b.checkFinal(last, false)
}

// TestBrowserSixPlayerFinalOnAPhone shows the final table of a six-player
// game on a phone: every player's column fits without scrolling.
func TestBrowserSixPlayerFinalOnAPhone(t *testing.T) {
	bctx := startBrowser(t)
	ts := newTestServer(t)
	id := ts.create(createRequest{Players: 6, Seed: "8", Modules: "skullport,undermountain", Long: true,
		Seats: []string{"random", "greedy", "random", "greedy", "random", "greedy"}})
	waitOver(t, ts, id)
	ctx, cancel := context.WithTimeout(bctx, 30*time.Second)
	defer cancel()
	b := &browser{t: t, ts: ts, ctx: ctx, dir: artifacts(t)}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
		chromedp.Navigate(ts.url+"/#game="+id), chromedp.WaitVisible(chromedp.ID("final-table"))); err != nil {
		t.Fatal(err)
	}
	over, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`(() => { const t = document.getElementById("final-table"), box = document.getElementById("final");
  return [t.scrollWidth, box.clientWidth, document.querySelectorAll("#final-table tr:first-child th").length]; })()`))
	if err != nil {
		t.Fatal(err)
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(b.dir, "13-six-players-final-phone.png"), png, 0o644)
	if over[2] != 7 || over[0] > over[1] {
		t.Errorf("the final table of 6 players on a phone is %d px wide in a box of %d (%d heading cells)", over[0], over[1], over[2])
	}
}
