package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"
)

// testServer is a server over a fresh SQLite file, with bots that do not
// pause.
type testServer struct {
	t   *testing.T
	url string
	hub *hub
	// client sends the requests (http.DefaultClient if nil): the OpenAPI
	// test checks every one against the document.
	client *http.Client
}

func (ts *testServer) httpClient() *http.Client {
	if ts.client != nil {
		return ts.client
	}
	return http.DefaultClient
}

func newTestServer(t *testing.T) *testServer {
	t.Helper()
	store, err := OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	return newTestServerOn(t, store)
}

func newTestServerOn(t *testing.T, store Store) *testServer {
	t.Helper()
	h, err := newHub(context.Background(), store, hubOptions{Budget: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return newTestServerWithHub(t, h, store)
}

func newTestServerWithHub(t *testing.T, h *hub, store Store) *testServer {
	t.Helper()
	srv := httptest.NewServer(newServer(h))
	t.Cleanup(func() {
		h.cancel()
		srv.Close()
		h.close()
		store.Close()
	})
	return &testServer{t: t, url: srv.URL, hub: h}
}

// do sends a request and returns the status and body.
func (ts *testServer) do(method, path, token string, body []byte) (int, []byte) {
	ts.t.Helper()
	req, err := http.NewRequest(method, ts.url+path, bytes.NewReader(body))
	if req != nil && req.Method == "POST" {
		req.Header.Set("Content-Type", "application/json")
	}
	if err != nil {
		ts.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := ts.httpClient().Do(req)
	if err != nil {
		ts.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		ts.t.Fatal(err)
	}
	return resp.StatusCode, b
}

// create makes a game and returns its id. The creator takes no seat
// unless req.Sit names one (see createSeated).
func (ts *testServer) create(req createRequest) string {
	ts.t.Helper()
	if req.Sit == "" {
		req.Sit = "none"
	}
	return ts.createSeated(req).ID
}

// createSeated makes a game as the page does and returns the answer.
func (ts *testServer) createSeated(req createRequest) createResponse {
	ts.t.Helper()
	body, _ := json.Marshal(req)
	status, b := ts.do("POST", "/api/games", "", body)
	if status != 200 {
		ts.t.Fatalf("create: %d %s", status, b)
	}
	var out createResponse
	if err := json.Unmarshal(b, &out); err != nil {
		ts.t.Fatal(err)
	}
	return out
}

// join takes a seat and returns its token.
func (ts *testServer) join(id, seat string) string {
	ts.t.Helper()
	status, b := ts.do("POST", "/api/games/"+id+"/join", "", []byte(`{"seat":"`+seat+`"}`))
	if status != 200 {
		ts.t.Fatalf("join %s: %d %s", seat, status, b)
	}
	var out struct{ Token string }
	json.Unmarshal(b, &out)
	return out.Token
}

// payload is the part of a view payload the tests read.
type payload struct {
	Game   string          `json:"game"`
	Seat   *string         `json:"seat"`
	Index  int             `json:"index"`
	View   json.RawMessage `json:"view"`
	Events []struct {
		Kind string `json:"kind"`
		Text string `json:"text"`
	} `json:"events"`
	Final []finalLine `json:"final"`
}

func (ts *testServer) view(id, token string) payload {
	ts.t.Helper()
	status, b := ts.do("GET", "/api/games/"+id+"/view", token, nil)
	if status != 200 {
		ts.t.Fatalf("view: %d %s", status, b)
	}
	var p payload
	if err := json.Unmarshal(b, &p); err != nil {
		ts.t.Fatal(err)
	}
	return p
}
