package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// pkg is the package under test: its non-test files for this platform,
// parsed once, and an importer over the export data of its dependencies,
// so that a mutant is type-checked in-process (a mutant that does not
// type-check is "not compiled" without running the compiler).
type pkg struct {
	dir, path, name string
	fset            *token.FileSet
	files           []*srcFile
	imp             types.Importer
	types           *types.Package
	info            *types.Info
}

// srcFile is one non-test file of the package.
type srcFile struct {
	name     string // base name
	path     string // absolute path
	src      []byte
	ast      *ast.File
	selected bool // mutants are planted in it
	sites    []*site
}

type listedPkg struct {
	ImportPath, Name, Dir, Export string
	GoFiles                       []string
}

// loadPkg lists the package in dir with its dependencies' export data
// (`go list -export -deps`, which builds what is missing), parses its
// files and type-checks them.
func loadPkg(dir string, selected func(name string) bool) (*pkg, error) {
	// The schema's switch imports os and strconv: their export data too.
	cmd := exec.Command("go", "list", "-export", "-deps", "-json=ImportPath,Name,Dir,Export,GoFiles", ".", "os", "strconv")
	cmd.Dir = dir
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list in %s: %w", dir, err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	exports := map[string]string{}
	var root listedPkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var lp listedPkg
		if err := dec.Decode(&lp); err == io.EOF {
			break
		} else if err != nil {
			return nil, err
		}
		exports[lp.ImportPath] = lp.Export
		if lp.Dir == abs {
			root = lp
		}
	}
	if root.ImportPath == "" {
		return nil, fmt.Errorf("go list in %s: no package there", dir)
	}
	p := &pkg{dir: root.Dir, path: root.ImportPath, name: root.Name, fset: token.NewFileSet()}
	p.imp = importer.ForCompiler(p.fset, "gc", func(path string) (io.ReadCloser, error) {
		f, ok := exports[path]
		if !ok || f == "" {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(f)
	})
	for _, name := range root.GoFiles {
		path := filepath.Join(root.Dir, name)
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(p.fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		p.files = append(p.files, &srcFile{name: name, path: path, src: src, ast: f, selected: selected(name)})
	}
	p.info = &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: p.imp}
	var files []*ast.File
	for _, f := range p.files {
		files = append(files, f.ast)
	}
	p.types, err = conf.Check(p.path, p.fset, files, p.info)
	if err != nil {
		return nil, fmt.Errorf("type-checking the unmutated package: %w", err)
	}
	return p, nil
}

