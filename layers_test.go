package iriscan

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/iriscan/iriscan"

// floors numbers the layers of docs/design.md, lowest first. A package
// belongs to the floor of the longest prefix of its path in this table;
// packages under internal/ at the root are floor 0, below everything.
var floors = []struct {
	prefix string
	floor  int
}{
	{"internal", 0},
	{"charset", 1},
	{"iri", 2},
	{"scanner", 3},
	{"rewrite", 4},
	{"corpus", 5},
	{"cmd", 6},
}

// floorOf returns the floor of the module package path (relative to the
// module root), or -1 if it is on none.
func floorOf(rel string) int {
	best, n := -1, -1
	for _, f := range floors {
		if (rel == f.prefix || strings.HasPrefix(rel, f.prefix+"/")) && len(f.prefix) > n {
			best, n = f.floor, len(f.prefix)
		}
	}
	return best
}

// TestLayers fails when a package of the module, or one of its tests,
// imports a package of the module on a higher floor, or when a package is
// on no floor at all: the data flow bytes → charset → scanner → rewrite →
// charset → bytes must stay visible in the import graph.
//
// It reads the import declarations of every Go file itself (go/parser)
// rather than asking go list, so that go test's cache sees the files it
// depends on and runs it again when one changes.
func TestLayers(t *testing.T) {
	imports := map[string]map[string]bool{} // package dir → module imports
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != "." && (name == "testdata" || name == "bench" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir // bench is a module of its own
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly|parser.ParseComments)
		if err != nil {
			return err
		}
		if ignored(f) {
			return nil // go:build ignore: a generator run by hand
		}
		dir := filepath.ToSlash(filepath.Dir(path))
		if imports[dir] == nil {
			imports[dir] = map[string]bool{}
		}
		for _, s := range f.Imports {
			p, _ := strconv.Unquote(s.Path.Value)
			if rel, ok := strings.CutPrefix(p, module+"/"); ok {
				imports[dir][rel] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(imports) < 5 {
		t.Fatalf("found %d package directories", len(imports))
	}
	for dir, imps := range imports {
		if dir == "." {
			continue // this package: documentation and this test
		}
		f := floorOf(dir)
		if f < 0 {
			t.Errorf("%s is on no floor: put it under one of the layers of docs/design.md", dir)
			continue
		}
		for imp := range imps {
			if g := floorOf(imp); g > f {
				t.Errorf("%s (floor %d) imports %s (floor %d): imports must run down the layers", dir, f, imp, g)
			}
		}
	}
}

// ignored reports whether f is excluded from every build by a
// "//go:build ignore" line.
func ignored(f *ast.File) bool {
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, c := range g.List {
			if strings.TrimSpace(c.Text) == "//go:build ignore" {
				return true
			}
		}
	}
	return false
}

// TestFloorOf checks the floor table on paths of each kind.
func TestFloorOf(t *testing.T) {
	for rel, want := range map[string]int{
		"charset": 1, "iri": 2, "iri/internal/gen": 2, "scanner/scantest": 3,
		"rewrite": 4, "rewrite/mail": 4, "corpus": 5, "cmd/iriscan": 6,
		"internal/x": 0, "irish": -1, "bench": -1,
	} {
		if got := floorOf(rel); got != want {
			t.Errorf("floorOf(%q) = %d, want %d", rel, got, want)
		}
	}
}
