package resolve

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/lang"
)

// intDefs resolves src and gives each of its defs the cell a compile
// gives it (its declaration, the bindings of its free names), as package
// compile does before it compiles a call.
func intDefs(t *testing.T, src string, reg *engine.Registry) map[string]*lang.DefStmt {
	t.Helper()
	f, err := lang.ParseFile("t.game", src)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	File(NewUniverse(reg), NewScope(nil), f, false, 0)
	defs := map[string]*lang.DefStmt{}
	for _, st := range f.Stmts {
		if d, ok := st.(*lang.DefStmt); ok {
			defs[d.Name.Name] = d
			NameDecl(d.Name).B.Fn = &engine.Func{FName: d.Name.Name, Decl: d}
		}
	}
	for range 2 { // (a def calling one declared after it: known the second time)
		for _, d := range defs {
			RecordFree(NameDecl(d.Name).B.Fn, NameDecl(d.Name))
		}
	}
	return defs
}

// TestIntTyped checks the int analysis alone: whether the body of each
// def is int-typed in the variant for int arguments and in the other.
func TestIntTyped(t *testing.T) {
	reg := engine.NewRegistry()
	reg.Add(&engine.Builtin{BName: "len", MinArgs: 1, MaxArgs: 1})
	reg.Add(&engine.Builtin{BName: "count", MinArgs: 1, MaxArgs: 1, IntResult: true})
	src := `
let K = 7
def sq(x) = x * x
def inc(x) = x + 1
def dbl(x) = 2 * x
def neg(x) = -x
def pick(x) = if x > 0 then x else 0
def half(x) = if x > 0 then x else "no"
def cube(x) = sq(x) * x
def chain(x) = cube(inc(x)) % 5
def later(x) = after(x) * x
def after(x) = x - 1
def fact(n) = if n <= 1 then 1 else n * fact(n - 1)
def twice(n) = fact(n) * 2
def glued(x) = "a" + x
def size(x) = len(x)
def many(x) = count(x)
def keyed(x) = x * K
def cmp(x) = x < 3
def fnarg(g) = g(1) + g(2)
def apply(x) = fnarg(x) * 1
def pair(a, b) = a * 2
def mixed(x) = pair(x, "s")
def first(x) = pair(x, x + 1)
`
	defs := intDefs(t, src, reg)
	// name: int-typed with int arguments, int-typed with others.
	want := map[string][2]bool{
		"sq":    {true, false},
		"inc":   {true, true}, // x + 1: an int or an error
		"dbl":   {true, false},
		"neg":   {true, false},
		"pick":  {true, false},
		"half":  {false, false},
		"cube":  {true, false},
		"chain": {true, true},   // ... % 5
		"later": {false, false}, // after is declared later: its call is not inlined (no Site)
		"after": {true, true},
		"fact":  {false, false}, // recursive: not inlined, not known
		"twice": {false, false},
		"glued": {true, false}, // "a" + x: an int or an error (the error of +)
		"size":  {false, false},
		"many":  {true, true},
		"keyed": {false, false}, // K is an int let only once its let compiled
		"cmp":   {false, false},
		"fnarg": {false, false},
		"apply": {false, false},
		"mixed": {false, false}, // "s" goes to a hidden local that is not an int
		"first": {true, false},
	}
	for name, w := range want {
		d := defs[name]
		if d == nil {
			t.Fatalf("no def %s", name)
		}
		for v, intParams := range []bool{true, false} {
			r := New(reg, passes.All, 0)
			var got bool
			r.Function(lang.ParamNames(d.Params), intParams, func() { got = r.Arith.IntTyped(d.Body) })
			if got != w[v] {
				t.Errorf("%s (int arguments %v): IntTyped = %v, want %v", name, intParams, got, w[v])
			}
			if got && !r.Arith.IntFires(d.Body) {
				t.Errorf("%s: int-typed, yet the Ints pass does not count as fired", name)
			}
		}
	}
	// One Resolver compiling both variants, one after the other, keeps
	// an answer per variant.
	r0 := New(reg, passes.All, 0)
	for _, intParams := range []bool{true, false, true} {
		d := defs["cube"]
		r0.Function(lang.ParamNames(d.Params), intParams, func() {
			if got := r0.Arith.IntTyped(d.Body); got != intParams {
				t.Errorf("cube in a Resolver shared by the variants (int arguments %v): %v", intParams, got)
			}
		})
	}
	// With the Ints pass off nothing is int-typed; with Composite off a
	// built-in's int result is not used.
	for _, tc := range []struct {
		name string
		off  passes.Pass
	}{{"sq", passes.Ints}, {"many", passes.Composite}} {
		d := defs[tc.name]
		r := New(reg, passes.All&^tc.off, 0)
		r.Function(lang.ParamNames(d.Params), true, func() {
			if r.Arith.IntTyped(d.Body) {
				t.Errorf("%s is int-typed with pass %v off", tc.name, tc.off)
			}
		})
	}
	// A global let that holds an int (IsInt, set where its let is
	// compiled) makes keyed int-typed.
	NameDecl(findLet(t, defs["keyed"])).B.IsInt = true
	r := New(reg, passes.All, 0)
	d := defs["keyed"]
	r.Function(lang.ParamNames(d.Params), true, func() {
		if !r.Arith.IntTyped(d.Body) {
			t.Errorf("keyed with K an int let: not int-typed")
		}
	})
}

// findLet returns the declaration of the name K the body of d reads.
func findLet(t *testing.T, d *lang.DefStmt) *lang.Name {
	t.Helper()
	var n *lang.Name
	lang.Inspect(d.Body, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok && id.Name == "K" {
			decl := Of(id)
			n = &lang.Name{Name: decl.Name, Pos: decl.Pos, Bind: decl}
		}
		return true
	})
	if n == nil {
		t.Fatal("no K")
	}
	return n
}

// TestIntFires checks what counts as the Ints pass firing for an
// expression that is not int-typed: one of the expressions looked at to
// tell (the int generator builds their closures on the way).
func TestIntFires(t *testing.T) {
	reg := engine.NewRegistry()
	defs := intDefs(t, `
def a(x) = if x > 0 then -1 else "no"
def b(x) = if x > 0 then x else "no"
def c(x) = "s" + x
`, reg)
	for name, want := range map[string]bool{"a": true, "b": false, "c": false} {
		d := defs[name]
		r := New(reg, passes.All, 0)
		r.Function(lang.ParamNames(d.Params), false, func() {
			if r.Arith.IntTyped(d.Body) {
				t.Errorf("%s: int-typed", name)
			}
			if got := r.Arith.IntFires(d.Body); got != want {
				t.Errorf("%s: IntFires = %v, want %v", name, got, want)
			}
		})
	}
}
