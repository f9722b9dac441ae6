package main

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"
	"github.com/waterdeep-go/waterdeep"
)

// chromium returns the path of a Chromium (or Chrome) to drive.
func chromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// artifacts is where the browser test saves its screenshots:
// $WATERDEEP_ARTIFACTS, or artifacts/ beside the tests.
func artifacts(t *testing.T) string {
	dir := os.Getenv("WATERDEEP_ARTIFACTS")
	if dir == "" {
		dir = "artifacts"
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// pageState is what the test reads from the page between clicks.
type pageState struct {
	Index   int            `json:"index"`
	Round   int            `json:"round"`
	Over    bool           `json:"over"`
	Buttons int            `json:"buttons"`
	Final   []finalRow     `json:"final"`
	Game    string         `json:"game"`
	Error   string         `json:"error"`
	Track   []int          `json:"track"` // tokens on each track space, as drawn; nil without the track
	Value   string         `json:"value"` // the penalty line under the track
	Removed string         `json:"removed"`
	Seats   map[string]int `json:"seats"` // corruption tokens beside each seat's holdings
	Header  string         `json:"header"`
}

// finalRow is one line of the final scoring table as the page shows it.
type finalRow struct {
	Seat        string `json:"seat"`
	Play        int    `json:"play"`
	Adventurers int    `json:"adventurers"`
	Gold        int    `json:"gold"`
	Lord        int    `json:"lord"`
	Corruption  *int   `json:"corruption"` // nil: no corruption column (no Skullport)
	Total       int    `json:"total"`
}

const readPage = `(() => {
  const v = game.view;
  const num = (td) => td ? +td.textContent.replace("\u2212", "-") : null;
  const track = document.getElementById("corruption-panel").hidden ? null :
    [...document.querySelectorAll("#track .tspace")].map(d => d.querySelectorAll(".token").length + (+(d.querySelector(".tokens").textContent.replace("+", "")) || 0));
  const seats = {};
  for (const c of document.querySelectorAll("[data-corruption]")) seats[c.dataset.corruption] = parseInt(c.textContent, 10);
  return {
    index: game.index, round: v ? v.round : 0, over: v ? v.over : false, game: game.id || "",
    buttons: document.querySelectorAll('#actions button:not([disabled])').length,
    final: (() => {
      const by = {}, order = [];
      for (const td of document.querySelectorAll('#final-table td[data-line]')) {
        const seat = td.dataset.seat;
        if (!by[seat]) { by[seat] = { seat, corruption: null }; order.push(seat); }
        by[seat][td.dataset.line] = num(td);
      }
      return order.map(s => by[s]);
    })(),
    error: document.getElementById('action-error').textContent + (document.body.dataset.jsError || ''),
    track, seats,
    value: (document.getElementById("corruption-value") || {}).textContent || "",
    removed: (document.getElementById("removed") || {}).textContent || "",
    header: document.getElementById("status").textContent,
  };
})()`

// browser is a Chromium driven by the test, on one test server.
type browser struct {
	t   *testing.T
	ts  *testServer
	ctx context.Context
	dir string
}

// shot saves a full-page screenshot.
func (b *browser) shot(name string) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`)); err != nil {
		b.t.Fatal(err)
	}
	png, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		b.t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(b.dir, name), png, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

// phoneShot saves what a phone (390×844 CSS pixels) shows of the page:
// its top, or with a CSS selector the part around that element (scrolled
// to just below the sticky header and turn box). Then it goes back to the
// desktop size.
func (b *browser) phoneShot(name, selector string) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2))); err != nil {
		b.t.Fatal(err)
	}
	if selector != "" {
		js := `(() => { const e = document.querySelector(` + strconv.Quote(selector) + `); const top = document.getElementById("turn").getBoundingClientRect().bottom;
  window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - top - 8); })()`
		if err := chromedp.Do(b.ctx, chromedp.Evaluate[chromedp.Void](js)); err != nil {
			b.t.Fatal(err)
		}
	}
	png, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(b.dir, name), png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	if err := chromedp.Do(b.ctx, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`), chromedp.EmulateViewport(1280, 1000)); err != nil {
		b.t.Fatal(err)
	}
}

