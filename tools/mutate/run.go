package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Outcomes of a mutant.
const (
	killed      = "killed"
	survived    = "survived"
	timedOut    = "timed out"
	notCompiled = "not compiled"
)

// result is what became of one mutant.
type result struct {
	status string
	stage  string // which run decided: "root", "others" or "plain"
	by     string // the failing test, or package
	dur    time.Duration
	tail   string // the last lines of the run that decided, for survivors and timeouts
}

type runner struct {
	reach    map[int][]string // the tests that reach each mutant (-select)
	always   []string         // tests whose trace failed: run for every mutant
	p        *pkg
	o        options
	tmp      string
	bin      string // the schema test binary of the root package
	schemaOv string // the schema overlay
	others   []string
	timeout  time.Duration
}

// campaign runs the mutants: those of the schema by its test binary, the
// others (and the survivors, to confirm them) by their plain source.
func campaign(p *pkg, o options, schema, plainOnly []*site) (map[*site]*result, error) {
	tmp, err := os.MkdirTemp("", "waterdeep-mutate-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	stopOnSignal(tmp)
	r := &runner{p: p, o: o, tmp: tmp}
	res := map[*site]*result{}

	// The other packages of the module, whose tests also use the rules.
	out, err := r.goCmd(context.Background(), nil, "list", "./...")
	if err != nil {
		return nil, fmt.Errorf("go list ./...: %v\n%s", err, out)
	}
	for _, l := range strings.Fields(out) {
		if l != p.path {
			r.others = append(r.others, l)
		}
	}

	// The schema overlay and its test binary.
	on := map[*site]bool{}
	for _, s := range schema {
		on[s] = true
	}
	ov := map[string]string{}
	replace := map[*srcFile][]byte{}
	if err := os.MkdirAll(filepath.Join(tmp, "schema"), 0o755); err != nil {
		return nil, err
	}
	for _, f := range p.files {
		src, err := schemaSource(f, on)
		if err != nil {
			return nil, err
		}
		if bytes.Equal(src, f.src) {
			continue
		}
		replace[f] = src
		dst := filepath.Join(tmp, "schema", f.name)
		if err := os.WriteFile(dst, src, 0o644); err != nil {
			return nil, err
		}
		ov[f.path] = dst
	}
	sw := switchFile(p.name)
	if err := p.check(replace, sw); err != nil {
		return nil, fmt.Errorf("the schema of all mutants does not type-check: %v", err)
	}
	swPath := filepath.Join(tmp, "schema", "zz_wdmutant_switch.go")
	if err := os.WriteFile(swPath, sw, 0o644); err != nil {
		return nil, err
	}
	ov[filepath.Join(p.dir, "zz_wdmutant_switch.go")] = swPath
	if o.selectTests {
		mainPath := filepath.Join(tmp, "schema", "zz_wdmutant_main_test.go")
		if err := os.WriteFile(mainPath, mainFile(p.name), 0o644); err != nil {
			return nil, err
		}
		ov[filepath.Join(p.dir, "zz_wdmutant_main_test.go")] = mainPath
	}
	r.schemaOv = filepath.Join(tmp, "schema.json")
	if err := writeOverlay(r.schemaOv, ov); err != nil {
		return nil, err
	}
	r.bin = filepath.Join(tmp, "root.test")
	logf("building the schema test binary")
	if out, err := r.goCmd(context.Background(), nil, "test", "-c", "-vet=off", "-o", r.bin, "-overlay", r.schemaOv, "."); err != nil {
		return nil, fmt.Errorf("building the schema test binary: %v\n%s", err, out)
	}

	// The unmutated run: it must pass, and it sets the time limit.
	logf("running the root package's tests without a mutant")
	base := r.runRoot(0, time.Hour)
	if base.status != survived {
		return nil, fmt.Errorf("the tests fail without a mutant (%s %s):\n%s", base.status, base.by, base.tail)
	}
	r.timeout = o.timeout
	if r.timeout == 0 {
		r.timeout = max(3*base.dur, 2*time.Minute)
	}
	logf("unmutated run: %v; time limit per mutant run %v", base.dur.Round(time.Second), r.timeout.Round(time.Second))
	if o.selectTests {
		if err := r.trace(); err != nil {
			return nil, err
		}
	}

	// Each mutant: the root package's tests by the schema binary; if it
	// survives, the other packages' tests by the schema; if it survives
	// again (or is outside the schema), its plain source and the quick
	// command.
	var mu sync.Mutex
	work := make(chan *site)
	var wg sync.WaitGroup
	done := 0
	total := len(schema) + len(plainOnly)
	for range max(o.jobs, 1) {
		wg.Go(func() {
			for s := range work {
				rs := r.runMutant(s, on[s])
				mu.Lock()
				done++
				res[s] = rs
				logf("[%d/%d] %s (%s): %s by %s %s in %v", done, total, s.id, s.desc, rs.status, rs.stage, rs.by, rs.dur.Round(time.Second/10))
				mu.Unlock()
			}
		})
	}
	for _, s := range append(append([]*site(nil), schema...), plainOnly...) {
		if o.budget > 0 && time.Since(o.start) > o.budget {
			logf("the time budget (-budget %v) is spent: the remaining mutants are not run", o.budget)
			break
		}
		work <- s
	}
	close(work)
	wg.Wait()
	return res, nil
}

// runMutant runs mutant s through the stages; inSchema says whether the
// schema binary holds it.
func (r *runner) runMutant(s *site, inSchema bool) *result {
	var rs *result
	var took time.Duration
	if inSchema {
		rs = r.runRoot(s.num, r.timeout)
		took += rs.dur
		if rs.status == timedOut && rs.by == "(time limit)" {
			// Tests that keep printing but pass the time limit: a loop is
			// caught by the stall limit, so this is more likely the
			// machine's load. Once more, with three times the limit.
			rs = r.runRoot(s.num, 3*r.timeout)
			took += rs.dur
		}
		if rs.status == survived && len(r.others) > 0 && !r.o.rootOnly {
			rs = r.runOthers(s)
			took += rs.dur
		}
	}
	if r.o.rootOnly && rs != nil {
		rs.dur = took
		return rs
	}
	if rs == nil || (rs.status == survived && !r.o.noConfirm) {
		schemaSurvived := rs != nil
		rs = r.runPlain(s)
		took += rs.dur
		if schemaSurvived && rs.status == timedOut {
			// The schema's runs passed in time: a plain run that does not
			// is the machine's load (it compiles too), not a kill.
			rs.status, rs.by = survived, "(the plain run timed out)"
		}
	}
	rs.dur = took
	return rs
}

// writeOverlay writes an overlay file for go build's -overlay.
func writeOverlay(path string, replace map[string]string) error {
	b, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

// env is the environment of a test run: the quick volumes (no
// WATERDEEP_LONG) and the mutant switched on.
func env(num int) []string {
	var e []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "WATERDEEP_LONG=") && !strings.HasPrefix(kv, "WATERDEEP_MUTANT=") {
			e = append(e, kv)
		}
	}
	return append(e, fmt.Sprintf("WATERDEEP_MUTANT=%d", num))
}

