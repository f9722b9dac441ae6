package main

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// report writes the campaign's result as Markdown.
func report(p *pkg, o options, files []string, all, chosen, notComp []*site, compileErr map[*site]string,
	res map[*site]*result, took time.Duration) string {
	var b strings.Builder
	commit := o.rev
	if commit == "" {
		commit = strings.TrimSpace(gitOut(p.dir, "rev-parse", "--short=12", "HEAD"))
		if strings.TrimSpace(gitOut(p.dir, "status", "--porcelain")) != "" {
			commit += " (with uncommitted changes)"
		}
	}
	count := map[string]int{}
	stage := map[string]int{}
	var surv, tout, kill []*site
	var ran []*site
	for _, s := range chosen {
		rs := res[s]
		if rs == nil {
			continue // not run: the time budget was spent
		}
		ran = append(ran, s)
		count[rs.status]++
		switch rs.status {
		case killed:
			stage[rs.stage]++
			kill = append(kill, s)
		case survived:
			surv = append(surv, s)
		case timedOut:
			tout = append(tout, s)
		}
	}
	fmt.Fprintf(&b, "### Campaign of %s\n\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	fmt.Fprintf(&b, "- commit: %s\n", commit)
	fmt.Fprintf(&b, "- command: `mutate %s`\n", strings.Join(os.Args[1:], " "))
	if o.only == "" {
		fmt.Fprintf(&b, "- seed %d; %d sites in %d files (%s)\n", o.seed, len(all), len(files), kindCountsOf(all))
	}
	fmt.Fprintf(&b, "- mutants drawn: %d; not compiled: %d; compiled: %d; run: %d (%s)\n", len(chosen)+len(notComp), len(notComp), len(chosen), len(ran), kindCountsOf(ran))
	fmt.Fprintf(&b, "- killed: %d (root package %d, other packages %d, plain source %d); timed out: %d; survived: %d\n",
		count[killed], stage["root"], stage["others"], stage["plain"], count[timedOut], count[survived])
	if len(ran) > 0 {
		fmt.Fprintf(&b, "- score before verdicts: (killed + timed out) / run = %d / %d = %.1f%%\n",
			count[killed]+count[timedOut], len(ran), 100*float64(count[killed]+count[timedOut])/float64(len(ran)))
	}
	fmt.Fprintf(&b, "- took %v\n\n", took.Round(time.Second))
	line := func(s *site) string {
		src := s.file.src
		a := strings.LastIndexByte(string(src[:s.start]), '\n') + 1
		e := strings.IndexByte(string(src[s.start:]), '\n')
		if e < 0 {
			e = len(src) - s.start
		}
		return strings.ReplaceAll(strings.TrimSpace(string(src[a:s.start+e])), "|", `\|`)
	}
	list := func(title string, ss []*site, extra func(*site) string) {
		if len(ss) == 0 {
			return
		}
		sortByID(ss)
		fmt.Fprintf(&b, "#### %s (%d)\n\n| mutant | change | line | |\n|---|---|---|---|\n", title, len(ss))
		for _, s := range ss {
			fmt.Fprintf(&b, "| `%s` | %s | `%s` | %s |\n", s.id, strings.ReplaceAll(s.desc, "|", `\|`), line(s), extra(s))
		}
		b.WriteString("\n")
	}
	list("Survived", surv, func(*site) string { return "" })
	list("Timed out", tout, func(s *site) string { return res[s].stage })
	if len(tout)+len(surv) > 0 && o.tails {
		b.WriteString("<details><summary>The last lines of the runs that decided the survivors and timeouts</summary>\n\n")
		for _, s := range append(append([]*site(nil), surv...), tout...) {
			fmt.Fprintf(&b, "`%s` (%s):\n\n```\n%s\n```\n\n", s.id, res[s].stage, res[s].tail)
		}
		b.WriteString("</details>\n\n")
	}
	list("Killed", kill, func(s *site) string { return res[s].stage + ": " + res[s].by })
	list("Not compiled", notComp, func(s *site) string {
		e := compileErr[s]
		if i := strings.LastIndex(e, ": "); i >= 0 && strings.Contains(e[:i], ".go:") {
			e = e[i+2:]
		}
		return strings.ReplaceAll(e, "|", `\|`)
	})
	return b.String()
}

func kindCountsOf(ss []*site) string {
	m := map[string][]*site{}
	for _, s := range ss {
		m[s.kind] = append(m[s.kind], s)
	}
	return kindCounts(m)
}

func gitOut(dir string, args ...string) string {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, _ := cmd.Output()
	return string(out)
}