func (b *browser) read() pageState {
	b.t.Helper()
	s, err := chromedp.Run(b.ctx, chromedp.Evaluate[pageState](readPage))
	if err != nil {
		b.t.Fatal(err)
	}
	return s
}

// create fills in the lobby's form and creates the game, p1 a person
// (this test), and waits for the first legal action.
func (b *browser) create(seed string, seats []string, modules ...string) {
	b.t.Helper()
	steps := []chromedp.Action[chromedp.Void]{
		chromedp.Navigate(b.ts.url + "/"),
		chromedp.WaitVisible(chromedp.ID("create-game")),
		chromedp.SetValue(chromedp.ID("players"), strconv.Itoa(len(seats))),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('players').dispatchEvent(new Event('change'))`),
		chromedp.SetValue(chromedp.CSS(`input[name=seed]`), seed),
		chromedp.SetValue(chromedp.ID("name"), "Ann"),
	}
	for i, k := range seats {
		steps = append(steps, chromedp.SetValue(chromedp.CSS(`select[name=seat`+strconv.Itoa(i)+`]`), k))
	}
	for _, m := range modules {
		steps = append(steps, chromedp.Click(chromedp.CSS(`input[name=`+m+`]`)))
	}
	if err := chromedp.Do(b.ctx, steps...); err != nil {
		b.t.Fatal(err)
	}
}

// play clicks legal actions, chosen at random by rng, until the page
// shows the final scoring; each time the person is to act, turn is called
// first with what the page shows. It returns the page at the end.
func (b *browser) play(rng *rand.Rand, limit time.Duration, turn func(pageState)) pageState {
	b.t.Helper()
	clicks := 0
	deadline := time.Now().Add(limit)
	var s pageState
	for {
		if time.Now().After(deadline) {
			b.t.Fatalf("the game did not end in time: %+v after %d clicks", s, clicks)
		}
		s = b.read()
		if s.Error != "" {
			b.t.Fatalf("the page shows an error: %s", s.Error)
		}
		if s.Over && len(s.Final) > 0 {
			b.t.Logf("played %d clicks", clicks)
			return s
		}
		if s.Buttons == 0 {
			time.Sleep(15 * time.Millisecond)
			continue
		}
		if turn != nil {
			turn(s)
		}
		i := rng.IntN(s.Buttons) + 1
		before := s.Index
		if err := chromedp.Do(b.ctx, chromedp.Click(chromedp.CSS(`#actions button:nth-child(`+strconv.Itoa(i)+`)`))); err != nil {
			if strings.Contains(err.Error(), "Could not find node") {
				continue // a push redrew the buttons under the click: look again
			}
			b.t.Fatal(err)
		}
		clicks++
		for s = b.read(); s.Index == before && s.Error == "" && time.Now().Before(deadline); s = b.read() {
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// engine returns the server's game (its state, under its lock) for
// comparing with the page.
func (b *browser) engine(id string) waterdeep.State {
	b.t.Helper()
	g, err := b.ts.hub.get(context.Background(), id)
	if err != nil {
		b.t.Fatal(err)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.state
}

// checkFinal compares the final scoring the page shows, line by line,
// with the engine's (State.FinalScore and Score).
func (b *browser) checkFinal(s pageState, skullport bool) {
	b.t.Helper()
	st := b.engine(s.Game)
	if !st.Over() {
		b.t.Fatal("the page shows final scores for a game the engine has not ended")
	}
	var want []finalRow
	for _, f := range finalScoring(st) {
		r := finalRow{Seat: f.Seat, Play: f.Play, Adventurers: f.Adventurers, Gold: f.Gold, Lord: f.Lord, Total: f.Total}
		if skullport {
			r.Corruption = &f.Corruption
		}
		want = append(want, r)
	}
	if diff := cmp.Diff(want, s.Final); diff != "" {
		b.t.Errorf("final scoring on the page differs from the engine's (-engine +page):\n%s", diff)
	}
	scores := make([]int, len(s.Final))
	for i, r := range s.Final {
		scores[i] = r.Total
	}
	if diff := cmp.Diff(st.Scores(), scores); diff != "" {
		b.t.Errorf("final scores on the page differ from State.Scores (-engine +page):\n%s", diff)
	}
	out, _ := json.Marshal(s.Final)
	b.t.Logf("final scoring %s", out)
}

// TestBrowserPlaysAWholeGame opens the page in Chromium and plays two
// games to the end by clicking, p1 a person (this test) against bots:
// a base game, and a game with Skullport whose corruption track, tokens
// and final corruption penalty the page must show as the engine has them.
// It checks each final scoring line by line against the engine's and
// saves screenshots (artifacts/): the first turn, a mid-game turn, a turn
// after the track changed and the final scoring, some also phone-sized.
func TestBrowserPlaysAWholeGame(t *testing.T) {
	bctx := startBrowser(t)
	ts := newTestServer(t)
	dir := artifacts(t)
	seed := os.Getenv("WATERDEEP_BROWSER_SEED") // another game, for a person checking the page
	if seed == "" {
		seed = "2024"
	}
	clickSeed, _ := strconv.ParseUint(seed, 10, 64)
	ctx, cancel := context.WithTimeout(bctx, 110*time.Second)
	defer cancel()
	b := &browser{t: t, ts: ts, ctx: ctx, dir: dir}

	// The base game: 3 players, p1 a person.
	b.create(seed, []string{"human", "random", "greedy"})
	b.shot("0-lobby.png")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("create-game")), chromedp.WaitVisible(chromedp.CSS("#actions button"))); err != nil {
		t.Fatal(err)
	}
	b.shot("1-first-turn.png")
	if s := b.read(); s.Track != nil || !strings.Contains(s.Header, "Base game") {
		t.Errorf("a base game shows a corruption track %v or a header %q without \"Base game\"", s.Track, s.Header)
	}
	midShot := false
	s := b.play(rand.New(rand.NewPCG(7, clickSeed)), 50*time.Second, func(s pageState) {
		if !midShot && s.Round >= 5 {
			midShot = true
			b.shot("2-mid-game.png")
			b.phoneShot("3-mid-game-phone.png", "")
		}
	})
	b.shot("4-final-scoring.png")
	b.checkFinal(s, false)

	// A game with Skullport: 3 players, p1 a person.
	b.create(seed, []string{"human", "greedy", "random"}, "skullport")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("create-game")), chromedp.WaitVisible(chromedp.CSS("#actions button"))); err != nil {
		t.Fatal(err)
	}
	b.shot("5-skullport-first-turn.png")
	changed := false
	s = b.play(rand.New(rand.NewPCG(8, clickSeed)), 50*time.Second, func(s pageState) {
		// It is p1's turn, so the game stands still: the page must draw
		// the track and each seat's tokens as the engine has them.
		st := b.engine(s.Game)
		track := st.Track()
		if diff := cmp.Diff(track[:], s.Track); diff != "" {
			t.Fatalf("index %d: the corruption track on the page (-engine +page):\n%s", s.Index, diff)
		}
		want := map[string]int{}
		for p := range st.Players() {
			want[seatName(waterdeep.PlayerID(p))] = st.Corruption(waterdeep.PlayerID(p))
		}
		if diff := cmp.Diff(want, s.Seats); diff != "" {
			t.Fatalf("index %d: corruption tokens beside the seats (-engine +page):\n%s", s.Index, diff)
		}
		if v := st.CorruptionValue(); !strings.Contains(s.Value, strconv.Itoa(v)+" VP") && v != 0 {
			t.Fatalf("index %d: the page says %q, the engine's token value is %d", s.Index, s.Value, v)
		}
		if !changed && track[0] == 0 && s.Round >= 3 {
			changed = true
			b.shot("6-skullport-track-changed.png")
			b.phoneShot("7-skullport-track-changed-phone.png", "#corruption-panel")
		}
	})
	// The log names cards, tiles and spaces (module ones too), never by id.
	logIDs, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#log li")].map(li => li.textContent).filter(t => /#\d|\/\d|[a-z]-[a-z]/.test(t.replace("first-player", "")))`))
	if err != nil {
		t.Fatal(err)
	}
	if len(logIDs) > 0 {
		t.Errorf("log lines with ids instead of names: %q", logIDs)
	}
	// What a decision's source names: ids and names, the engine gives
	// names; unknown ones are shown as they are.
	sources, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`["skull-island", "Skull Island", "The Golden Horn (owner)", "waterdeep-harbor/2", "Something New", ""].map(sourceName)`))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"Skull Island", "Skull Island", "The Golden Horn (owner)", "Waterdeep Harbor (2)", "Something New", ""}, sources); diff != "" {
		t.Errorf("decision sources in words (-want +page):\n%s", diff)
	}
	b.shot("8-skullport-final-scoring.png")
	b.phoneShot("9-skullport-final-scoring-phone.png", "")
	b.checkFinal(s, true)
	penalty := 0
	for _, r := range s.Final {
		penalty += *r.Corruption
	}
	if penalty == 0 {
		t.Error("nobody paid a corruption penalty: the corruption line was not put to the test (choose another seed)")
	}
	if !changed {
		t.Error("the track's -1 space never emptied on p1's turn from round 3: no screenshot of a changed track")
	}

	// Resources lying on a space, caravans and removed cards: the cards
	// that bring them are being added to the library, so the page is
	// checked on the final view given those facts (as a view of a game
	// with both modules would have them).
	type drawnT = struct {
		Lying    string `json:"lying"`
		Caravans string `json:"caravans"`
		Removed  string `json:"removed"`
	}
	err = chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(() => {
  const v = structuredClone(game.view);
  v.spaces.find(sp => sp.space === "skull-island").placed = {cleric: 1, fighter: 0, rogue: 2, wizard: 0, gold: 3, corruption: 1};
  v.caravans = {cleric: 0, fighter: 2, rogue: 0, wizard: 1};
  v.removed = {quests: 11, intrigue: 10, buildings: 4};
  game.view = v; render();
})()`))
	if err != nil {
		t.Fatal(err)
	}
	drawn, err := chromedp.Run(ctx, chromedp.Evaluate[drawnT](`({lying: document.querySelector('[data-id="skull-island"] .lying').textContent,
  caravans: document.getElementById("caravans").textContent, removed: document.getElementById("removed").textContent})`))
	if err != nil {
		t.Fatal(err)
	}
	want := drawnT{"on it1 cleric2 rogues3 gold1 corruption", "Caravans: 2 fighters1 wizard", "Removed before setup: 11 quests · 10 intrigue cards · 4 buildings"}
	if diff := cmp.Diff(want, drawn); diff != "" {
		t.Errorf("resources lying on a space, caravans and removed cards as drawn (-want +page):\n%s", diff)
	}
	b.shot("10-lying-caravans-removed.png")

	// A six-player long game with both modules, seen by its one person in
	// round 3: the header names both and the long game, and the page
	// knows every fact of the view by name (the More box stays hidden).
	id := ts.create(createRequest{Players: 6, Seed: "99", Modules: "undermountain,skullport", Long: true,
		Seats: []string{"human", "random", "greedy", "random", "greedy", "random"}})
	token := ts.join(id, "p1")
	tb := table{ts: ts, id: id, tokens: []string{token}}
	for {
		v := parseView(t, ts.view(id, token).View)
		if v.ToAct != nil && *v.ToAct == "p1" {
			if v.Round >= 3 {
				break
			}
			tb.playFirstLegal(t)
		} else {
			time.Sleep(5 * time.Millisecond)
		}
	}
	stored, _ := json.Marshal(map[string]string{"seat": "p1", "token": token})
	var more bool
	err = chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`localStorage.setItem("wd-token-`+id+`", `+strconv.Quote(string(stored))+`)`),
		chromedp.Navigate(ts.url+"/#game="+id),
		chromedp.WaitVisible(chromedp.CSS("#actions button")),
	)
	if err != nil {
		t.Fatal(err)
	}
	if more, err = chromedp.Run(ctx, chromedp.Evaluate[bool](`!document.getElementById("extra-panel").hidden`)); err != nil {
		t.Fatal(err)
	}
	if more {
		t.Error("the More box shows facts of a module game that the page should draw by name")
	}
	if s := b.read(); !strings.Contains(s.Header, "Undermountain + Skullport, long game") || len(s.Track) != 9 || len(s.Seats) != 6 {
		t.Errorf("six players with both modules: header %q, track %v, corruption beside %d seats", s.Header, s.Track, len(s.Seats))
	}
	b.shot("11-modules-six-players.png")
	b.phoneShot("12-modules-six-players-phone.png", "#others")
	t.Logf("screenshots in %s", dir)
}
