package main

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

// loadFeatures loads the packages that patterns name in the module at dir
// and returns the features of every public one (not internal/, not
// examples/, not a command), sorted: one line per exported name, struct
// field, method, interface method and constant value, as cmd/api writes
// them in the Go project's api/go1.*.txt.
func loadFeatures(dir string, patterns ...string) ([]string, error) {
	cfg := &packages.Config{Dir: dir, Mode: packages.NeedName | packages.NeedTypes}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	var bad []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			bad = append(bad, e.Error())
		}
	})
	if len(bad) > 0 {
		return nil, fmt.Errorf("loading packages: %s", strings.Join(bad, "; "))
	}
	set := map[string]bool{}
	for _, p := range pkgs {
		if !public(p.PkgPath) || p.Name == "main" {
			continue
		}
		w := &walker{pkg: p.Types, set: set}
		w.walkPackage()
	}
	out := make([]string, 0, len(set))
	for f := range set {
		out = append(out, f)
	}
	sort.Strings(out)
	return out, nil
}

// public reports whether a package path is part of the promised API: not
// under internal/, examples/ or tools/ (those are the module's own).
func public(path string) bool {
	for _, part := range strings.Split(path, "/") {
		switch part {
		case "internal", "examples", "tools", "testdata":
			return false
		}
	}
	return true
}

// walker writes the features of one package.
type walker struct {
	pkg *types.Package
	set map[string]bool
}

func (w *walker) emit(format string, args ...any) {
	w.set["pkg "+w.pkg.Path()+", "+fmt.Sprintf(format, args...)] = true
}

// qualifier writes the package's own names bare and others' by package
// name ("waterdeep.State"), as cmd/api does.
func (w *walker) qualifier(p *types.Package) string {
	if p == w.pkg {
		return ""
	}
	return p.Name()
}

// typeString writes a type as cmd/api does: the names of a function type's
// parameters left out, at any depth.
func (w *walker) typeString(t types.Type) string {
	switch t := t.(type) {
	case *types.Pointer:
		return "*" + w.typeString(t.Elem())
	case *types.Slice:
		return "[]" + w.typeString(t.Elem())
	case *types.Array:
		return fmt.Sprintf("[%d]%s", t.Len(), w.typeString(t.Elem()))
	case *types.Map:
		return "map[" + w.typeString(t.Key()) + "]" + w.typeString(t.Elem())
	case *types.Chan:
		switch t.Dir() {
		case types.SendOnly:
			return "chan<- " + w.typeString(t.Elem())
		case types.RecvOnly:
			return "<-chan " + w.typeString(t.Elem())
		}
		return "chan " + w.typeString(t.Elem())
	case *types.Signature:
		return "func" + w.signature(t)
	}
	return types.TypeString(t, w.qualifier)
}

func (w *walker) walkPackage() {
	scope := w.pkg.Scope()
	for _, name := range scope.Names() {
		if !token.IsExported(name) {
			continue
		}
		switch o := scope.Lookup(name).(type) {
		case *types.Const:
			w.emitConst(o)
		case *types.Var:
			w.emit("var %s %s", name, w.typeString(o.Type()))
		case *types.Func:
			w.emit("func %s%s", name, w.signature(o.Type().(*types.Signature)))
		case *types.TypeName:
			w.emitType(o)
		}
	}
}

// emitConst writes a constant with its type and value: a changed value is
// an incompatible change (a version number, an enumeration's code).
func (w *walker) emitConst(c *types.Const) {
	val := c.Val().ExactString()
	if c.Val().Kind() == constant.String {
		val = c.Val().String()
	}
	typ := c.Type()
	if b, ok := typ.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
		w.emit("const %s = %s", c.Name(), val)
		return
	}
	w.emit("const %s %s = %s", c.Name(), w.typeString(typ), val)
}

// signature writes a function's type parameters, parameters and results,
// without the parameters' names (renaming one breaks no caller).
func (w *walker) signature(sig *types.Signature) string {
	var b strings.Builder
	if tp := sig.TypeParams(); tp != nil && tp.Len() > 0 {
		b.WriteString(w.typeParams(tp))
	}
	b.WriteString("(")
	params := sig.Params()
	for i := range params.Len() {
		if i > 0 {
			b.WriteString(", ")
		}
		t := params.At(i).Type()
		if sig.Variadic() && i == params.Len()-1 {
			b.WriteString("..." + w.typeString(t.(*types.Slice).Elem()))
			continue
		}
		b.WriteString(w.typeString(t))
	}
	b.WriteString(")")
	res := sig.Results()
	switch {
	case res.Len() == 1:
		b.WriteString(" " + w.typeString(res.At(0).Type()))
	case res.Len() > 1:
		b.WriteString(" (")
		for i := range res.Len() {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(w.typeString(res.At(i).Type()))
		}
		b.WriteString(")")
	}
	return b.String()
}

