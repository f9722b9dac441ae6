package main

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/waterdeep-go/waterdeep"
)

//go:embed web
var webFS embed.FS

// Request body limits. An action is under 200 bytes (the library bounds
// its decoder at waterdeep.MaxActionSize).
const (
	maxCreateBody = 4 << 10
	maxJoinBody   = 1 << 10
	maxActionBody = waterdeep.MaxActionSize
)

// httpError is an error with the status and body it is answered with.
// Reason and Detail are the engine's for an illegal action.
type httpError struct {
	status int
	msg    string
	reason string
	detail string
}

func (e *httpError) Error() string { return e.msg }

// server is the HTTP face of a hub.
type server struct {
	hub *hub
	mux *http.ServeMux

	catMu    sync.Mutex
	catalogs map[*waterdeep.Content][]byte
}

func newServer(h *hub) *server {
	s := &server{hub: h, mux: http.NewServeMux(), catalogs: map[*waterdeep.Content][]byte{}}
	static, _ := fs.Sub(webFS, "web")
	s.mux.Handle("GET /", http.FileServerFS(static))
	s.mux.HandleFunc("GET /api/games", s.handle(s.listGames))
	s.mux.HandleFunc("POST /api/games", s.handle(s.createGame))
	s.mux.HandleFunc("GET /api/games/{id}", s.handle(s.getGame))
	s.mux.HandleFunc("POST /api/games/{id}/join", s.handle(s.join))
	s.mux.HandleFunc("GET /api/games/{id}/view", s.handle(s.view))
	s.mux.HandleFunc("POST /api/games/{id}/actions", s.handle(s.act))
	s.mux.HandleFunc("GET /api/games/{id}/stream", s.stream)
	s.mux.HandleFunc("GET /api/games/{id}/catalog", s.handle(s.catalog))
	s.mux.HandleFunc("GET /api/games/{id}/record", s.handle(s.record))
	return s
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Referrer-Policy", "no-referrer")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; style-src 'self'; img-src 'self' data:")
	s.mux.ServeHTTP(w, r)
}

// handle turns a handler that returns a body or an error into an
// http.HandlerFunc, and is the one place a panic could turn into a 500:
// none should happen, and if one does the client gets a 500 and the log
// the stack, never a crashed server.
func (s *server) handle(f func(w http.ResponseWriter, r *http.Request) ([]byte, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := f(w, r)
		if err != nil {
			writeError(w, err)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		w.Write(body)
	}
}

func writeError(w http.ResponseWriter, err error) {
	var he *httpError
	var mb *http.MaxBytesError
	switch {
	case errors.As(err, &he):
	case errors.As(err, &mb):
		he = &httpError{status: 413, msg: fmt.Sprintf("request body over %d bytes", mb.Limit)}
	case errors.Is(err, context.Canceled):
		he = &httpError{status: 503, msg: "request cancelled"}
	default:
		log.Printf("internal error: %v", err)
		he = &httpError{status: 500, msg: "internal error"}
	}
	body, _ := json.Marshal(struct {
		Error  string `json:"error"`
		Reason string `json:"reason,omitempty"`
		Detail string `json:"detail,omitempty"`
	}{he.msg, he.reason, he.detail})
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(he.status)
	w.Write(body)
}

// readBody reads a request body of at most limit bytes.
func readBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	return io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
}

// decodeStrict decodes JSON into v, refusing unknown fields and trailing
// data.
func decodeStrict(data []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return &httpError{status: 400, msg: "bad JSON: " + err.Error()}
	}
	if d.More() {
		return &httpError{status: 400, msg: "bad JSON: data after the object"}
	}
	return nil
}

// auth returns the seat of the request's token ("Authorization: Bearer
// TOKEN") in game g, Spectator without a token, and a 401 for a token that
// holds no seat of g. The caller holds g.mu. With a shared store, a token
// this process does not know may be one another process handed out: the
// seats are read again before it is refused.
func (h *hub) auth(r *http.Request, g *game) (waterdeep.PlayerID, error) {
	hdr := r.Header.Get("Authorization")
	if hdr == "" {
		return waterdeep.Spectator, nil
	}
	token, ok := strings.CutPrefix(hdr, "Bearer ")
	if !ok || token == "" {
		return 0, &httpError{status: 401, msg: `the Authorization header must be "Bearer TOKEN"`}
	}
	seat, ok := g.seatOf(token)
	if !ok && h.shared {
		if hashes, err := h.store.TokenHashes(r.Context(), g.setup.ID); err == nil && len(hashes) == len(g.tokens) {
			g.tokens = hashes
			seat, ok = g.seatOf(token)
		}
	}
	if !ok {
		return 0, &httpError{status: 401, msg: "this token holds no seat in this game"}
	}
	return seat, nil
}

// gameSummary is a game in the lobby: public facts only (never the seed,
// which would reveal every deck).
type gameSummary struct {
	ID      string     `json:"id"`
	Players int        `json:"players"`
	Modules string     `json:"modules"`
	Long    bool       `json:"long"`
	Seats   []seatInfo `json:"seats"`
	Index   int        `json:"index"`
	Round   int        `json:"round"`
	Over    bool       `json:"over"`
	Created int64      `json:"created"`
}