// check type-checks the package with the sources of some files replaced
// and extra files added.
func (p *pkg) check(replace map[*srcFile][]byte, extra ...[]byte) error {
	var files []*ast.File
	for i, src := range extra {
		af, err := parser.ParseFile(p.fset, filepath.Join(p.dir, fmt.Sprintf("extra%d.go", i)), src, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files = append(files, af)
	}
	for _, f := range p.files {
		src, ok := replace[f]
		if !ok {
			files = append(files, f.ast)
			continue
		}
		af, err := parser.ParseFile(p.fset, f.path, src, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files = append(files, af)
	}
	conf := types.Config{Importer: p.imp}
	_, err := conf.Check(p.path, p.fset, files, nil)
	return err
}

// Kinds of mutation. A campaign draws a kind uniformly at random, then a
// site of that kind, so that the few comparisons of a file weigh as much
// as its many statements.
var allKinds = []string{"cmp", "logic", "not", "arith", "assign", "literal", "bool", "delete", "return"}

// site is one mutant: a change to one place of one file.
type site struct {
	file       *srcFile
	start, end int    // byte range of the node replaced (equal for an insertion)
	rank       int    // orders sites of one range, outer first
	kind       string // one of allKinds
	id         string // file:line:col/kind[variant], stable while the file is
	desc       string // what changes, e.g. "< → <="
	num        int    // the schema's number for it (WATERDEEP_MUTANT)

	parts  [][2]int // byte ranges kept and rendered inside the mutant
	oldOp  string
	newOp  string
	typ    string // the Go type of a literal or arithmetic result, "" if not writable in the file
	oldLit string
	newLit string
	ret    string // the return statement of an early return
}

// line returns the 1-based line of the site.
func (s *site) line() int { return s.file.line(s.start) }

func (f *srcFile) line(off int) int { return bytes.Count(f.src[:off], []byte("\n")) + 1 }

// sites lists every mutant of the selected files, in file and byte order.
func (p *pkg) sites() []*site {
	var all []*site
	for _, f := range p.files {
		if !f.selected {
			continue
		}
		f.sites = p.fileSites(f)
		all = append(all, f.sites...)
	}
	return all
}

func (p *pkg) fileSites(f *srcFile) []*site {
	tf := p.fset.File(f.ast.Pos())
	off := func(pos token.Pos) int { return tf.Offset(pos) }
	text := func(n ast.Node) string { return string(f.src[off(n.Pos()):off(n.End())]) }
	imports := map[string]string{}
	for _, is := range f.ast.Imports {
		path, _ := strconv.Unquote(is.Path.Value)
		name := "" // the package's own name
		if is.Name != nil {
			name = is.Name.Name
		}
		imports[path] = name
	}
	typeText := func(t types.Type) string {
		if b, ok := t.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
			return ""
		}
		ok := true
		s := types.TypeString(t, func(q *types.Package) string {
			if q == p.types {
				return ""
			}
			name, imported := imports[q.Path()]
			if !imported {
				ok = false
				return q.Name()
			}
			if name == "" {
				name = q.Name()
			}
			if name == "." {
				return ""
			}
			return name
		})
		if !ok {
			return ""
		}
		return s
	}
	var out []*site
	add := func(n ast.Node, at token.Pos, kind, variant, desc string) *site {
		pos := p.fset.Position(at)
		s := &site{file: f, start: off(n.Pos()), end: off(n.End()), kind: kind, desc: desc,
			id: fmt.Sprintf("%s:%d:%d/%s%s", f.name, pos.Line, pos.Column, kind, variant)}
		out = append(out, s)
		return s
	}
	span := func(n ast.Node) [2]int { return [2]int{off(n.Pos()), off(n.End())} }
	var stack []ast.Node
	funcType := func() *ast.FuncType {
		for i := len(stack) - 1; i >= 0; i-- {
			switch n := stack[i].(type) {
			case *ast.FuncLit:
				return n.Type
			case *ast.FuncDecl:
				return n.Type
			}
		}
		return nil
	}
	stmtList := func(list []ast.Stmt) {
		ft := funcType()
		if ft == nil {
			return
		}
		for _, st := range list {
			if deletable(st) {
				add(st, st.Pos(), "delete", "", "statement deleted").rank = 0
			}
			// An early return before the statement.
			ret := "return"
			if ft.Results != nil && len(ft.Results.List) > 0 && len(ft.Results.List[0].Names) == 0 {
				var zs []string
				for _, fl := range ft.Results.List {
					zs = append(zs, "*new("+text(fl.Type)+")")
				}
				ret += " " + strings.Join(zs, ", ")
			}
			s := &site{file: f, start: off(st.Pos()), end: off(st.Pos()), kind: "return", desc: "early " + ret, ret: ret}
			pos := p.fset.Position(st.Pos())
			s.id = fmt.Sprintf("%s:%d:%d/return", f.name, pos.Line, pos.Column)
			out = append(out, s)
		}
	}
	ast.Inspect(f.ast, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.BlockStmt:
			stmtList(n.List)
		case *ast.CaseClause:
			stmtList(n.Body)
		case *ast.CommClause:
			stmtList(n.Body)
		case *ast.BinaryExpr:
			tv := p.info.Types[n]
			if tv.Value != nil {
				break // a constant expression
			}
			var newOp, kind string
			switch n.Op {
			case token.LSS:
				newOp, kind = "<=", "cmp"
			case token.LEQ:
				newOp, kind = "<", "cmp"
			case token.GTR:
				newOp, kind = ">=", "cmp"
			case token.GEQ:
				newOp, kind = ">", "cmp"
			case token.EQL:
				newOp, kind = "!=", "cmp"
			case token.NEQ:
				newOp, kind = "==", "cmp"
			case token.LAND:
				newOp, kind = "||", "logic"
			case token.LOR:
				newOp, kind = "&&", "logic"
			case token.ADD, token.SUB, token.AND, token.OR, token.AND_NOT:
				b, ok := tv.Type.Underlying().(*types.Basic)
				if !ok || b.Info()&types.IsInteger == 0 || !pure(n.X) || !pure(n.Y) {
					break
				}
				kind = "arith"
				newOp = map[token.Token]string{token.ADD: "-", token.SUB: "+", token.AND: "|", token.OR: "&", token.AND_NOT: "&"}[n.Op]
			}
			if kind == "" {
				break
			}
			s := add(n, n.OpPos, kind, "", n.Op.String()+" → "+newOp)
			s.oldOp, s.newOp = n.Op.String(), newOp
			s.parts = [][2]int{span(n.X), span(n.Y)}
			if kind == "arith" {
				s.typ = typeText(tv.Type)
			}
		case *ast.UnaryExpr:
			if n.Op != token.NOT || p.info.Types[n].Value != nil {
				break
			}
			s := add(n, n.OpPos, "not", "", "!x → x")
			s.parts = [][2]int{span(n.X)}
		case *ast.BasicLit:
			if n.Kind != token.INT {
				break
			}
			v, err := strconv.ParseInt(strings.ReplaceAll(n.Value, "_", ""), 0, 64)
			if err != nil {
				break
			}
			typ := typeText(p.info.Types[n].Type)
			for _, d := range []int64{1, -1} {
				if v+d < 0 {
					continue
				}
				variant := "+1"
				if d < 0 {
					variant = "-1"
				}
				nv := strconv.FormatInt(v+d, 10)
				s := add(n, n.Pos(), "literal", variant, n.Value+" → "+nv)
				s.oldLit, s.newLit, s.typ = n.Value, nv, typ
				s.rank = int(d + 2)
			}
		case *ast.Ident:
			if n.Name != "true" && n.Name != "false" {
				break
			}
			if obj := p.info.Uses[n]; obj == nil || obj.Parent() != types.Universe {
				break
			}
			nv := map[string]string{"true": "false", "false": "true"}[n.Name]
			s := add(n, n.Pos(), "bool", "", n.Name+" → "+nv)
			s.oldLit, s.newLit = n.Name, nv
		case *ast.AssignStmt:
			newOp := map[token.Token]string{token.ADD_ASSIGN: "-=", token.SUB_ASSIGN: "+=", token.OR_ASSIGN: "&^=", token.AND_NOT_ASSIGN: "|="}[n.Tok]
			if newOp == "" || !inStmtList(stack) {
				break
			}
			s := add(n, n.TokPos, "assign", "", n.Tok.String()+" → "+newOp)
			s.oldOp, s.newOp, s.rank = n.Tok.String(), newOp, 1
			s.parts = [][2]int{span(n.Lhs[0]), span(n.Rhs[0])}
		case *ast.IncDecStmt:
			if !inStmtList(stack) {
				break
			}
			newOp := map[token.Token]string{token.INC: "--", token.DEC: "++"}[n.Tok]
			s := add(n, n.TokPos, "assign", "", n.Tok.String()+" → "+newOp)
			s.oldOp, s.newOp, s.rank = n.Tok.String(), newOp, 1
			s.parts = [][2]int{span(n.X)}
		}
		return true
	})
	sortSites(out)
	return out
}

