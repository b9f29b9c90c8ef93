package grundy_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestBuildOutputsIgnored: what a user builds as the README and the go
// command make it (the grundy binary in the root or in cmd/grundy, the
// editor extension's package, a converted grammar) is ignored by git,
// and the sources beside them are not.
func TestBuildOutputsIgnored(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed")
	}
	if err := exec.Command(git, "rev-parse", "--is-inside-work-tree").Run(); err != nil {
		t.Skip("not in a git work tree")
	}
	ignored := func(path string) bool {
		// --no-index: by the rules alone, tracked or not.
		return exec.Command(git, "check-ignore", "--no-index", "-q", path).Run() == nil
	}
	for _, p := range []string{"grundy", "grundy.exe", "cmd/grundy/grundy", "cmd/grundy/grundy.exe", "editors/grundy-0.1.0.vsix", "editors/node_modules/x.js", "grundy.tmLanguage", "cmd/grundy/grundy.test", "cpu.prof", "cutting.cpp", "cutting"} {
		if !ignored(p) {
			t.Errorf("%s is not in .gitignore", p)
		}
	}
	for _, p := range []string{"cmd/grundy/main.go", "cmd/grundy", "editors/grundy.tmLanguage.json", "examples/nim.game", "web/static/app.js"} {
		if ignored(p) {
			t.Errorf("%s is ignored", p)
		}
	}
}

// Layout bounds: lines of a package's non-test files, and files a type's
// methods are in.
const (
	maxPackageLines = 4000
	maxMethodFiles  = 3
)

// packageLinesAllowed are the packages allowed more than maxPackageLines
// lines, by directory, and how many.
var packageLinesAllowed = map[string]int{}

// methodFilesAllowed are the types allowed methods in more than
// maxMethodFiles files, by package directory and name.
var methodFilesAllowed = map[string]bool{
	"internal/emit.gen": true, // the C emitter's generator: being split into types of its own
}

// TestLayout: the module's packages (their non-test files) stay small and
// plain: none has more than maxPackageLines lines, no type has methods in
// more than maxMethodFiles files (but those methodFilesAllowed), and no
// struct embeds package compile's *Compiler, whose fields and methods
// would then be everyone's.
func TestLayout(t *testing.T) {
	fset := token.NewFileSet()
	lines := map[string]int{}               // package directory -> lines
	methods := map[string]map[string]bool{} // "dir.Type" -> files
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return layoutSkip(p)
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(filepath.Dir(p))
		lines[dir] += fset.File(f.Pos()).LineCount()
		for _, decl := range f.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok && fn.Recv != nil {
				key := dir + "." + receiverName(fn.Recv.List[0].Type)
				if methods[key] == nil {
					methods[key] = map[string]bool{}
				}
				methods[key][path.Base(filepath.ToSlash(p))] = true
			}
		}
		for _, s := range embedsCompiler(f, dir) {
			t.Errorf("%s: struct %s embeds *compile.Compiler: give it a field instead", p, s)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for dir, n := range lines {
		if n > maxPackageLines && n > packageLinesAllowed[dir] {
			t.Errorf("package %s has %d lines in its non-test files, more than %d: split it", dir, n, maxPackageLines)
		}
	}
	for key, files := range methods {
		if len(files) > maxMethodFiles && !methodFilesAllowed[key] {
			names := slices.Sorted(maps.Keys(files))
			t.Errorf("type %s has methods in %d files (%s), more than %d: split it into types with plain jobs", key, len(files), strings.Join(names, ", "), maxMethodFiles)
		}
	}
}

// layoutSkip says which directories TestLayout does not walk: hidden
// ones, test data, and other modules (cluster has a go.mod of its own).
func layoutSkip(p string) error {
	base := filepath.Base(p)
	if p == "." {
		return nil
	}
	if strings.HasPrefix(base, ".") || base == "testdata" || base == "node_modules" {
		return filepath.SkipDir
	}
	if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
		return filepath.SkipDir
	}
	return nil
}

// receiverName is the name of a method's receiver type (T of *T, T[K]).
func receiverName(x ast.Expr) string {
	for {
		switch e := x.(type) {
		case *ast.StarExpr:
			x = e.X
		case *ast.ParenExpr:
			x = e.X
		case *ast.IndexExpr:
			x = e.X
		case *ast.IndexListExpr:
			x = e.X
		case *ast.Ident:
			return e.Name
		default:
			return "?"
		}
	}
}

// embedsCompiler returns the names of the struct types of f (in package
// directory dir) that embed package compile's Compiler, or a pointer to
// it.
func embedsCompiler(f *ast.File, dir string) []string {
	compileName := "" // the name f imports package compile by
	for _, im := range f.Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		if strings.HasSuffix(p, "/internal/compile") {
			compileName = "compile"
			if im.Name != nil {
				compileName = im.Name.Name
			}
		}
	}
	isCompiler := func(x ast.Expr) bool {
		if s, ok := x.(*ast.StarExpr); ok {
			x = s.X
		}
		switch e := x.(type) {
		case *ast.Ident:
			return dir == "internal/compile" && e.Name == "Compiler"
		case *ast.SelectorExpr:
			id, ok := e.X.(*ast.Ident)
			return ok && compileName != "" && id.Name == compileName && e.Sel.Name == "Compiler"
		}
		return false
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok {
			return true
		}
		if st, ok := ts.Type.(*ast.StructType); ok {
			for _, fld := range st.Fields.List {
				if len(fld.Names) == 0 && isCompiler(fld.Type) {
					out = append(out, ts.Name.Name)
				}
			}
		}
		return true
	})
	return out
}