// running holds the process groups of the commands running, for
// stopOnSignal.
var running = struct {
	sync.Mutex
	pgids map[int]bool
}{pgids: map[int]bool{}}

func track(pgid int, on bool) {
	running.Lock()
	defer running.Unlock()
	if on {
		running.pgids[pgid] = true
	} else {
		delete(running.pgids, pgid)
	}
}

// stopOnSignal ends the commands running and removes tmp when the tool is
// interrupted or terminated.
func stopOnSignal(tmp string) {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt, syscall.SIGTERM)
	go func() {
		sig := <-c
		running.Lock()
		for pgid := range running.pgids {
			_ = syscall.Kill(-pgid, syscall.SIGKILL)
		}
		running.Unlock()
		os.RemoveAll(tmp)
		fmt.Fprintln(os.Stderr, "mutate: stopped by", sig)
		os.Exit(2)
	}()
}

// errStalled reports a run that printed nothing for the stall limit.
var errStalled = errors.New("no output for the stall limit")

// command runs name with args in the package's folder, in a process group
// of its own killed at the deadline of ctx, or once it has printed
// nothing for stall (if stall is not 0).
func (r *runner) command(ctx context.Context, stall time.Duration, environ []string, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = r.p.dir
	cmd.Env = environ
	pr, pw, err := os.Pipe()
	if err != nil {
		return "", err
	}
	cmd.Stdout, cmd.Stderr = pw, pw
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		pr.Close()
		pw.Close()
		return "", err
	}
	pw.Close()
	track(cmd.Process.Pid, true)
	defer track(cmd.Process.Pid, false)
	var mu sync.Mutex
	var buf bytes.Buffer
	last := time.Now()
	read := make(chan struct{})
	go func() {
		defer close(read)
		b := make([]byte, 32<<10)
		for {
			n, err := pr.Read(b)
			mu.Lock()
			buf.Write(b[:n])
			last = time.Now()
			mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	waited := make(chan error, 1)
	go func() {
		<-read
		waited <- cmd.Wait()
	}()
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	var reason error
	for {
		select {
		case err := <-waited:
			pr.Close()
			if reason != nil {
				err = reason
			}
			return buf.String(), err
		case <-ctx.Done():
			if reason == nil {
				reason = ctx.Err()
				_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			}
		case <-tick.C:
			mu.Lock()
			quiet := time.Since(last)
			mu.Unlock()
			if stall > 0 && quiet > stall && reason == nil {
				reason = errStalled
				_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			}
		}
	}
}

func (r *runner) goCmd(ctx context.Context, environ []string, args ...string) (string, error) {
	if environ == nil {
		environ = env(0)
	}
	return r.command(ctx, 0, environ, "go", args...)
}

var (
	failRe = regexp.MustCompile(`(?m)^\s*--- FAIL: (\S+)`)
	pkgRe  = regexp.MustCompile(`(?m)^FAIL\s+(\S+)\s`)
)

// classify turns a run's output and error into a result.
func classify(out string, err error, stage string, dur time.Duration) *result {
	rs := &result{stage: stage, dur: dur}
	switch {
	case err == nil:
		rs.status = survived
	case errors.Is(err, errStalled):
		rs.status, rs.by = timedOut, "(a test printed nothing for the stall limit)"
	case errors.Is(err, context.DeadlineExceeded) || strings.Contains(out, "panic: test timed out"):
		rs.status, rs.by = timedOut, "(time limit)"
	default:
		rs.status = killed
		if m := failRe.FindStringSubmatch(out); m != nil {
			rs.by = m[1]
		} else if strings.Contains(out, "[build failed]") || strings.Contains(out, "vet:") {
			rs.by = "build or vet"
		} else if strings.Contains(out, "panic:") {
			rs.by = "panic"
		}
		if m := pkgRe.FindStringSubmatch(out); m != nil && stage != "root" {
			rs.by = strings.TrimPrefix(m[1], "github.com/waterdeep-go/waterdeep/") + " " + rs.by
		}
	}
	if rs.status != killed {
		lines := strings.Split(strings.TrimSpace(out), "\n")
		rs.tail = strings.Join(lines[max(0, len(lines)-12):], "\n")
		if i := strings.Index(out, "panic: test timed out"); i >= 0 {
			// Which tests were running.
			l := strings.SplitN(out[i:], "\n", 8)
			rs.tail = strings.Join(l[:len(l)-1], "\n")
		}
	}
	return rs
}

// runRoot runs the schema binary of the root package's tests with mutant
// num switched on (0: none): the screen's tests first, if any, then all
// (with -select, only those that reach the mutant). A test that prints
// nothing for the stall limit is taken to loop.
func (r *runner) runRoot(num int, limit time.Duration) *result {
	ctx, cancel := context.WithTimeout(context.Background(), limit+30*time.Second)
	defer cancel()
	t0 := time.Now()
	args := []string{"-test.count=1", "-test.failfast", "-test.v", "-test.timeout=" + limit.String(), "-rapid.nofailfile=true"}
	if r.o.skip != "" {
		args = append(args, "-test.skip="+r.o.skip)
	}
	stall := r.o.stall
	if num == 0 {
		stall = 0
	}
	all := ""
	if r.reach != nil && num != 0 {
		tests := append(append([]string(nil), r.reach[num]...), r.always...)
		if len(tests) == 0 {
			return &result{status: survived, stage: "root", by: "(no quick test reaches it)"}
		}
		all = "^(" + strings.Join(tests, "|") + ")$"
	}
	if r.o.screen != "" && num != 0 {
		out, err := r.command(ctx, stall, env(num), r.bin, append(args, "-test.run="+r.o.screen)...)
		if err != nil {
			return classify(out, err, "root", time.Since(t0))
		}
	}
	if all != "" {
		args = append(args, "-test.run="+all)
	}
	out, err := r.command(ctx, stall, env(num), r.bin, args...)
	return classify(out, err, "root", time.Since(t0))
}

// trace runs each of the root package's tests alone, unmutated, noting
// which mutants' places it reaches (switchFile), for -select.
func (r *runner) trace() error {
	out, err := r.command(context.Background(), 0, env(0), r.bin, "-test.list", ".")
	if err != nil {
		return fmt.Errorf("listing the tests: %v\n%s", err, out)
	}
	var tests []string
	for _, name := range strings.Fields(out) {
		if strings.HasPrefix(name, "Test") || strings.HasPrefix(name, "Example") || strings.HasPrefix(name, "Fuzz") {
			tests = append(tests, name)
		}
	}
	logf("tracing which of %d tests reach which mutants", len(tests))
	dir := filepath.Join(r.tmp, "trace")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	r.reach = map[int][]string{}
	var mu sync.Mutex
	work := make(chan int)
	var wg sync.WaitGroup
	seen := make([][]int, len(tests))
	failed := make([]bool, len(tests))
	for range max(r.o.jobs, 1) {
		wg.Go(func() {
			for i := range work {
				file := filepath.Join(dir, strconv.Itoa(i))
				e := append(env(0), "WATERDEEP_MUTANT_TRACE="+file)
				ctx, cancel := context.WithTimeout(context.Background(), r.timeout)
				out, err := r.command(ctx, 0, e, r.bin, "-test.count=1", "-test.run=^"+tests[i]+"$", "-rapid.nofailfile=true")
				cancel()
				data, rerr := os.ReadFile(file)
				mu.Lock()
				if err != nil || rerr != nil {
					failed[i] = true
					logf("tracing %s failed (it runs for every mutant): %v %v\n%s", tests[i], err, rerr, out)
				}
				for _, f := range strings.Fields(string(data)) {
					if n, err := strconv.Atoi(f); err == nil {
						seen[i] = append(seen[i], n)
					}
				}
				mu.Unlock()
			}
		})
	}
	for i := range tests {
		work <- i
	}
	close(work)
	wg.Wait()
	for i, name := range tests {
		if failed[i] {
			r.always = append(r.always, name)
		}
		for _, n := range seen[i] {
			r.reach[n] = append(r.reach[n], name)
		}
	}
	logf("traced: %d mutants reached by some test", len(r.reach))
	return nil
}

// runOthers runs the tests of the module's other packages, built on the
// schema, with mutant s switched on.
func (r *runner) runOthers(s *site) *result {
	ctx, cancel := context.WithTimeout(context.Background(), r.timeout+5*time.Minute)
	defer cancel()
	t0 := time.Now()
	args := append([]string{"test", "-count=1", "-failfast", "-vet=off", "-timeout=" + r.timeout.String(), "-overlay", r.schemaOv}, r.others...)
	out, err := r.goCmd(ctx, env(s.num), args...)
	return classify(out, err, "others", time.Since(t0))
}

// runPlain runs `go test -failfast ./...` on the plain source of mutant s
// (the root package first, with rapid told not to write fail files into
// the tree, then the others).
func (r *runner) runPlain(s *site) *result {
	src, err := plainSource(s)
	if err != nil {
		return &result{status: notCompiled, by: err.Error()}
	}
	dir := filepath.Join(r.tmp, "plain", strconv.Itoa(s.num))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return &result{status: killed, by: err.Error()}
	}
	dst := filepath.Join(dir, s.file.name)
	ovPath := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(dst, src, 0o644); err != nil {
		return &result{status: killed, by: err.Error()}
	}
	if err := writeOverlay(ovPath, map[string]string{s.file.path: dst}); err != nil {
		return &result{status: killed, by: err.Error()}
	}
	// It compiles the module's packages and the tests, and runs them with
	// nothing else to bound them: twice the limit of a schema run.
	limit := 2 * r.timeout
	ctx, cancel := context.WithTimeout(context.Background(), 2*limit+10*time.Minute)
	defer cancel()
	t0 := time.Now()
	rootArgs := []string{"test", "-count=1", "-failfast", "-timeout=" + limit.String(), "-overlay", ovPath, ".", "-rapid.nofailfile=true"}
	if r.o.skip != "" {
		rootArgs = append(rootArgs, "-test.skip="+r.o.skip)
	}
	out, err := r.goCmd(ctx, nil, rootArgs...)
	if err == nil && len(r.others) > 0 {
		var more string
		more, err = r.goCmd(ctx, nil, append([]string{"test", "-count=1", "-failfast", "-timeout=" + limit.String(), "-overlay", ovPath}, r.others...)...)
		out += more
	}
	return classify(out, err, "plain", time.Since(t0))
}
