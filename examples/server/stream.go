package main

import (
	"net/http"
	"strconv"
	"time"
)

// stream is the push channel, Server-Sent Events: after every change the
// seat of the request's token (or a spectator, without one) gets an
// "update" event whose data is the payload of GET .../view with the events
// it has not had yet. The token travels in the Authorization header, as
// for every other request (the page reads the stream with fetch).
//
// The stream ends after the update that shows the game ended.
//
// Each stream reads the game under its lock when woken, so a slow client
// delays nobody but itself: a wake-up that finds it busy is merged into the
// next one.
func (s *server) stream(w http.ResponseWriter, r *http.Request) {
	if err := s.limits.check(s.limits.stream, r); err != nil {
		writeError(w, err)
		return
	}
	client := clientAddr(r, s.limits.header)
	if !s.limits.streams.acquire(client) {
		writeError(w, &httpError{status: 429, msg: "too many streams open from your address; close one", retryAfter: 10})
		return
	}
	defer s.limits.streams.release(client)
	if n := s.streams.Add(1); s.hub.o.MaxStreams > 0 && n > int64(s.hub.o.MaxStreams) {
		s.streams.Add(-1)
		writeError(w, &httpError{status: 503, msg: "this server holds its limit of open streams (-max-streams-total); try again later", retryAfter: 10})
		return
	}
	defer s.streams.Add(-1)
	g, err := s.hub.get(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, err)
		return
	}
	from := -1
	if f := r.URL.Query().Get("events_from"); f != "" {
		if from, err = strconv.Atoi(f); err != nil {
			writeError(w, &httpError{status: 400, msg: "events_from: want a number"})
			return
		}
	}
	g.mu.Lock()
	seat, err := s.hub.auth(r, g)
	if err != nil {
		g.mu.Unlock()
		writeError(w, err)
		return
	}
	if s.hub.o.GameStreams > 0 && len(g.subs) >= s.hub.o.GameStreams {
		g.mu.Unlock()
		writeError(w, &httpError{status: 503, msg: "this game has its limit of open streams (-game-streams); try again later", retryAfter: 10})
		return
	}
	sub := &subscriber{seat: seat, notify: make(chan struct{}, 1)}
	g.subs[sub] = struct{}{}
	g.mu.Unlock()
	defer func() {
		g.mu.Lock()
		delete(g.subs, sub)
		g.mu.Unlock()
	}()

	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	rc := http.NewResponseController(w)
	sub.notify <- struct{}{} // the first update: the game as it is
	keepAlive := time.NewTicker(20 * time.Second)
	defer keepAlive.Stop()
	var buf []byte
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.hub.ctx.Done():
			return
		case <-keepAlive.C:
			if _, err := w.Write([]byte(": keep-alive\n\n")); err != nil {
				return
			}
		case <-sub.notify:
			g.mu.Lock()
			buf = append(buf[:0], "event: update\ndata: "...)
			buf, err = appendPayload(buf, g, seat, from)
			from = len(g.events)
			ended := g.ended != ""
			g.mu.Unlock()
			if err != nil {
				return
			}
			buf = append(buf, "\n\n"...)
			if _, err := w.Write(buf); err != nil {
				return
			}
			if ended {
				// Nothing will change any more: the last update said so
				// ("ended"), and the stream ends.
				rc.Flush()
				return
			}
		}
		if err := rc.Flush(); err != nil {
			return
		}
	}
}
