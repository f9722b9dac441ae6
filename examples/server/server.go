package main

import (
	"bytes"
	"context"
	"crypto/subtle"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/waterdeep-go/waterdeep"
)

//go:embed web
var webFS embed.FS

// openAPI is the API described in OpenAPI 3.1, served at
// /api/openapi.yaml; the tests check real requests and answers against it.
//
//go:embed openapi.yaml
var openAPI []byte

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
	// retryAfter, in seconds, is sent as Retry-After (429 and 503).
	retryAfter int
}

func (e *httpError) Error() string { return e.msg }

// server is the HTTP face of a hub.
type server struct {
	hub    *hub
	mux    *http.ServeMux
	limits *limits

	catMu    sync.Mutex
	catalogs map[*waterdeep.Content][]byte

	// streams counts the streams open on this process (hubOptions.MaxStreams).
	streams atomic.Int64
}

func newServer(h *hub) *server {
	s := &server{hub: h, mux: http.NewServeMux(), limits: newLimits(h.o), catalogs: map[*waterdeep.Content][]byte{}}
	static, _ := fs.Sub(webFS, "web")
	s.mux.Handle("GET /", http.FileServerFS(static))
	s.mux.HandleFunc("GET /api/openapi.yaml", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/yaml")
		w.Write(openAPI)
	})
	s.mux.HandleFunc("GET /api/games", s.handle(s.reading(s.listGames)))
	s.mux.HandleFunc("POST /api/games", s.handle(s.createGame))
	s.mux.HandleFunc("GET /api/games/{id}", s.handle(s.reading(s.getGame)))
	s.mux.HandleFunc("POST /api/games/{id}/join", s.handle(s.join))
	s.mux.HandleFunc("GET /api/games/{id}/view", s.handle(s.reading(s.view)))
	s.mux.HandleFunc("POST /api/games/{id}/actions", s.handle(s.act))
	s.mux.HandleFunc("GET /api/games/{id}/stream", s.stream)
	s.mux.HandleFunc("GET /api/games/{id}/catalog", s.handle(s.reading(s.catalog)))
	s.mux.HandleFunc("GET /api/games/{id}/record", s.handle(s.reading(s.record)))
	return s
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Referrer-Policy", "no-referrer")
	// No other site may frame the page (clickjacking): frame-ancestors,
	// and X-Frame-Options for browsers without it.
	w.Header().Set("Content-Security-Policy", "default-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
	w.Header().Set("X-Frame-Options", "DENY")
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		if err := s.crossSite(r); err != nil {
			writeError(w, err)
			return
		}
	}
	s.mux.ServeHTTP(w, r)
}

// crossSite refuses a state-changing request that another site's page
// may have sent from a visitor's browser: one whose Origin is not this
// server's (nor one of -origin), or, without Origin, whose Sec-Fetch-Site
// says another site sent it; and one whose body is not declared JSON
// (which a page of another site cannot declare without the browser first
// asking this server, which never allows it).
func (s *server) crossSite(r *http.Request) error {
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		if err != nil || (!strings.EqualFold(u.Host, r.Host) && !slices.Contains(s.hub.o.Origins, strings.TrimRight(o, "/"))) {
			return &httpError{status: 403, msg: "cross-site request refused: the Origin " + shorten(o) + " is not this server's"}
		}
	} else if f := r.Header.Get("Sec-Fetch-Site"); f != "" && f != "same-origin" && f != "none" {
		return &httpError{status: 403, msg: "cross-site request refused (Sec-Fetch-Site: " + shorten(f) + ")"}
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		return &httpError{status: 415, msg: "send the body as Content-Type: application/json"}
	}
	return nil
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

// reading puts a GET of the API under the read rate limit.
func (s *server) reading(f func(w http.ResponseWriter, r *http.Request) ([]byte, error)) func(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	return func(w http.ResponseWriter, r *http.Request) ([]byte, error) {
		if err := s.limits.check(s.limits.read, r); err != nil {
			return nil, err
		}
		return f(w, r)
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
	if he.retryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(he.retryAfter))
	}
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
	// The scheme is case-insensitive (RFC 9110, 11.1).
	scheme, token, _ := strings.Cut(strings.TrimSpace(hdr), " ")
	token = strings.TrimSpace(token)
	if !strings.EqualFold(scheme, "Bearer") || token == "" {
		return 0, &httpError{status: 401, msg: `the Authorization header must be "Bearer TOKEN"`}
	}
	seat, ok := g.seatOf(token)
	if !ok && h.shared && h.refreshSeatsLocked(r.Context(), g) {
		seat, ok = g.seatOf(token)
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
	// Ended is "over" or "abandoned" once the game has ended, else "".
	Ended   string `json:"ended,omitempty"`
	Private bool   `json:"private,omitempty"`
	Created int64  `json:"created"`
}

