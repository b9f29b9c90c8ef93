package proof

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// intsWithin is the test of an Ints bound: intsWithin(X, T, L) is
// whether X is a list of L to ir.MaxLen elements, each an int at most T
// in size. It cannot fail. Its name is none a program can write: only
// the planner calls it.
var intsWithin = &engine.Builtin{BName: "ints within", MinArgs: 3, MaxArgs: 3, Pure: true,
	Doc: "the planner's guard: whether X is a list of ints each at most T in size",
	Fn: func(c *engine.Call, a []value.Value) value.Value {
		return value.Bool(IntsWithin(a[0], a[1].Int(), a[2].Int()))
	}}

// intsWithinDecl declares intsWithin for the names that call it.
var intsWithinDecl = &resolve.Decl{Name: intsWithin.BName, Kind: resolve.Builtin, Bi: intsWithin}

// IntsWithin reports whether x is a list of minLen to ir.MaxLen ints,
// each at most t in size.
func IntsWithin(x value.Value, t, minLen int64) bool {
	if x.Kind() != value.KList {
		return false
	}
	es := x.Elems()
	if len(es) > ir.MaxLen || int64(len(es)) < minLen {
		return false
	}
	for _, e := range es {
		if e.Kind() != value.KInt || e.Int() > t || e.Int() < -t {
			return false
		}
	}
	return true
}

// IntsCall is the test of an Ints bound on root: intsWithin(root, t,
// minLen).
func IntsCall(root *lang.Ident, t, minLen int64, pos lang.Pos) lang.Expr {
	return &lang.Call{Pos: pos, Fn: &lang.Ident{Pos: pos, Name: intsWithin.BName, Bind: intsWithinDecl}, Args: []lang.Expr{root, &lang.IntLit{Pos: pos, Val: t}, &lang.IntLit{Pos: pos, Val: minLen}}}
}