// sortSites orders sites by start, outer ranges first; an insertion comes
// before the statement that starts at its place (so that it stays outside
// the statement's own mutants).
func sortSites(s []*site) {
	sort.SliceStable(s, func(i, j int) bool {
		a, b := s[i], s[j]
		if a.start != b.start {
			return a.start < b.start
		}
		if (a.start == a.end) != (b.start == b.end) {
			return a.start == a.end
		}
		if a.end != b.end {
			return a.end > b.end
		}
		return a.rank < b.rank
	})
}

// inStmtList reports whether the node on top of the stack is a statement
// of a block or case body (not a for loop's post or an if's init).
func inStmtList(stack []ast.Node) bool {
	if len(stack) < 2 {
		return false
	}
	switch stack[len(stack)-2].(type) {
	case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
		return true
	}
	return false
}

// deletable reports whether deleting statement st can compile: not a
// declaration, a return, a label or a goto or fallthrough.
func deletable(st ast.Stmt) bool {
	switch st := st.(type) {
	case *ast.ExprStmt, *ast.IncDecStmt, *ast.SendStmt, *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt,
		*ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.BlockStmt, *ast.GoStmt, *ast.DeferStmt:
		return true
	case *ast.AssignStmt:
		return st.Tok != token.DEFINE
	case *ast.BranchStmt:
		return st.Tok == token.BREAK || st.Tok == token.CONTINUE
	}
	return false
}

