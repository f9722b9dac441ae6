// Command mutate measures the tests of the waterdeep rules engine by
// mutation: it plants seeded random bugs (mutants) in the root package's
// rules files, one at a time, runs the quick tests against each and reports
// which were killed, survived, timed out or did not compile, listing every
// survivor. MUTATION.md at the repository root says how to run it, what it
// plants and where, and records the last campaign with a verdict on every
// survivor.
//
// Usage, from the repository root:
//
//	nice -n 10 go -C tools/mutate run . -n 200 -seed 1 -o /tmp/mutation.md
//
// The working tree is never written: mutants reach the compiler through
// `go test -overlay`. To keep a campaign affordable on two cores, the
// mutants that type-check are compiled into one test binary of the root
// package (a mutant schema: each mutant is guarded by a switch read from
// WATERDEEP_MUTANT), which is run once per mutant; a mutant that survives
// it is then run, by its own schema number, against the tests of the
// module's other packages, and a mutant that survives both is confirmed
// with its plain source (the mutated file alone in an overlay) by
// `go test -failfast ./...`, the README's quick command.
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

func main() {
	var o options
	flag.StringVar(&o.repo, "repo", "../..", "the repository root (the library's module)")
	flag.Uint64Var(&o.seed, "seed", 1, "the seed of the sample")
	flag.IntVar(&o.n, "n", 200, "mutants to run: sites are drawn until this many compile")
	flag.StringVar(&o.kinds, "kinds", strings.Join(allKinds, ","), "the kinds of mutation drawn")
	flag.StringVar(&o.exclude, "exclude", defaultExclude, "a regexp of the root package's file names left unmutated (\"\" for none)")
	flag.StringVar(&o.only, "only", "", "comma-separated mutant ids to run instead of a sample")
	flag.IntVar(&o.jobs, "j", 1, "mutants run at once")
	flag.DurationVar(&o.timeout, "timeout", 0, "a mutant's time limit per test run (0: 3 times the unmutated run, at least 2 minutes)")
	flag.DurationVar(&o.stall, "stall", 3*time.Minute, "a root package test run that prints nothing for this long is taken to loop (timed out)")
	flag.StringVar(&o.screen, "screen", defaultScreen, "a -test.run regexp of quick, broad tests run first against each mutant (\"\" for none); the whole package runs after")
	flag.StringVar(&o.skip, "skip", "", "a -test.skip regexp of root package tests left out (to measure what given tests add)")
	flag.BoolVar(&o.rootOnly, "rootonly", false, "run only the root package's tests (the first stage); rerun the survivors with -only for the others and the confirmation")
	flag.StringVar(&o.rev, "rev", "", "the commit to name in the report (default: git's HEAD of -repo, marked if the tree differs)")
	flag.DurationVar(&o.budget, "budget", 0, "start no mutant after this long (0: no limit); the report counts the mutants run")
	flag.BoolVar(&o.selectTests, "select", false, "run each root package test alone once, unmutated, to note which mutants it reaches; then run against each mutant only the tests that reach it (the others cannot fail)")
	flag.BoolVar(&o.tails, "tails", false, "add the last lines of the runs of survivors and timeouts to the report")
	flag.BoolVar(&o.list, "list", false, "list the sites by file and kind, and exit")
	flag.StringVar(&o.out, "o", "", "write the report (Markdown) to this file as well as stdout")
	flag.BoolVar(&o.noConfirm, "noconfirm", false, "skip confirming survivors by their plain source (go test ./...)")
	flag.Parse()
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "mutate:", err)
		os.Exit(1)
	}
}

type options struct {
	repo, kinds, exclude, only, out  string
	screen, skip, rev                string
	seed                             uint64
	n, jobs                          int
	timeout, stall, budget           time.Duration
	start                            time.Time
	list, noConfirm, tails, rootOnly bool
	selectTests                      bool
}

// defaultScreen are quick tests that play random games of every module
// set with broad checks: most mutants fail one of them within seconds.
const defaultScreen = `^(TestPublicContract|TestEventsAccount|TestHarnessRandomGamesChecked|TestRandomGameEnds|TestEveryMoveNumberPlayInPlace|TestModuleEventsAccount|TestRandomPlayInvariants)$`

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, time.Now().Format("15:04:05 ")+format+"\n", args...)
}

