package waterdeep

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// docIssue matches a reference to an issue of this project's tracker.
var docIssue = regexp.MustCompile(`(?i)\bissues? #?\d+|\(#\d+\)`)

// The documentation of exported names is for the library's users, who
// cannot see this project's issue tracker: it names no issue number (the
// commit history does).
func TestDocsNameNoIssue(t *testing.T) {
	for _, dir := range []string{".", "content", "quests", "buildings", "intrigue", "lords", "bots"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, file, src, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			check := func(cg *ast.CommentGroup, what string) {
				if cg != nil && docIssue.MatchString(cg.Text()) {
					t.Errorf("%s: the doc of %s names an issue: %q", fset.Position(cg.Pos()), what, docIssue.FindString(cg.Text()))
				}
			}
			check(f.Doc, "package "+f.Name.Name)
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Name.IsExported() && (d.Recv == nil || docExportedRecv(d.Recv)) {
						check(d.Doc, d.Name.Name)
					}
				case *ast.GenDecl:
					for _, sp := range d.Specs {
						switch sp := sp.(type) {
						case *ast.TypeSpec:
							if !sp.Name.IsExported() {
								continue
							}
							check(d.Doc, sp.Name.Name)
							check(sp.Doc, sp.Name.Name)
							var fields *ast.FieldList
							switch ty := sp.Type.(type) {
							case *ast.StructType:
								fields = ty.Fields
							case *ast.InterfaceType:
								fields = ty.Methods
							}
							if fields != nil {
								for _, fd := range fields.List {
									check(fd.Doc, sp.Name.Name+"'s fields")
									check(fd.Comment, sp.Name.Name+"'s fields")
								}
							}
						case *ast.ValueSpec:
							for _, n := range sp.Names {
								if n.IsExported() {
									check(d.Doc, n.Name)
									check(sp.Doc, n.Name)
									check(sp.Comment, n.Name)
									break
								}
							}
						}
					}
				}
			}
		}
	}
}

// docExportedRecv reports whether a method's receiver type is exported.
func docExportedRecv(recv *ast.FieldList) bool {
	ty := recv.List[0].Type
	if st, ok := ty.(*ast.StarExpr); ok {
		ty = st.X
	}
	if ix, ok := ty.(*ast.IndexExpr); ok {
		ty = ix.X
	}
	id, ok := ty.(*ast.Ident)
	return ok && id.IsExported()
}