// pure reports whether evaluating e twice is the same as once: no calls
// (conversions aside) and no receives. An arithmetic mutant's schema form
// evaluates both the mutated and the original expression.
func pure(e ast.Expr) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if id, isIdent := n.Fun.(*ast.Ident); !isIdent || !strings.Contains("int8 int16 int32 int64 uint8 uint16 uint32 uint64 int uint byte", id.Name) {
				ok = false
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				ok = false
			}
		case *ast.FuncLit:
			ok = false
		}
		return ok
	})
	return ok
}

// render writes file f with sites rendered: active is the one site of a
// plain mutant (nil for none); with schema, every site of f marked in
// schema is rendered in its schema form, switched on by its number.
type renderer struct {
	f      *srcFile
	active *site
	schema map[*site]bool
}

func (r *renderer) file() ([]byte, error) {
	var b strings.Builder
	if err := r.rng(&b, 0, len(r.f.src), -1); err != nil {
		return nil, err
	}
	return []byte(b.String()), nil
}

// rng renders bytes [a, b) of the file, with the sites inside it of index
// above after.
func (r *renderer) rng(b *strings.Builder, a, e, after int) error {
	cur := a
	for i := after + 1; i < len(r.f.sites); i++ {
		s := r.f.sites[i]
		if s.start > e {
			break
		}
		if s.start < a || s.end > e || s.start < cur {
			continue
		}
		if s.start == e && s.end == e {
			continue // an insertion at the end of the range belongs to what follows
		}
		if s != r.active && !r.schema[s] {
			continue
		}
		b.Write(r.f.src[cur:s.start])
		if err := r.site(b, s, i); err != nil {
			return err
		}
		cur = s.end
	}
	b.Write(r.f.src[cur:e])
	return nil
}

func (r *renderer) part(s *site, i, k int) (string, error) {
	var b strings.Builder
	err := r.rng(&b, s.parts[k][0], s.parts[k][1], i)
	return b.String(), err
}

// site renders site s (index i of its file): its plain mutant if it is
// the active site, else its schema form.
func (r *renderer) site(b *strings.Builder, s *site, i int) error {
	plain := s == r.active
	on := fmt.Sprintf("wdMutantOn(%d)", s.num)
	var parts []string
	for k := range s.parts {
		t, err := r.part(s, i, k)
		if err != nil {
			return err
		}
		parts = append(parts, t)
	}
	// The original of a leaf (a literal): with the other sites of the
	// same range inside it.
	var own strings.Builder
	if s.start < s.end && len(s.parts) == 0 {
		if err := r.rng(&own, s.start, s.end, i); err != nil {
			return err
		}
	}
	switch s.kind {
	case "cmp", "logic":
		// The operands in brackets: x may be a chain of the same
		// operator ("a || b" of "a || b || c"), which the new operator,
		// of another precedence, would otherwise split.
		x, y := "("+parts[0]+")", "("+parts[1]+")"
		if plain {
			fmt.Fprintf(b, "(%s %s %s)", x, s.newOp, y)
		} else {
			fmt.Fprintf(b, "(%s && (%s %s %s) || !%s && (%s %s %s))", on, x, s.newOp, y, on, x, s.oldOp, y)
		}
	case "arith":
		x, y := "("+parts[0]+")", "("+parts[1]+")" // as for cmp and logic
		if plain {
			fmt.Fprintf(b, "(%s %s %s)", x, s.newOp, y)
		} else if s.typ == "" {
			return fmt.Errorf("%s: no writable type", s.id)
		} else {
			fmt.Fprintf(b, "wdMutantPick[%s](%d, (%s %s %s), (%s %s %s))", s.typ, s.num, x, s.newOp, y, x, s.oldOp, y)
		}
	case "not":
		if plain {
			fmt.Fprintf(b, "(%s)", parts[0])
		} else {
			fmt.Fprintf(b, "(%s == (%s))", on, parts[0])
		}
	case "literal":
		if plain {
			b.WriteString(s.newLit)
		} else if s.typ == "" {
			return fmt.Errorf("%s: no writable type", s.id)
		} else {
			fmt.Fprintf(b, "wdMutantPick[%s](%d, %s, %s)", s.typ, s.num, s.newLit, own.String())
		}
	case "bool":
		if plain {
			b.WriteString(s.newLit)
		} else {
			fmt.Fprintf(b, "(%s != %s)", own.String(), on)
		}
	case "assign":
		rhs := ""
		if len(parts) == 2 {
			rhs = " " + parts[1]
		}
		if plain {
			fmt.Fprintf(b, "%s %s%s", parts[0], s.newOp, rhs)
		} else {
			fmt.Fprintf(b, "if %s { %s %s%s } else { %s %s%s }", on, parts[0], s.newOp, rhs, parts[0], s.oldOp, rhs)
		}
	case "delete":
		if !plain {
			fmt.Fprintf(b, "if !%s { %s }", on, own.String())
		}
	case "return":
		if plain {
			fmt.Fprintf(b, "%s; ", s.ret)
		} else {
			fmt.Fprintf(b, "if %s { %s }; ", on, s.ret)
		}
	default:
		return fmt.Errorf("unknown kind %q", s.kind)
	}
	return nil
}