func (g *game) summary() gameSummary {
	g.mu.Lock()
	defer g.mu.Unlock()
	return gameSummary{ID: g.setup.ID, Players: g.setup.Players, Modules: g.setup.Modules, Long: g.setup.Long,
		Seats: g.seatInfo(), Index: g.n, Round: g.state.Round(), Over: g.state.Over(), Ended: g.ended, Private: g.setup.Private, Created: g.setup.Created}
}

func (s *server) listGames(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	games, err := s.hub.lobby(r.Context(), 100)
	if err != nil {
		return nil, err
	}
	out := make([]gameSummary, 0, len(games))
	for _, g := range games {
		if sum := g.summary(); !sum.Private && sum.Ended == "" {
			out = append(out, sum)
		}
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
	// Sit is the human seat the creator takes ("p2"): "" for the first,
	// "none" for none (someone setting up a game for others).
	Sit string `json:"sit"`
	// Private leaves the game out of the lobby; its seats are taken only
	// with their invite links.
	Private bool `json:"private"`
	// Reserve lists the human seats of a public game kept for their
	// invite links ("p2"): the lobby shows them, but nobody takes them
	// from it.
	Reserve []string `json:"reserve"`
	// Name is the name the creator sits under (at most 24 characters).
	Name string `json:"name"`
}

// createResponse is the answer to POST /api/games: the game's public
// facts, the creator's seat and token (taken in the same request, so
// nobody can sit there first), and a link for each seat: the creator's
// rejoin link (to play from another device; it holds the token) and an
// invite link for every other human seat (it holds that seat's join
// code). The links are paths with a fragment, which browsers never send
// to a server: prefix them with the server's address.
type createResponse struct {
	gameSummary
	Seat    string            `json:"seat,omitempty"`
	Token   string            `json:"token,omitempty"`
	Rejoin  string            `json:"rejoin,omitempty"`
	Invites map[string]string `json:"invites,omitempty"`
}

// joinResponse is the answer to POST /api/games/{id}/join.
type joinResponse struct {
	Seat   string `json:"seat"`
	Token  string `json:"token"`
	Rejoin string `json:"rejoin"`
}

func rejoinLink(id, token string) string { return "/#game=" + id + "&token=" + token }
func inviteLink(id, seat, code string) string {
	return "/#game=" + id + "&seat=" + seat + "&code=" + code
}

func (s *server) createGame(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	if err := s.limits.check(s.limits.create, r); err != nil {
		return nil, err
	}
	body, err := readBody(w, r, maxCreateBody)
	if err != nil {
		return nil, err
	}
	var req createRequest
	if err := decodeStrict(body, &req); err != nil {
		return nil, err
	}
	setup := GameSetup{ID: newID(), Players: req.Players, Modules: req.Modules, Long: req.Long, Private: req.Private, Created: time.Now().UnixMilli()}
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
	for _, r := range req.Reserve {
		n, ok := parseSeat(strings.TrimSpace(r), len(setup.Seats))
		if !ok || setup.Seats[n] != "human" {
			return nil, &httpError{status: 400, msg: fmt.Sprintf("reserve %q: want human seats (p1 to p%d)", shorten(r), len(setup.Seats))}
		}
		if setup.Reserved == nil {
			setup.Reserved = make([]bool, len(setup.Seats))
		}
		setup.Reserved[n] = true
	}
	name, err := personName(req.Name)
	if err != nil {
		return nil, err
	}
	sit := -1
	switch sitAt := strings.ToLower(strings.TrimSpace(req.Sit)); sitAt {
	case "none":
	case "":
		sit = slices.Index(setup.Seats, "human")
	default:
		n, ok := parseSeat(sitAt, len(setup.Seats))
		if !ok || setup.Seats[n] != "human" {
			return nil, &httpError{status: 400, msg: fmt.Sprintf("sit %q: want a human seat (p1 to p%d), or none", shorten(req.Sit), len(setup.Seats))}
		}
		sit = n
	}
	codes := make([]string, len(setup.Seats))
	setup.Invites = make([]string, len(setup.Seats))
	for i, k := range setup.Seats {
		if k == "human" {
			codes[i], setup.Invites[i] = newToken()
		}
	}
	var token, hash string
	if sit >= 0 {
		token, hash = newToken()
	}
	g, err := s.hub.add(r.Context(), setup, sit, hash, name, clientAddr(r, s.limits.header))
	if err != nil {
		return nil, err
	}
	out := createResponse{gameSummary: g.summary()}
	if sit >= 0 {
		out.Seat, out.Token, out.Rejoin = seatName(waterdeep.PlayerID(sit)), token, rejoinLink(setup.ID, token)
	}
	for i, c := range codes {
		if c != "" && i != sit {
			if out.Invites == nil {
				out.Invites = map[string]string{}
			}
			seat := seatName(waterdeep.PlayerID(i))
			out.Invites[seat] = inviteLink(setup.ID, seat, c)
		}
	}
	return marshalLinks(out)
}

// marshalLinks encodes an answer holding links without escaping their
// "&" as \u0026 (which JSON allows, but people copying a link from it
// trip over).
func marshalLinks(v any) ([]byte, error) {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// parseSeat reads "p1" to "pN" as a seat number from 0.
func parseSeat(s string, seats int) (int, bool) {
	s = strings.ToLower(s)
	n, err := strconv.Atoi(strings.TrimPrefix(s, "p"))
	if err != nil || n < 1 || n > seats || !strings.HasPrefix(s, "p") {
		return 0, false
	}
	return n - 1, true
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
// empty for the first free human seat, and the seat's join code from its
// invite link (needed in a private game; in a public one any free seat may
// be taken without one).
type joinRequest struct {
	Seat string `json:"seat"`
	Code string `json:"code"`
	// Name is the name to sit under (at most 24 characters).
	Name string `json:"name"`
}

// maxName bounds a person's name, in characters.
const maxName = 24

// personName checks a name a person gives: trimmed, at most maxName
// characters, no control characters ("" is no name: the seat shows).
func personName(s string) (string, error) {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) > maxName || !utf8.ValidString(s) || strings.ContainsFunc(s, unicode.IsControl) {
		return "", &httpError{status: 400, msg: fmt.Sprintf("name: want at most %d characters of text", maxName)}
	}
	return s, nil
}

func (s *server) join(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	if err := s.limits.check(s.limits.join, r); err != nil {
		return nil, err
	}
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
	name, err := personName(req.Name)
	if err != nil {
		return nil, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.ended != "" {
		return nil, &httpError{status: 410, msg: "this game has ended (" + g.ended + ")"}
	}
	if s.hub.shared {
		s.hub.refreshSeatsLocked(r.Context(), g)
	}
	seat := -1
	switch {
	case req.Code != "":
		// The seat whose invite code this is (the seat named, if one is).
		h := hashToken(req.Code)
		for i, inv := range g.setup.Invites {
			if inv != "" && subtle.ConstantTimeCompare([]byte(inv), []byte(h)) == 1 {
				seat = i
			}
		}
		if seat < 0 || (req.Seat != "" && !strings.EqualFold(req.Seat, seatName(waterdeep.PlayerID(seat)))) {
			return nil, &httpError{status: 403, msg: "this join code opens no seat of this game"}
		}
	case g.setup.Private:
		return nil, &httpError{status: 403, msg: "this game is private: its seats are taken with their invite links"}
	case req.Seat == "":
		for i, k := range g.setup.Seats {
			if k == "human" && g.tokens[i] == "" && !g.setup.reserved(i) {
				seat = i
				break
			}
		}
		if seat < 0 {
			return nil, &httpError{status: 409, msg: "no free seat in this game"}
		}
	default:
		n, ok := parseSeat(req.Seat, len(g.setup.Seats))
		if !ok {
			return nil, &httpError{status: 400, msg: fmt.Sprintf("seat %q: want p1 to p%d", shorten(req.Seat), len(g.setup.Seats))}
		}
		seat = n
		if g.setup.Seats[seat] != "human" {
			return nil, &httpError{status: 409, msg: fmt.Sprintf("seat %s is played by the %s bot", req.Seat, g.setup.Seats[seat])}
		}
		if g.setup.reserved(seat) {
			return nil, &httpError{status: 403, msg: fmt.Sprintf("seat %s is kept for its invite link", seatName(waterdeep.PlayerID(seat)))}
		}
	}
	token, hash := newToken()
	if err := s.hub.store.ClaimSeat(r.Context(), g.setup.ID, seat, hash, name); err != nil {
		if errors.Is(err, ErrConflict) {
			return nil, &httpError{status: 409, msg: fmt.Sprintf("seat %s is taken", seatName(waterdeep.PlayerID(seat)))}
		}
		return nil, err
	}
	g.tokens[seat], g.names[seat] = hash, name
	g.active = time.Now()
	s.hub.changedLocked(g)
	return marshalLinks(joinResponse{seatName(waterdeep.PlayerID(seat)), token, rejoinLink(g.setup.ID, token)})
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
	if err := s.limits.check(s.limits.act, r); err != nil {
		return nil, err
	}
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
	if err := s.hub.applyLocked(r.Context(), g, seat, a, false); err != nil {
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
		if err != nil {
			// A text that names another seat reads as that seat's
			// action: refused as acting for another (403), as its JSON
			// form is.
			if other, err2 := g.state.View(waterdeep.Spectator).ParseAction(text); err2 == nil && other.Actor() != seat {
				return nil, &httpError{status: 403, msg: fmt.Sprintf("you hold seat %s and may not act for %s", seatName(seat), seatName(other.Actor()))}
			}
		}
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
