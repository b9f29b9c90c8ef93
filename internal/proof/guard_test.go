package proof

import (
	"math"
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// TestIntsWithin: the guard of a list root holds for a list of ints
// within the bound, and for nothing else (a tuple, a string, an element
// of another type or too large, a set).
func TestIntsWithin(t *testing.T) {
	ints := func(xs ...int64) []value.Value {
		out := make([]value.Value, len(xs))
		for i, x := range xs {
			out[i] = value.Int(x)
		}
		return out
	}
	cases := []struct {
		name   string
		x      value.Value
		t      int64
		minLen int64
		want   bool
	}{
		{"empty list", value.List(nil), 5, 0, true},
		{"empty list, one asked", value.List(nil), 5, 1, false},
		{"within", value.List(ints(-5, 0, 5)), 5, 3, true},
		{"too short", value.List(ints(-5, 0, 5)), 5, 4, false},
		{"above", value.List(ints(0, 6)), 5, 0, false},
		{"below", value.List(ints(-6)), 5, 0, false},
		{"min int", value.List(ints(math.MinInt64)), math.MaxInt64, 0, false},
		{"a tuple", value.Tuple(ints(1, 2)), 5, 0, false},
		{"a string element", value.List([]value.Value{value.Int(1), value.Str("a")}), 5, 0, false},
		{"a string", value.Str("12"), 5, 0, false},
		{"an int", value.Int(1), 5, 0, false},
	}
	for _, c := range cases {
		if got := IntsWithin(c.x, c.t, c.minLen); got != c.want {
			t.Errorf("%s: IntsWithin = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestCollWithin: the guard of a global collection root holds for a
// list, a tuple or a set of ints from lo to t, read from the global's
// slot (none where its let has not run), and is made again for another
// value in the slot (the one-entry cache keys on the value's identity).
func TestCollWithin(t *testing.T) {
	ints := func(xs ...int64) []value.Value {
		out := make([]value.Value, len(xs))
		for i, x := range xs {
			out[i] = value.Int(x)
		}
		return out
	}
	cases := []struct {
		name  string
		x     value.Value
		t, lo int64
		want  bool
	}{
		{"a set within", value.SetOf(ints(3, 1, 2)), 5, 0, true},
		{"a list within", value.List(ints(0, 5)), 5, 0, true},
		{"a tuple within", value.Tuple(ints(-5, 5)), 5, -5, true},
		{"empty", value.List(nil), 5, 0, true},
		{"below lo", value.SetOf(ints(-1, 2)), 5, 0, false},
		{"below -t", value.List(ints(-6)), 5, -9, false},
		{"above", value.List(ints(6)), 5, 0, false},
		{"a string element", value.List([]value.Value{value.Int(1), value.Str("a")}), 5, 0, false},
		{"a string", value.Str("12"), 5, 0, false},
		{"an int", value.Int(1), 5, 0, false},
		{"a let not run", value.None, 5, 0, false},
	}
	ct := &collTest{slot: 1}
	for _, c := range cases {
		globals := []value.Value{value.Int(0), c.x}
		for range 2 { // (again: from the cache)
			if got := ct.within(globals, c.t, c.lo); got != c.want {
				t.Errorf("%s: within = %v, want %v", c.name, got, c.want)
			}
		}
	}
	if (&collTest{slot: 3}).within([]value.Value{value.List(nil)}, 5, 0) {
		t.Errorf("a slot past the globals: within = true, want false")
	}
}

// TestGlobalIntCall: the guard of a global int root holds where the
// global's slot holds an int within the bound (not 0, at least 1, where
// it asks), and is false where its let has not run.
func TestGlobalIntCall(t *testing.T) {
	cases := []struct {
		name              string
		x                 value.Value
		nonZero, positive bool
		want              bool
	}{
		{"within", value.Int(-5), false, false, true},
		{"above", value.Int(6), false, false, false},
		{"below", value.Int(-6), false, false, false},
		{"zero, not asked", value.Int(0), false, false, true},
		{"zero", value.Int(0), true, false, false},
		{"below 1", value.Int(0), false, true, false},
		{"a let not run", value.None, false, false, false},
		{"a string", value.Str("1"), false, false, false},
	}
	for _, c := range cases {
		call := GlobalIntCall(&lang.Ident{Name: "M"}, 1, 5, c.nonZero, c.positive, lang.Pos{}).(*lang.Call)
		bi := resolve.Of(call.Fn.(*lang.Ident)).Bi
		fr := &engine.Frame{Th: &engine.Thread{Globals: []value.Value{value.Int(0), c.x}}}
		if got := bi.Test(fr); got != c.want {
			t.Errorf("%s: test = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestRootTests: the guard of a local root is one built-in per bound
// (the same calls for the same bound, ir.Same), and its test, which
// remembers the last collection it read, answers for each value, one
// object after another and the same object again: lists within the
// bound or not, of too few elements, a string, sets of small ints made
// from bits and of ints made as elements, a set of cells.
func TestRootTests(t *testing.T) {
	root := &lang.Ident{Name: "b", Bind: resolve.NewLocal("b", lang.Pos{})}
	a, b := IntsCall(root, 10, 1, lang.Pos{}), IntsCall(root, 10, 1, lang.Pos{})
	if !ir.Same(a, b) {
		t.Errorf("two calls of one bound's test are not the same expression")
	}
	if ir.Same(a, IntsCall(root, 10, 2, lang.Pos{})) || ir.Same(a, CollCall(root, 10, 1, 0, lang.Pos{})) {
		t.Errorf("the tests of two bounds are the same expression")
	}
	test1 := func(e lang.Expr) func(value.Value) bool {
		return resolve.Of(e.(*lang.Call).Fn.(*lang.Ident)).Bi.Test1
	}
	ints, coll := test1(IntsCall(root, 10, 1, lang.Pos{})), test1(CollCall(root, 10, -10, 0, lang.Pos{}))
	small := value.List([]value.Value{value.Int(1), value.Int(-10)})
	big := value.List([]value.Value{value.Int(1), value.Int(11)})
	set := value.SetOf([]value.Value{value.Int(3), value.Int(-2)})
	cases := []struct {
		v          value.Value
		ints, coll bool
	}{
		{small, true, true}, {small, true, true}, {big, false, false}, {small, true, true}, {big, false, false},
		{value.List(nil), false, true}, {value.Str("ab"), false, false},
		{value.Tuple([]value.Value{value.Int(2)}), false, true},
		{set, false, true}, {value.SetOf([]value.Value{value.Int(30)}), false, false},
		{value.CellSet([]uint64{1, 2}), false, false},
		{value.List([]value.Value{value.Int(1), value.Str("a")}), false, false},
	}
	for i, c := range cases {
		if got := ints(c.v); got != c.ints {
			t.Errorf("case %d: ints within: %v, want %v", i, got, c.ints)
		}
		if got := coll(c.v); got != c.coll {
			t.Errorf("case %d: collection within: %v, want %v", i, got, c.coll)
		}
	}
}

// TestRootTestsUniverse: a collection's test of sets held as ids of a
// universe (value.Uni) reads each element of the universe once, and a
// set by its words: sets of the universe's good elements pass, also
// after elements outside the bound joined it, and a set holding one of
// those does not.
func TestRootTestsUniverse(t *testing.T) {
	u := value.NewUniverse()
	cell := func(r, c int64) value.Value { return value.Tuple([]value.Value{value.Int(r), value.Int(c)}) }
	uni := func(es ...value.Value) value.Value {
		key, boxed := u.AppendSetKey(nil, value.SetOf(es), 1<<20)
		if boxed {
			t.Fatalf("no key of ids for %v", es)
		}
		v, _ := u.DecodeUniKey(key)
		if _, _, ok := value.Uni(v); !ok {
			t.Fatalf("%v is not held as ids", es)
		}
		return v
	}
	root := &lang.Ident{Name: "F", Bind: resolve.NewLocal("F", lang.Pos{})}
	test := resolve.Of(CollCall(root, 1000, -1000, 2, lang.Pos{}).(*lang.Call).Fn.(*lang.Ident)).Bi.Test1
	good := uni(cell(0, 100), cell(1, 200))
	if !test(good) {
		t.Errorf("a set of cells within the bound failed")
	}
	big, short := uni(cell(0, 100), cell(5000, 1)), uni(cell(1, 200), value.Tuple([]value.Value{value.Int(3)}))
	if test(big) || test(short) {
		t.Errorf("a set with a cell past the bound, or a tuple of one int, passed")
	}
	if !test(good) || !test(uni(cell(1, 200))) || !test(uni()) {
		t.Errorf("sets of good cells failed once bad ones joined the universe")
	}
}
