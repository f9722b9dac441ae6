package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
)

// apiCheck is an http.RoundTripper that checks every request a test
// sends, and every answer, against the OpenAPI document with
// kin-openapi's validator: an answer must be one the document describes
// (its status, headers and body), and a request the server accepted must
// be one the document allows.
type apiCheck struct {
	t      *testing.T
	router routers.Router
	mu     sync.Mutex
	seen   map[string]bool // "operationId status"
}

func newAPICheck(t *testing.T) *apiCheck {
	t.Helper()
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(openAPI)
	if err != nil {
		t.Fatalf("openapi.yaml: %v", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("openapi.yaml is not a valid OpenAPI document: %v", err)
	}
	if !doc.IsOpenAPI31OrLater() {
		t.Fatalf("openapi.yaml is OpenAPI %s, want 3.1", doc.OpenAPI)
	}
	doc.Servers = nil // the test servers' addresses
	router, err := legacy.NewRouter(doc)
	if err != nil {
		t.Fatal(err)
	}
	return &apiCheck{t: t, router: router, seen: map[string]bool{}}
}

func (c *apiCheck) RoundTrip(req *http.Request) (*http.Response, error) {
	var reqBody []byte
	if req.Body != nil {
		reqBody, _ = io.ReadAll(req.Body)
		req.Body = io.NopCloser(bytes.NewReader(reqBody))
	}
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		return resp, err
	}
	route, params, err := c.router.FindRoute(req)
	if err != nil {
		c.t.Errorf("%s %s: not in the OpenAPI document: %v", req.Method, req.URL.Path, err)
		return resp, nil
	}
	c.mu.Lock()
	c.seen[fmt.Sprintf("%s %d", route.Operation.OperationID, resp.StatusCode)] = true
	c.mu.Unlock()
	in := &openapi3filter.RequestValidationInput{Request: req.Clone(req.Context()), PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, MultiError: true}}
	in.Request.Body = io.NopCloser(bytes.NewReader(reqBody))
	if resp.StatusCode < 300 {
		if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil {
			c.t.Errorf("%s %s %s: the server accepted a request the document refuses: %v", req.Method, req.URL, reqBody, err)
		}
	}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: resp.StatusCode, Header: resp.Header,
		Options: &openapi3filter.Options{MultiError: true}}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		// A stream does not end: its status and type are checked.
		out.Options.ExcludeResponseBody = true
		out.SetBodyBytes(nil)
	} else {
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		resp.Body = io.NopCloser(bytes.NewReader(body))
		out.SetBodyBytes(body)
	}
	if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
		c.t.Errorf("%s %s: answer %d is not as the document says: %v", req.Method, req.URL, resp.StatusCode, err)
	}
	return resp, nil
}