func run(o options) error {
	start := time.Now()
	o.start = start
	repo, err := filepath.Abs(o.repo)
	if err != nil {
		return err
	}
	sel, err := selector(o.exclude)
	if err != nil {
		return err
	}
	p, err := loadPkg(repo, sel)
	if err != nil {
		return err
	}
	all := p.sites()
	byKind := map[string][]*site{}
	for _, s := range all {
		byKind[s.kind] = append(byKind[s.kind], s)
	}
	var files []string
	for _, f := range p.files {
		if f.selected {
			files = append(files, f.name)
		}
	}
	logf("%d sites in %d files: %s", len(all), len(files), kindCounts(byKind))
	if o.list {
		for _, f := range p.files {
			if !f.selected {
				continue
			}
			k := map[string][]*site{}
			for _, s := range f.sites {
				k[s.kind] = append(k[s.kind], s)
			}
			fmt.Printf("%-28s %5d  %s\n", f.name, len(f.sites), kindCounts(k))
		}
		return nil
	}

	// The sample: a kind drawn uniformly, then a site of it, until n
	// mutants type-check.
	var chosen, notCompiled []*site
	compileErr := map[*site]string{}
	tryPlain := func(s *site) bool {
		src, err := plainSource(s)
		if err == nil {
			err = p.check(map[*srcFile][]byte{s.file: src})
		}
		if err != nil {
			compileErr[s] = err.Error()
			notCompiled = append(notCompiled, s)
			return false
		}
		return true
	}
	if o.only != "" {
		ids := map[string]*site{}
		for _, s := range all {
			ids[s.id] = s
		}
		for _, id := range strings.Split(o.only, ",") {
			s, ok := ids[strings.TrimSpace(id)]
			if !ok {
				return fmt.Errorf("no site %q (the rules files changed, or -exclude differs?)", id)
			}
			if tryPlain(s) {
				chosen = append(chosen, s)
			}
		}
	} else {
		r := rand.New(rand.NewPCG(o.seed, 0x6d7574616e74))
		var kinds []string
		for _, k := range strings.Split(o.kinds, ",") {
			if len(byKind[k]) > 0 {
				kinds = append(kinds, k)
			}
		}
		pool := map[string][]*site{}
		for _, k := range kinds {
			pool[k] = append([]*site(nil), byKind[k]...)
		}
		for len(chosen) < o.n && len(kinds) > 0 {
			ki := r.IntN(len(kinds))
			k := kinds[ki]
			i := r.IntN(len(pool[k]))
			s := pool[k][i]
			pool[k] = append(pool[k][:i], pool[k][i+1:]...)
			if len(pool[k]) == 0 {
				kinds = append(kinds[:ki], kinds[ki+1:]...)
			}
			if tryPlain(s) {
				chosen = append(chosen, s)
			}
		}
	}
	logf("sample: %d mutants compile, %d do not", len(chosen), len(notCompiled))

	// The schema: every chosen mutant whose schema form type-checks on its
	// own; the others run by their plain source only.
	var schema, plainOnly []*site
	for i, s := range chosen {
		s.num = i + 1
		src, err := schemaSource(s.file, map[*site]bool{s: true})
		if err == nil {
			err = p.check(map[*srcFile][]byte{s.file: src}, switchFile(p.name))
		}
		if err != nil {
			plainOnly = append(plainOnly, s)
			continue
		}
		schema = append(schema, s)
	}
	logf("schema: %d mutants, %d run by their plain source only", len(schema), len(plainOnly))
	res, err := campaign(p, o, schema, plainOnly)
	if err != nil {
		return err
	}
	rep := report(p, o, files, all, chosen, notCompiled, compileErr, res, time.Since(start))
	fmt.Print(rep)
	if o.out != "" {
		return os.WriteFile(o.out, []byte(rep), 0o644)
	}
	return nil
}

func kindCounts(m map[string][]*site) string {
	var out []string
	for _, k := range allKinds {
		if len(m[k]) > 0 {
			out = append(out, fmt.Sprintf("%s %d", k, len(m[k])))
		}
	}
	return strings.Join(out, ", ")
}

// sortByID orders sites by file, then line, then id.
func sortByID(s []*site) {
	sort.Slice(s, func(i, j int) bool {
		if s[i].file.name != s[j].file.name {
			return s[i].file.name < s[j].file.name
		}
		if s[i].start != s[j].start {
			return s[i].start < s[j].start
		}
		return s[i].id < s[j].id
	})
}