func (w *walker) typeParams(tp *types.TypeParamList) string {
	var parts []string
	for i := range tp.Len() {
		p := tp.At(i)
		parts = append(parts, p.Obj().Name()+" "+w.typeString(p.Constraint()))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func (w *walker) emitType(o *types.TypeName) {
	name := o.Name()
	if o.IsAlias() {
		w.emit("type %s = %s", name, w.typeString(o.Type()))
		return
	}
	named := o.Type().(*types.Named)
	if tp := named.TypeParams(); tp != nil && tp.Len() > 0 {
		name += w.typeParams(tp)
	}
	switch u := named.Underlying().(type) {
	case *types.Struct:
		w.emit("type %s struct", name)
		w.emitFields(name, u, map[*types.Struct]bool{})
	case *types.Interface:
		w.emitInterface(name, u)
		return // an interface's methods are its own features
	default:
		w.emit("type %s %s", name, w.typeString(u))
	}
	w.emitMethods(o.Name(), named)
}

// emitFields writes a struct's exported fields; the exported fields of an
// unexported embedded struct are promoted, so they are written as the
// outer struct's own.
func (w *walker) emitFields(name string, s *types.Struct, seen map[*types.Struct]bool) {
	if seen[s] {
		return
	}
	seen[s] = true
	for i := range s.NumFields() {
		f := s.Field(i)
		if f.Embedded() {
			if f.Exported() {
				w.emit("type %s struct, embedded %s", name, w.typeString(f.Type()))
				continue
			}
			t := f.Type()
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			if inner, ok := t.Underlying().(*types.Struct); ok {
				w.emitFields(name, inner, seen)
			}
			continue
		}
		if f.Exported() {
			w.emit("type %s struct, %s %s", name, f.Name(), w.typeString(f.Type()))
		}
	}
}

// emitInterface writes an interface's summary line with its exported
// methods' names, and one line per method. An interface with unexported
// methods cannot be implemented outside its package, so adding a method to
// it breaks no one: it gets no summary line, only "unexported methods".
func (w *walker) emitInterface(name string, it *types.Interface) {
	var names []string
	sealed := false
	for i := range it.NumMethods() {
		m := it.Method(i)
		if !m.Exported() {
			sealed = true
			continue
		}
		names = append(names, m.Name())
		w.emit("type %s interface, %s%s", name, m.Name(), w.signature(m.Type().(*types.Signature)))
	}
	if it.NumEmbeddeds() > 0 {
		for i := range it.NumEmbeddeds() {
			if _, ok := it.EmbeddedType(i).Underlying().(*types.Interface); !ok {
				// A constraint (a union or ~T): its text is its contract.
				w.emit("type %s interface, embedded %s", name, w.typeString(it.EmbeddedType(i)))
			}
		}
	}
	sort.Strings(names)
	if sealed {
		w.emit("type %s interface, unexported methods", name)
		return
	}
	w.emit("type %s interface { %s }", name, strings.Join(names, ", "))
}

// emitMethods writes the methods of a named type, the promoted ones with
// them: "method (T) M()" where the value has it, "method (*T) M()" where
// only the pointer does.
func (w *walker) emitMethods(name string, named *types.Named) {
	recv := name
	if tp := named.TypeParams(); tp != nil && tp.Len() > 0 {
		var ps []string
		for i := range tp.Len() {
			ps = append(ps, tp.At(i).Obj().Name())
		}
		recv += "[" + strings.Join(ps, ", ") + "]"
	}
	value := types.NewMethodSet(named)
	ptr := types.NewMethodSet(types.NewPointer(named))
	for i := range ptr.Len() {
		sel := ptr.At(i)
		m := sel.Obj().(*types.Func)
		if !m.Exported() {
			continue
		}
		r := "*" + recv
		if value.Lookup(m.Pkg(), m.Name()) != nil {
			r = recv
		}
		w.emit("method (%s) %s%s", r, m.Name(), w.signature(m.Type().(*types.Signature)))
	}
}
