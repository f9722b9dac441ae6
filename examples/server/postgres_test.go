package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The PostgreSQL tests run against a real server: $WATERDEEP_PG_DSN if
// set (.ci/run starts one), or else a private cluster these tests create
// with Debian's initdb and pg_ctl in a temporary directory and stop at the
// end. Without either they are skipped, saying why.
var pg struct {
	once sync.Once
	dsn  string // to the maintenance database, for CREATE DATABASE
	err  error
	stop func()
}

func TestMain(m *testing.M) {
	code := m.Run()
	if pg.stop != nil {
		pg.stop()
	}
	if serverBinDir != "" {
		os.RemoveAll(serverBinDir)
	}
	os.Exit(code)
}

// pgBin finds a PostgreSQL program: on PATH, or in Debian's versioned
// directory.
func pgBin(name string) (string, error) {
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin/" + name)
	if len(matches) > 0 {
		return matches[len(matches)-1], nil
	}
	return "", fmt.Errorf("%s not found (install Debian's postgresql package)", name)
}

// startPostgres creates and starts a throwaway cluster listening on a
// Unix socket in its own directory. PostgreSQL refuses to run as root,
// so as root it runs as the postgres user.
func startPostgres() (dsn string, stop func(), err error) {
	initdb, err := pgBin("initdb")
	if err != nil {
		return "", nil, err
	}
	pgctl, err := pgBin("pg_ctl")
	if err != nil {
		return "", nil, err
	}
	dir, err := os.MkdirTemp("", "waterdeep-pg")
	if err != nil {
		return "", nil, err
	}
	var cred *syscall.Credential
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			return "", nil, fmt.Errorf("running as root and there is no postgres user to run PostgreSQL as: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		if err := os.Chown(dir, uid, gid); err != nil {
			return "", nil, err
		}
	}
	run := func(name string, args ...string) error {
		cmd := exec.Command(name, args...)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
		out, err := cmd.CombinedOutput()
		if err != nil {
			return fmt.Errorf("%s: %v\n%s", filepath.Base(name), err, out)
		}
		return nil
	}
	data := filepath.Join(dir, "data")
	if err := run(initdb, "-D", data, "-A", "trust", "-U", "postgres", "--no-sync"); err != nil {
		return "", nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	opts := fmt.Sprintf("-k %s -p %d -c listen_addresses='' -c fsync=on", dir, port)
	if err := run(pgctl, "-D", data, "-o", opts, "-l", filepath.Join(dir, "log"), "-w", "-t", "60", "start"); err != nil {
		return "", nil, err
	}
	stop = func() {
		run(pgctl, "-D", data, "-m", "fast", "-w", "stop")
		os.RemoveAll(dir)
	}
	return fmt.Sprintf("host=%s port=%d user=postgres dbname=postgres sslmode=disable", dir, port), stop, nil
}

// freshPostgres returns the DSN of a new, empty database for one test.
func freshPostgres(t *testing.T) string {
	t.Helper()
	pg.once.Do(func() {
		if dsn := os.Getenv("WATERDEEP_PG_DSN"); dsn != "" {
			pg.dsn = dsn
			return
		}
		pg.dsn, pg.stop, pg.err = startPostgres()
	})
	if pg.err != nil {
		t.Skipf("PostgreSQL tests skipped: no PostgreSQL could be started (%v); set WATERDEEP_PG_DSN to use one", pg.err)
	}
	db, err := sql.Open("pgx", pg.dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	name := fmt.Sprintf("wd_test_%d_%d", time.Now().UnixNano(), os.Getpid())
	if _, err := db.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatalf("creating a test database: %v", err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("pgx", pg.dsn)
		if err == nil {
			db.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
			db.Close()
		}
	})
	return pg.dsn + " dbname=" + name
}

func TestPostgresStore(t *testing.T) {
	s, err := OpenPostgres(context.Background(), freshPostgres(t))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	testStoreContract(t, s)
}

// newSharedServer is a server process's worth (hub and HTTP server) over
// its own connection pool to a shared PostgreSQL database.
func newSharedServer(t *testing.T, dsn string) *testServer {
	t.Helper()
	store, err := OpenPostgres(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	h, err := newHub(context.Background(), store, hubOptions{Shared: true, Budget: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return newTestServerWithHub(t, h, store)
}

// TestPostgresTwoServersOneGame runs two servers on one database: a game
// created on one is played through both, the same action sent to both at
// once is taken exactly once (the other gets a conflict), and both, and a
// third started afterwards, show the same game.
func TestPostgresTwoServersOneGame(t *testing.T) {
	dsn := freshPostgres(t)
	a, b := newSharedServer(t, dsn), newSharedServer(t, dsn)
	id := a.create(createRequest{Players: 3, Seed: "21", Seats: []string{"human", "human", "human"}})
	tokens := []string{a.join(id, "p1"), b.join(id, "p2"), a.join(id, "p3")}
	if status, _ := b.do("POST", "/api/games/"+id+"/join", "", []byte(`{"seat":"p1"}`)); status != 409 {
		t.Errorf("server b handed out p1, which server a had given: %d", status)
	}
	servers := []*testServer{a, b}
	for step := 0; step < 30; step++ {
		tb := table{ts: servers[step%2], id: id, tokens: tokens}
		seat, legal := tb.toAct(t)
		idx := tb.ts.view(id, "").Index
		if idx != step {
			t.Fatalf("step %d: server %d has %d actions", step, step%2, idx)
		}
		var wg sync.WaitGroup
		statuses := make([]int, 2)
		bodies := make([][]byte, 2)
		for i, s := range servers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				// Unconditional: the store, not the index check, must
				// settle the race.
				statuses[i], bodies[i] = s.do("POST", "/api/games/"+id+"/actions", tokens[seat], legal[0])
			}()
		}
		wg.Wait()
		ok, conflict := 0, 0
		for i, st := range statuses {
			switch st {
			case 200:
				ok++
			case 409, 422: // 422: it lost, caught up, and the action is no longer legal
				conflict++
			default:
				t.Fatalf("server %d: %d %s", i, st, bodies[i])
			}
		}
		if ok != 1 {
			// Both may fail only if neither... never: one insert wins.
			t.Fatalf("step %d: statuses %v, want exactly one 200", step, statuses)
		}
	}
	c := newSharedServer(t, dsn)
	var views []string
	for _, s := range []*testServer{a, b, c} {
		p := s.view(id, tokens[1])
		if p.Index != 30 {
			t.Errorf("a server shows %d actions, want 30", p.Index)
		}
		views = append(views, string(p.View))
	}
	if views[0] != views[1] || views[1] != views[2] {
		t.Error("the servers show different views of one game")
	}
	var v viewDoc
	json.Unmarshal([]byte(views[0]), &v)
	if v.Seats[1].Lord == nil {
		t.Error("p2's token on server c does not show p2's lord")
	}
}