// plainSource returns the file of site s with only s mutated.
func plainSource(s *site) ([]byte, error) {
	r := &renderer{f: s.file, active: s}
	return r.file()
}

// schemaSource returns file f with every site in on rendered in its schema
// form.
func schemaSource(f *srcFile, on map[*site]bool) ([]byte, error) {
	r := &renderer{f: f, schema: on}
	return r.file()
}

// switchFile is the file the schema adds to the package: the switch that
// turns one mutant on, read from WATERDEEP_MUTANT. With
// WATERDEEP_MUTANT_TRACE set to a file, the switch also notes every mutant
// whose place runs, and mainFile's TestMain writes them there: the tests
// that reach a mutant, run one at a time, are then the only ones that can
// kill it.
func switchFile(pkgName string) []byte {
	return []byte(`package ` + pkgName + `

import (
	"os"
	"strconv"
)

var wdMutantActive, _ = strconv.Atoi(os.Getenv("WATERDEEP_MUTANT"))

var wdMutantTrace = os.Getenv("WATERDEEP_MUTANT_TRACE")

var wdMutantSeen []bool

func wdMutantOn(id int) bool {
	if wdMutantTrace != "" {
		wdMutantMark(id)
	}
	return id == wdMutantActive
}

func wdMutantMark(id int) {
	for len(wdMutantSeen) <= id {
		wdMutantSeen = append(wdMutantSeen, false)
	}
	wdMutantSeen[id] = true
}

func wdMutantPick[T any](id int, mut, orig T) T {
	if wdMutantOn(id) {
		return mut
	}
	return orig
}
`)
}

// mainFile is the TestMain the schema adds to the package's tests: it
// writes the trace (see switchFile).
func mainFile(pkgName string) []byte {
	return []byte(`package ` + pkgName + `

import (
	"os"
	"strconv"
	"testing"
)

func TestMain(m *testing.M) {
	code := m.Run()
	if wdMutantTrace != "" {
		var b []byte
		for id, seen := range wdMutantSeen {
			if seen {
				b = strconv.AppendInt(b, int64(id), 10)
				b = append(b, '\n')
			}
		}
		if err := os.WriteFile(wdMutantTrace, b, 0o644); err != nil {
			panic(err)
		}
	}
	os.Exit(code)
}
`)
}

// defaultExclude names the files that only encode, decode or word things.
const defaultExclude = `json|snapshot|record|parse|names|human|text|doc`

func selector(exclude string) (func(string) bool, error) {
	if exclude == "" {
		return func(string) bool { return true }, nil
	}
	re, err := regexp.Compile(exclude)
	if err != nil {
		return nil, err
	}
	return func(name string) bool { return !re.MatchString(name) }, nil
}