func (g *game) summary() gameSummary {
	g.mu.Lock()
	defer g.mu.Unlock()
	return gameSummary{ID: g.setup.ID, Players: g.setup.Players, Modules: g.setup.Modules, Long: g.setup.Long,
		Seats: g.seatInfo(), Index: g.n, Round: g.state.Round(), Over: g.state.Over(), Created: g.setup.Created}
}

func (s *server) listGames(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	games := s.hub.list()
	out := make([]gameSummary, 0, len(games))
	for _, g := range games {
		out = append(out, g.summary())
	}
	slices.SortFunc(out, func(a, b gameSummary) int {
		if a.Created != b.Created {
			return int(b.Created - a.Created)
		}
		return strings.Compare(a.ID, b.ID)
	})
	if len(out) > 100 {
		out = out[:100]
	}
	return json.Marshal(out)
}

// createRequest is the body of POST /api/games.
type createRequest struct {
	Players int      `json:"players"`
	Seed    string   `json:"seed"` // decimal; empty for a random one
	Modules string   `json:"modules"`
	Long    bool     `json:"long"`
	Seats   []string `json:"seats"` // "human" or a bot, by seat
}

func (s *server) createGame(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	body, err := readBody(w, r, maxCreateBody)
	if err != nil {
		return nil, err
	}
	var req createRequest
	if err := decodeStrict(body, &req); err != nil {
		return nil, err
	}
	setup := GameSetup{ID: newID(), Players: req.Players, Modules: req.Modules, Long: req.Long, Created: time.Now().UnixMilli()}
	if req.Seed == "" {
		setup.Seed = randomSeed()
	} else if setup.Seed, err = strconv.ParseUint(strings.TrimSpace(req.Seed), 10, 64); err != nil {
		return nil, &httpError{status: 400, msg: fmt.Sprintf("seed %q: want a whole number from 0 to 2^64-1", shorten(req.Seed))}
	}
	if len(req.Seats) != req.Players {
		return nil, &httpError{status: 400, msg: fmt.Sprintf("seats lists %d seats for %d players; give one kind per seat", len(req.Seats), req.Players)}
	}
	for _, k := range req.Seats {
		k = strings.ToLower(strings.TrimSpace(k))
		if k != "human" && !slices.Contains(botKinds, k) {
			return nil, &httpError{status: 400, msg: fmt.Sprintf("seat kind %q: want human, random, greedy or ismcts", shorten(k))}
		}
		setup.Seats = append(setup.Seats, k)
	}
	cfg, err := setup.config()
	if err != nil {
		return nil, &httpError{status: 400, msg: err.Error()}
	}
	setup.Modules = moduleNames(cfg.Modules)
	if _, err := waterdeep.New(cfg); err != nil {
		// The engine's own word on a bad configuration (players, modules,
		// the long game).
		return nil, &httpError{status: 400, msg: err.Error()}
	}
	g, err := s.hub.add(r.Context(), setup)
	if err != nil {
		return nil, err
	}
	sum := g.summary()
	return json.Marshal(sum)
}

func moduleNames(m waterdeep.Modules) string {
	var names []string
	if m.Has(waterdeep.Undermountain) {
		names = append(names, "undermountain")
	}
	if m.Has(waterdeep.Skullport) {
		names = append(names, "skullport")
	}
	return strings.Join(names, ",")
}

