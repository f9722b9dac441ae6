// Command server is a game server for Lords of Waterdeep with a web page:
// people play whole games against each other and the reference bots in a
// browser. It embeds the waterdeep engine, keeps every game in a database
// (SQLite by default, or PostgreSQL for several processes sharing one),
// holds the live games in memory (ended ones are read from the database
// when asked for), and pushes each seat its own view after every change.
//
//	go run .                          # SQLite in ./waterdeep.db, http://127.0.0.1:8080
//	go run . -addr :9000 -db /tmp/games.db
//	go run . -postgres 'postgres://user@localhost/waterdeep'
//
// README.md lists every flag and limit, and the HTTP API with an example
// of each request and answer:
//
//	GET  /api/games                  the lobby: public facts of each live public game
//	POST /api/games                  create: {"players":3,"seats":["human","greedy","random"]} -> the game,
//	                                 the creator's seat, token and rejoin link, an invite link per human seat
//	GET  /api/games/{id}             one game's public facts
//	POST /api/games/{id}/join        {"seat":"p2"}, {"code":"…"} (an invite's) or {} -> {"seat":"p2","token":"…","rejoin":"…"}
//	GET  /api/games/{id}/view        the token's seat's view, or a spectator's without a token
//	POST /api/games/{id}/actions     an action (JSON form or a JSON string of text); ?index=N to act only on the game as seen
//	GET  /api/games/{id}/stream      Server-Sent Events: the view and new events after every change
//	GET  /api/games/{id}/catalog     every card's name and text
//	GET  /api/games/{id}/record      once the game is over: {"setup":…,"actions":[…],"record":…}, the
//	                                 last a waterdeep.Record that waterdeep.Replay takes back to the game
package main

import (
	"context"
	crand "crypto/rand" // crypto/rand: secrets, not game randomness
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	dbPath := flag.String("db", "waterdeep.db", "SQLite database file (the default store)")
	pg := flag.String("postgres", "", "PostgreSQL connection string: use PostgreSQL instead of SQLite, shared with other server processes")
	budget := flag.Duration("budget", time.Second, "most time the ISMCTS bot thinks per decision (a hard cap: past it, plus 250ms, the bot's first legal action is played)")
	delay := flag.Duration("bot-delay", 400*time.Millisecond, "pause before each bot move, so people can follow")
	maxGames := flag.Int("max-games", 1000, "most live games of the service (ended games do not count); creating more is refused with 503")
	maxBotSeats := flag.Int("max-bot-seats", 40, "most bot seats in the live games of the service, each game counting its bot seats; creating more is refused with 503")
	quotaGames := flag.Int("quota-games", 4, "most live games one client address may have created, private ones included (0: no quota); more is refused with 429")
	quotaBots := flag.Int("quota-bot-seats", 8, "most bot seats in the live games one client address created (0: no quota); more is refused with 429")
	maxThinking := flag.Int("max-thinking", defaultThinking(), "most bots choosing a move at once in this process, across every game (default: the CPUs the process may use)")
	maxSearching := flag.Int("max-searching", 0, "most search bots (ISMCTS) among them (default: one fewer than -max-thinking, at least 1)")
	idle := flag.Duration("idle", 24*time.Hour, "a live game nobody acts in for this long is abandoned and freed")
	unjoined := flag.Duration("unjoined", 15*time.Minute, "a game with human seats none of which is taken after this long is abandoned")
	lease := flag.Duration("lease", 5*time.Second, "PostgreSQL: how long a process's lease on a game lasts unrenewed; another process takes over a dead one's games after about this long")
	maxStreamsTotal := flag.Int("max-streams-total", 2000, "most streams open on this process (0: no limit)")
	gameStreams := flag.Int("game-streams", 64, "most streams open on one game in this process (0: no limit)")
	var origins stringList
	flag.Var(&origins, "origin", "an origin besides the server's own (its Host) whose pages may create, join and act, e.g. https://play.example; repeat for more")
	rCreate := flag.Int("rate-create", defaultLimits.Create, "games one client address may create per minute (0: no limit)")
	rJoin := flag.Int("rate-join", defaultLimits.Join, "seats one client address may take per minute (0: no limit)")
	rAct := flag.Int("rate-act", defaultLimits.Act, "actions one client address may send per minute (0: no limit)")
	rStream := flag.Int("rate-stream", defaultLimits.Stream, "streams one client address may open per minute (0: no limit)")
	rRead := flag.Int("rate-read", defaultLimits.Read, "other API GETs (lobby, game, view, catalog, record) one client address may make per minute (0: no limit)")
	maxStreams := flag.Int("max-streams", defaultLimits.Streams, "streams one client address may hold open at once (0: no limit)")
	ipHeader := flag.String("client-ip-header", "", "header a trusted reverse proxy sets to the client's address, e.g. X-Forwarded-For (its last entry); empty: the connection's address")
	flag.Parse()
	o := hubOptions{Shared: *pg != "", Budget: *budget, BotDelay: *delay, MaxGames: *maxGames, MaxBotSeats: *maxBotSeats,
		AddrGames: *quotaGames, AddrBotSeats: *quotaBots, MaxThinking: *maxThinking, MaxSearching: *maxSearching,
		IdleAfter: *idle, Unjoined: *unjoined, LeaseTTL: *lease, MaxStreams: *maxStreamsTotal, GameStreams: *gameStreams,
		ClientIPHeader: *ipHeader, Origins: origins,
		Limits: rateLimits{Create: *rCreate, Join: *rJoin, Act: *rAct, Stream: *rStream, Streams: *maxStreams, Read: *rRead}}
	if err := run(*addr, *dbPath, *pg, o); err != nil {
		fmt.Fprintln(os.Stderr, "server:", err)
		os.Exit(1)
	}
}

func run(addr, dbPath, pg string, o hubOptions) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var store Store
	var err error
	if pg != "" {
		store, err = OpenPostgres(ctx, pg)
	} else {
		store, err = OpenSQLite(ctx, dbPath)
	}
	if err != nil {
		return err
	}
	defer store.Close()
	h, err := newHub(ctx, store, o)
	if err != nil {
		return err
	}
	defer h.close()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           newServer(h),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		MaxHeaderBytes:    16 << 10,
	}
	fmt.Printf("waterdeep server: open http://%s/ (live games in memory: %d)\n", ln.Addr(), len(h.list()))
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	case <-ctx.Done():
		log.Print("shutting down")
		h.cancel() // ends the streams, which Shutdown would wait for
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
	}
	return nil
}

// randomSeed returns a seed for a game created without one.
func randomSeed() uint64 {
	var b [8]byte
	crand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// stringList is a flag that may be given several times.
type stringList []string

func (l *stringList) String() string { return strings.Join(*l, ",") }
func (l *stringList) Set(v string) error {
	*l = append(*l, strings.TrimRight(v, "/"))
	return nil
}
