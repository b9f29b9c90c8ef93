package eqindex

import (
	"fmt"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/masks"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Folds over a range that ends at the loop's variable. A loop over a
// range of v whose if clause is, or has among its operands of and, a
// fold of a test of each int of a range one of whose ends is v,
//
//	silver(...) for p in 0 .. i - 1 if all([s[k] == "." for k in p .. i - 1])
//	(y, x) for y in 0 .. x - 1 if y not in S and all([z not in S for z in y + 1 .. x - 1])
//
// visits only the ints v for which the fold can hold (masks.FoldBound:
// one scan of the word of the ints that pass at the loop's entry, where
// as written each v tested the range again). Exactness: the if clause
// still runs on each int visited; an int skipped makes the fold false
// without an error (the masks read the tested value only where its tests
// cannot fail), and the operands of and before it are memberships of v
// in a list, tuple, set or map (checked at the entry), which cannot fail
// either, so the clause is false there as written.

// foldRange is EqRange for such a fold (nil: not one).
func foldRange(c *compile.Compiler, cl *lang.ForClause, ifc *lang.IfClause) func(fr *engine.Frame, a, b int64) ([]int64, bool) {
	v := cl.Target.Names[0]
	bound := map[*resolve.Decl]bool{resolve.NameDecl(v): true}
	var colls []engine.EvalFn // (the collections of the memberships before it)
	var fb masks.FoldBounds
	for _, e := range conjuncts(ifc.Cond, nil) {
		if fb = masks.FoldBound(c, e, v); fb != nil {
			break
		}
		in, ok := e.(*lang.Binary)
		if !ok || in.Op != lang.OpIn && in.Op != lang.OpNotIn || !isName(in.X, resolve.NameDecl(v)) || !masks.Plain(c, in.Y) || reads(in.Y, bound) {
			return nil
		}
		colls = append(colls, c.Vals.Expr(in.Y))
	}
	if fb == nil {
		return nil
	}
	c.Fired(passes.EqIndex)
	c.Note(fmt.Sprintf("the for clause at line %d visits only the ints for which the fold of its if clause can hold, found at its entry from the mask of the fold's tests", cl.Pos.Line))
	return func(fr *engine.Frame, a, b int64) ([]int64, bool) {
		for _, f := range colls {
			s, ok := engine.Try(fr, f)
			if !ok || s.K != value.KSet && s.K != value.KList && s.K != value.KTuple && s.K != value.KMap {
				return nil, false
			}
		}
		lo, hi, ok := fb(fr, a, b)
		switch {
		case !ok:
			return nil, false
		case lo > hi:
			return counting[:0], true
		case lo < 0 || hi >= int64(len(counting)):
			return nil, false
		}
		return counting[lo : hi+1 : hi+1], true
	}
}

// counting is the ints 0 to 4095 (a loop's ints visited, shared).
var counting = func() []int64 {
	s := make([]int64, 4096)
	for i := range s {
		s[i] = int64(i)
	}
	return s
}()