func shorten(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

func (s *server) getGame(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	g, err := s.hub.get(r.Context(), r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	return json.Marshal(g.summary())
}

// joinRequest is the body of POST /api/games/{id}/join: a seat ("p2"), or
// empty for the first free human seat.
type joinRequest struct {
	Seat string `json:"seat"`
}

func (s *server) join(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	g, err := s.hub.get(r.Context(), r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	body, err := readBody(w, r, maxJoinBody)
	if err != nil {
		return nil, err
	}
	var req joinRequest
	if len(bytes.TrimSpace(body)) > 0 {
		if err := decodeStrict(body, &req); err != nil {
			return nil, err
		}
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	seat := -1
	if req.Seat == "" {
		for i, k := range g.setup.Seats {
			if k == "human" && g.tokens[i] == "" {
				seat = i
				break
			}
		}
		if seat < 0 {
			return nil, &httpError{status: 409, msg: "no free seat in this game"}
		}
	} else {
		n, err := strconv.Atoi(strings.TrimPrefix(strings.ToLower(req.Seat), "p"))
		if err != nil || n < 1 || n > len(g.setup.Seats) || !strings.HasPrefix(strings.ToLower(req.Seat), "p") {
			return nil, &httpError{status: 400, msg: fmt.Sprintf("seat %q: want p1 to p%d", shorten(req.Seat), len(g.setup.Seats))}
		}
		seat = n - 1
		if g.setup.Seats[seat] != "human" {
			return nil, &httpError{status: 409, msg: fmt.Sprintf("seat %s is played by the %s bot", req.Seat, g.setup.Seats[seat])}
		}
	}
	token, hash := newToken()
	if err := s.hub.store.ClaimSeat(r.Context(), g.setup.ID, seat, hash); err != nil {
		if errors.Is(err, ErrConflict) {
			return nil, &httpError{status: 409, msg: fmt.Sprintf("seat %s is taken", seatName(waterdeep.PlayerID(seat)))}
		}
		return nil, err
	}
	g.tokens[seat] = hash
	s.hub.changedLocked(g)
	return json.Marshal(struct {
		Seat  string `json:"seat"`
		Token string `json:"token"`
	}{seatName(waterdeep.PlayerID(seat)), token})
}

func (s *server) view(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	g, err := s.hub.get(r.Context(), r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	from := -1
	if f := r.URL.Query().Get("events_from"); f != "" {
		if from, err = strconv.Atoi(f); err != nil {
			return nil, &httpError{status: 400, msg: "events_from: want a number"}
		}
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	seat, err := s.hub.auth(r, g)
	if err != nil {
		return nil, err
	}
	s.hub.catchUpLocked(r.Context(), g)
	return appendPayload(nil, g, seat, from)
}

// act takes one action. The body is the action in the library's JSON
// form, or a JSON string in its text form ("place cliffwatch-inn/1", the
// seat may be left out). ?index=N makes it conditional: it is refused
// with 409 unless exactly N actions have been taken, so a client acting on
// an old view gets a conflict rather than a surprise.
func (s *server) act(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	g, err := s.hub.get(r.Context(), r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	expect := -1
	if v := r.URL.Query().Get("index"); v != "" {
		if expect, err = strconv.Atoi(v); err != nil || expect < 0 {
			return nil, &httpError{status: 400, msg: "index: want the number of actions taken so far"}
		}
	}
	body, err := readBody(w, r, maxActionBody)
	if err != nil {
		return nil, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	seat, err := s.hub.auth(r, g)
	if err != nil {
		return nil, err
	}
	if seat == waterdeep.Spectator {
		return nil, &httpError{status: 401, msg: "acting needs your seat's token (Authorization: Bearer TOKEN)"}
	}
	s.hub.catchUpLocked(r.Context(), g)
	if expect >= 0 && expect != g.n {
		return nil, &httpError{status: 409, msg: fmt.Sprintf("conflict: %d actions have been taken, not %d", g.n, expect), reason: "conflict", detail: "The game has moved on. Look at it again."}
	}
	a, err := decodeAction(g, seat, body)
	if err != nil {
		return nil, err
	}
	from := len(g.events)
	if err := s.hub.applyLocked(r.Context(), g, seat, a); err != nil {
		return nil, err
	}
	return appendPayload(nil, g, seat, from)
}

// decodeAction reads an action in JSON or text form.
func decodeAction(g *game, seat waterdeep.PlayerID, body []byte) (waterdeep.Action, error) {
	body = bytes.TrimSpace(body)
	var a waterdeep.Action
	var err error
	if len(body) > 0 && body[0] == '"' {
		var text string
		if err := json.Unmarshal(body, &text); err != nil {
			return nil, &httpError{status: 400, msg: "bad JSON string: " + err.Error()}
		}
		a, err = g.state.View(seat).ParseAction(text)
	} else {
		a, err = g.state.Content().UnmarshalAction(body)
	}
	if err != nil {
		var de *waterdeep.DecodeError
		if errors.As(err, &de) {
			return nil, &httpError{status: 400, msg: err.Error(), reason: "bad action", detail: de.Detail}
		}
		return nil, &httpError{status: 400, msg: err.Error()}
	}
	return a, nil
}

func (s *server) catalog(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	g, err := s.hub.get(r.Context(), r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	g.mu.Lock()
	c := g.state.Content()
	g.mu.Unlock()
	s.catMu.Lock()
	defer s.catMu.Unlock()
	if b, ok := s.catalogs[c]; ok {
		return b, nil
	}
	b, err := json.Marshal(c.Catalog())
	if err != nil {
		return nil, err
	}
	s.catalogs[c] = b
	return b, nil
}

// record returns the game's record once it is over; before, it would
// reveal the seed and so every hidden card.
func (s *server) record(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	g, err := s.hub.get(r.Context(), r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	g.mu.Lock()
	over := g.state.Over()
	g.mu.Unlock()
	if !over {
		return nil, &httpError{status: 403, msg: "the record reveals every hidden card; it is published when the game is over"}
	}
	sg, err := s.hub.store.Game(r.Context(), g.setup.ID)
	if err != nil {
		return nil, err
	}
	actions := make([]json.RawMessage, len(sg.Actions))
	for i, a := range sg.Actions {
		actions[i] = a
	}
	// The library's Record, which waterdeep.DecodeRecord and Replay take
	// back to this very game, modules and all.
	rec, err := sg.record()
	if err != nil {
		return nil, err
	}
	return json.Marshal(struct {
		Setup   GameSetup         `json:"setup"`
		Actions []json.RawMessage `json:"actions"`
		Record  waterdeep.Record  `json:"record"`
	}{sg.Setup, actions, rec})
}
