package main

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
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
	Index   int    `json:"index"`
	Round   int    `json:"round"`
	Over    bool   `json:"over"`
	Buttons int    `json:"buttons"`
	Final   []int  `json:"final"`
	Game    string `json:"game"`
	Error   string `json:"error"`
}

const readPage = `(() => {
  const v = game.view;
  return {
    index: game.index, round: v ? v.round : 0, over: v ? v.over : false, game: game.id || "",
    buttons: document.querySelectorAll('#actions button:not([disabled])').length,
    final: [...document.querySelectorAll('#final-table td.total')].map(td => +td.textContent),
    error: document.getElementById('action-error').textContent + (document.body.dataset.jsError || ''),
  };
})()`

// TestBrowserPlaysAWholeGame opens the page in Chromium, creates a game
// with one person (this test, clicking) against a Random and a Greedy
// bot, plays it to the end by clicking the action buttons, and checks the
// final scores the page shows against the engine's. It saves screenshots
// of the first turn, a turn in mid-game (also phone-sized) and the final
// scoring.
func TestBrowserPlaysAWholeGame(t *testing.T) {
	if testing.Short() {
		t.Skip("drives a browser")
	}
	exe := chromium()
	if exe == "" {
		t.Skip("no Chromium found: install Debian's chromium package (.ci/run does) to run the browser test")
	}
	ts := newTestServer(t)
	dir := artifacts(t)
	seed := os.Getenv("WATERDEEP_BROWSER_SEED") // another game, for a person checking the page
	if seed == "" {
		seed = "2024"
	}
	clickSeed, _ := strconv.ParseUint(seed, 10, 64)

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-dev-shm-usage", true), chromedp.WindowSize(1280, 1000))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	bctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	// The first Run starts the browser and must not carry a timeout.
	if err := chromedp.Do(bctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(bctx, 110*time.Second)
	defer cancel()

	shot := func(name string) {
		t.Helper()
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatalf("screenshot %s: %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	read := func() pageState {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Evaluate[pageState](readPage))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}

	// Create the game in the lobby's form: 3 players, p1 a person.
	err := chromedp.Do(ctx,
		chromedp.Navigate(ts.url+"/"),
		chromedp.WaitVisible(chromedp.ID("create-game")),
		chromedp.SetValue(chromedp.ID("players"), "3"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('players').dispatchEvent(new Event('change'))`),
		chromedp.SetValue(chromedp.CSS(`select[name=seat0]`), "human"),
		chromedp.SetValue(chromedp.CSS(`select[name=seat1]`), "random"),
		chromedp.SetValue(chromedp.CSS(`select[name=seat2]`), "greedy"),
		chromedp.SetValue(chromedp.CSS(`input[name=seed]`), seed),
	)
	if err != nil {
		t.Fatal(err)
	}
	shot("0-lobby.png")
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.ID("create-game")),
		chromedp.WaitVisible(chromedp.CSS("#actions button")),
	)
	if err != nil {
		t.Fatal(err)
	}
	shot("1-first-turn.png")

	rng := rand.New(rand.NewPCG(7, clickSeed))
	clicks, midShot := 0, false
	deadline := time.Now().Add(100 * time.Second)
	var s pageState
	for {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end in time: %+v after %d clicks", s, clicks)
		}
		s = read()
		if s.Error != "" {
			t.Fatalf("the page shows an error: %s", s.Error)
		}
		if s.Over && len(s.Final) > 0 {
			break
		}
		if s.Buttons == 0 {
			time.Sleep(15 * time.Millisecond)
			continue
		}
		if !midShot && s.Round >= 5 {
			midShot = true
			shot("2-mid-game.png")
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2))); err != nil {
				t.Fatal(err)
			}
			png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(dir, "3-mid-game-phone.png"), png, 0o644)
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 1000)); err != nil {
				t.Fatal(err)
			}
		}
		i := rng.IntN(s.Buttons) + 1
		before := s.Index
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#actions button:nth-child(`+strconv.Itoa(i)+`)`))); err != nil {
			t.Fatal(err)
		}
		clicks++
		for s = read(); s.Index == before && s.Error == "" && time.Now().Before(deadline); s = read() {
			time.Sleep(10 * time.Millisecond)
		}
	}
	shot("4-final-scoring.png")

	g, err := ts.hub.get(context.Background(), s.Game)
	if err != nil {
		t.Fatal(err)
	}
	g.mu.Lock()
	want := g.state.Scores()
	over := g.state.Over()
	g.mu.Unlock()
	if !over {
		t.Fatal("the page shows final scores for a game the engine has not ended")
	}
	if diff := cmp.Diff(want, s.Final); diff != "" {
		t.Errorf("final scores on the page differ from the engine's (-engine +page):\n%s", diff)
	}
	b, _ := json.Marshal(s.Final)
	t.Logf("played %d clicks; final scores %s; screenshots in %s", clicks, b, dir)

	// A six-player game with both modules, seen by its one person in
	// round 3: whatever the view carries that the page has no words for
	// yet is shown plainly, not hidden.
	id := ts.create(createRequest{Players: 6, Seed: "99", Modules: "undermountain,skullport", Long: true,
		Seats: []string{"human", "random", "greedy", "random", "greedy", "random"}})
	token := ts.join(id, "p1")
	tb := table{ts: ts, id: id, tokens: []string{token}}
	for {
		v := parseView(t, ts.view(id, token).View)
		if v.Round >= 3 && v.ToAct != nil && *v.ToAct == "p1" {
			break
		}
		if v.ToAct != nil && *v.ToAct == "p1" {
			tb.playFirstLegal(t)
		} else {
			time.Sleep(5 * time.Millisecond)
		}
	}
	stored, _ := json.Marshal(map[string]string{"seat": "p1", "token": token})
	err = chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`localStorage.setItem("wd-token-`+id+`", `+strconv.Quote(string(stored))+`)`),
		chromedp.Navigate(ts.url+"/#game="+id),
		chromedp.WaitVisible(chromedp.CSS("#actions button")),
	)
	if err != nil {
		t.Fatal(err)
	}
	shot("5-modules-six-players.png")
	_ = waterdeep.NoPlayer
}