// TestAPIMatchesOpenAPI plays games through the API, with every endpoint
// and the errors a client meets, and checks each request and answer
// against openapi.yaml (which the server serves), so that the document
// cannot drift from the server.
func TestAPIMatchesOpenAPI(t *testing.T) {
	check := newAPICheck(t)
	client := &http.Client{Transport: check}
	ts := newTestServerWith(t, hubOptions{MaxGames: 3, Limits: rateLimits{Create: 8}, ClientIPHeader: "X-Client"})
	ts.client = client

	if status, b := ts.do("GET", "/api/openapi.yaml", "", nil); status != 200 || !bytes.Equal(b, openAPI) {
		t.Errorf("GET /api/openapi.yaml: %d", status)
	}
	// A game of people, played to its end by the first legal action.
	g := ts.createSeated(createRequest{Players: 2, Seed: "8", Seats: []string{"human", "human"}, Name: "Ann", Reserve: []string{"p2"}})
	ts.do("GET", "/api/games", "", nil)
	ts.do("GET", "/api/games/"+g.ID, "", nil)
	ts.do("GET", "/api/games/"+g.ID+"/catalog", "", nil)
	ts.do("GET", "/api/games/"+g.ID+"/record", "", nil)                    // 403: not over
	ts.do("POST", "/api/games/"+g.ID+"/join", "", []byte(`{"seat":"p2"}`)) // 403: reserved
	code := linkParams(t, g.Invites["p2"]).Get("code")
	status, b := ts.do("POST", "/api/games/"+g.ID+"/join", "", []byte(`{"code":"`+code+`","name":"Bo"}`))
	var j joinResponse
	if json.Unmarshal(b, &j); status != 200 {
		t.Fatalf("join: %d %s", status, b)
	}
	ts.do("POST", "/api/games/"+g.ID+"/join", "", []byte(`{}`)) // 409
	tb := table{ts: ts, id: g.ID, tokens: []string{g.Token, j.Token}}
	ts.do("GET", "/api/games/"+g.ID+"/view?events_from=0", g.Token, nil)
	seat, legal := tb.toAct(t)
	ts.do("POST", "/api/games/"+g.ID+"/actions", tb.tokens[1-seat], legal[0])                                                        // 403
	ts.do("POST", "/api/games/"+g.ID+"/actions", "nope", legal[0])                                                                   // 401
	ts.do("POST", "/api/games/"+g.ID+"/actions?index=99", tb.tokens[seat], legal[0])                                                 // 409
	ts.do("POST", "/api/games/"+g.ID+"/actions", tb.tokens[seat], []byte(`{"type":"x"}`))                                            // 400
	ts.do("POST", "/api/games/"+g.ID+"/actions", tb.tokens[seat], []byte(`"pass"`))                                                  // 400 or 422
	ts.do("POST", "/api/games/"+g.ID+"/actions", tb.tokens[seat], bytes.Repeat([]byte(" "), 1<<16))                                  // 413
	ts.raw("POST", "/api/games/"+g.ID+"/actions", string(legal[0]), map[string]string{"Authorization": "Bearer " + tb.tokens[seat]}) // 415
	ts.raw("POST", "/api/games", `{}`, map[string]string{"Origin": "https://evil.example", "Content-Type": "application/json"})      // 403
	ts.do("GET", "/api/games/nope/view", "", nil)                                                                                    // 404
	ts.do("GET", "/api/games/"+g.ID+"/view?events_from=x", "", nil)                                                                  // 400
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.url+"/api/games/"+g.ID+"/stream", nil)
	if resp, err := client.Do(req); err == nil {
		resp.Body.Close()
	}
	cancel()
	for {
		seat, legal := tb.toAct(t)
		if seat < 0 {
			break
		}
		if status, b := ts.do("POST", fmt.Sprintf("/api/games/%s/actions?index=%d", g.ID, tb.ts.view(g.ID, "").Index), tb.tokens[seat], legal[0]); status != 200 {
			t.Fatalf("act: %d %s", status, b)
		}
	}
	ts.do("GET", "/api/games/"+g.ID+"/record", "", nil)
	ts.do("GET", "/api/games/"+g.ID+"/view", tb.tokens[0], nil) // over: final scoring
	ts.do("POST", "/api/games/"+g.ID+"/join", "", []byte(`{}`)) // 410

	// A game of bots, and the limits.
	ts.create(createRequest{Players: 3, Seats: []string{"greedy", "random", "ismcts"}})
	ts.do("POST", "/api/games", "", []byte(`{"players":9,"seats":[]}`)) // 400
	for range 8 {
		ts.do("POST", "/api/games", "", []byte(`{"players":2,"seats":["human","human"],"sit":"none","private":true}`)) // 200, then 503, then 429
	}
	time.Sleep(10 * time.Millisecond)

	var seen []string
	for k := range check.seen {
		seen = append(seen, k)
	}
	sort.Strings(seen)
	t.Logf("checked against openapi.yaml: %s", strings.Join(seen, ", "))
	for _, want := range []string{"openapi 200", "listGames 200", "createGame 200", "createGame 400", "createGame 403", "createGame 429", "createGame 503",
		"getGame 200", "join 200", "join 403", "join 409", "join 410", "view 200", "view 400", "view 404", "act 200", "act 400", "act 401", "act 403",
		"act 409", "act 413", "act 415", "stream 200", "catalog 200", "record 200", "record 403"} {
		if !check.seen[want] {
			t.Errorf("no request gave %q", want)
		}
	}
}
