package build

import (
	"fmt"
	"strings"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/packedit"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/purecond"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// Edits: a list comprehension that copies a list but for a few of its
// elements,
//
//	[if j == A then X else if j == B then Y else c[j] for j in 0 .. len(c) - 1]
//
// (a move of Staircase Nim: coins taken from one step to the one below)
// is an update of two elements written element by element. When c is a
// list or tuple, it is built as a copy of c's elements in the scratch,
// and only the elements at A and B are computed, X and Y as the
// comprehension computes them (j bound to the index): no element is
// interpreted per index. Exact: c is a local (reading it cannot fail),
// and the A's are plain (operators over names and literals, no call, not
// reading j), so evaluating one again gives its value again (a string of
// ASCII characters is copied as the list of its characters, c[j] as an
// index gives them: join of it builds the string, scratch.go); the copy
// evaluates them lazily in the order the comprehension first would (A at
// the first index, B at the first index that is not A, ...; an arm `j ==
// A or j == B then X` is the arms A and B, both X, in that order, as
// `or` evaluates them), compares
// each index with them as == does (a value that is not an int equals no
// index), and computes an X at its index, in ascending order of index,
// the first arm that matches winning: the same values, the same errors
// at the same positions, and the same steps counted. Where c is not a
// list, tuple or string of ASCII characters (a map, ...), the
// comprehension runs as written.
//
// An additive edit, [c[j] + (if j == A then X else ... else 0) for j in
// ...] (or c[j] - (...), or (...) + c[j]), is the edit whose arms are c[j]
// + X, ..., as the + writes them (its position, its order of operands):
// where c's elements are all ints, c[j] + 0 is c[j] and the arms' values
// and errors are the comprehension's; where one is not (a string's
// characters too), c[j] + 0 fails there, and the comprehension runs as
// written.

// maxEdits bounds the arms of an edit (a bit each in a word).
const maxEdits = packedit.MaxArms

// edits recognizes and compiles the edits (the builders' lists).
type edits struct{ bd *Builders }

// plan recognizes [if j == A then X else ... else c[j] for j in 0 ..
// len(c) - 1], the comprehension e over range r of the variable v, as an
// edit of c (Elems: A, X, B, Y, ...). nil otherwise.
func (ed edits) plan(e *lang.Comp, r *lang.Binary, v *lang.Name) *BuildPlan {
	bd := ed.bd
	if !bd.c.On(passes.Edits) {
		return nil
	}
	decl := resolve.NameDecl(v)
	base := packedit.LenMinusOne(bd.c, r)
	var hi lang.Expr
	if base == nil {
		// (0 .. B, B over names and literals: where B is len(c) - 1.)
		if lo, ok := r.X.(*lang.IntLit); !ok || lo.Val != 0 || ir.MentionsDecl(r.Y, decl) || !purecond.Flat(bd.c, r.Y) {
			return nil
		}
		hi = r.Y
	}
	isVar := func(x lang.Expr) bool {
		id, ok := x.(*lang.Ident)
		return ok && resolve.Of(id) == decl
	}
	var elems []lang.Expr
	x := e.Body
	// (c[j] + (if j == A then X else ... else 0): the arms c[j] + X.)
	add, addIx, swapped := additive(e.Body)
	if add != nil {
		x = add.Y
		if swapped {
			x = add.X
		}
	}
	for {
		ie, ok := x.(*lang.IfExpr)
		if !ok {
			break
		}
		// (j == A or j == B then X: the arms A and B, both X, as `or`
		// tests A, then B where j is not A.)
		for _, d := range orParts(ie.Cond, nil) {
			c, ok := d.(*lang.Binary)
			if !ok || c.Op != lang.OpEq || len(elems) == 2*maxEdits {
				return nil
			}
			var at lang.Expr
			switch {
			case isVar(c.X):
				at = c.Y
			case isVar(c.Y):
				at = c.X
			default:
				return nil
			}
			if ir.MentionsDecl(at, decl) || !purecond.Flat(bd.c, at) {
				return nil
			}
			elems = append(elems, at, addArm(add, addIx, swapped, ie.Then))
		}
		x = ie.Else
	}
	ix, ok := x.(*lang.Index)
	if add != nil {
		if z, isLit := x.(*lang.IntLit); !isLit || z.Val != 0 {
			return nil
		}
		ix, ok = addIx, true
	}
	if !ok || len(elems) == 0 || !isVar(ix.Index) {
		return nil
	}
	var at lang.Expr
	if hi != nil {
		// (c a local, or c = X[K], X a local, K a local or an int
		// literal: reading them cannot fail.)
		base, at = packedit.BaseAt(bd.c, ix.X, decl)
		if base == nil {
			return nil
		}
	} else if id, ok := ix.X.(*lang.Ident); !ok || resolve.Of(id) == nil || resolve.Of(id) != resolve.Of(base) {
		return nil
	}
	return &BuildPlan{Kind: BuildEdit, Expr: e, Elems: elems, Range: r, Var: v, Base: base, BaseAt: at, Hi: hi, Ints: add != nil}
}

// additive is body c[j] + IF, c[j] - IF or IF + c[j] (swapped), IF an
// if expression: its operator and c[j] (not yet checked to be c[j]);
// nil otherwise. Its arms are then c[j] + X (X + c[j], c[j] - X), its
// last else must be 0, and c's elements must all be ints: c[j] + 0 is
// c[j] only for an int (for another value it fails).
func additive(body lang.Expr) (add *lang.Binary, ix *lang.Index, swapped bool) {
	b, ok := body.(*lang.Binary)
	if !ok || b.Op != lang.OpAdd && b.Op != lang.OpSub {
		return nil, nil, false
	}
	if ix, ok := b.X.(*lang.Index); ok {
		if _, ok := b.Y.(*lang.IfExpr); ok {
			return b, ix, false
		}
	}
	if ix, ok := b.Y.(*lang.Index); ok && b.Op == lang.OpAdd {
		if _, ok := b.X.(*lang.IfExpr); ok {
			return b, ix, true
		}
	}
	return nil, nil, false
}

// addArm is an edit's element for the arm whose value is x: x itself,
// or, in an additive edit (add), c[j] + x as add writes it, at its
// position (evaluated in the same order: its errors are add's).
func addArm(add *lang.Binary, ix *lang.Index, swapped bool, x lang.Expr) lang.Expr {
	switch {
	case add == nil:
		return x
	case swapped:
		return &lang.Binary{Pos: add.Pos, Op: add.Op, X: x, Y: ix}
	}
	return &lang.Binary{Pos: add.Pos, Op: add.Op, X: ix, Y: x}
}

// orParts appends to ds the disjuncts of e (e itself when it is not an
// `or`), left to right.
func orParts(e lang.Expr, ds []lang.Expr) []lang.Expr {
	if b, ok := e.(*lang.Binary); ok && b.Op == lang.OpOr {
		return orParts(b.Y, orParts(b.X, ds))
	}
	return append(ds, e)
}

// gen compiles plan p (BuildEdit).
func (ed edits) gen(p *BuildPlan) buildFn { return ed.genAs(p, false) }

// genAs is gen; with chars (for join), the copy of a string of ASCII
// characters is held as its bytes (package packedit's Edit.Build).
func (ed edits) genAs(p *BuildPlan, chars bool) buildFn {
	e := ed.compile(p)
	return func(fr *engine.Frame, s *value.Scratch) { e.Build(fr, s, chars) }
}

// keyed compiles plan p (BuildEdit) to a build into the words of a key
// (packedit.Edit.Keyed).
func (ed edits) keyed(p *BuildPlan) keyedFn { return ed.compile(p).Keyed }

// compile compiles plan p (BuildEdit) to its edit, its arms as ints
// where int-typed.
func (ed edits) compile(p *BuildPlan) *packedit.Edit {
	bd := ed.bd
	// (The comprehension as written, where c is not a list or tuple; it
	// binds j, which the arms read.)
	plain := bd.genRange(p)
	arms := make([]packedit.Arm, len(p.Elems)/2)
	for k := range arms {
		at, x := p.Elems[2*k], p.Elems[2*k+1]
		if arms[k].AtI = bd.c.Ints.IntExpr(at); arms[k].AtI == nil {
			arms[k].AtV = bd.c.Vals.Expr(at)
		}
		if arms[k].XI = bd.c.Ints.IntExpr(x); arms[k].XI == nil {
			arms[k].XV = bd.c.Vals.Expr(x)
		}
	}
	var at, hi engine.EvalFn
	if p.BaseAt != nil {
		at = bd.c.Vals.Expr(p.BaseAt)
	}
	if p.Hi != nil {
		hi = bd.c.Vals.Expr(p.Hi)
	}
	return &packedit.Edit{
		Arms: arms, Base: bd.c.Vals.Expr(p.Base), At: at, Hi: hi, Plain: plain,
		Slot: bd.c.Var(p.Var).Slot, Pos: p.Range.Pos,
		Ints: p.Ints, Strs: bd.c.On(passes.Strings),
	}
}

// base is the list an edit copies: Base, or Base[BaseAt].
func (p *BuildPlan) base() lang.Expr {
	if p.BaseAt == nil {
		return p.Base
	}
	return &lang.Index{Pos: p.Base.Pos, X: p.Base, Index: p.BaseAt}
}

// editNote says what an edit builds (--explain).
func editNote(p *BuildPlan) string {
	var at []string
	for k := 0; k < len(p.Elems); k += 2 {
		at = append(at, ir.Expr(p.Elems[k]))
	}
	return fmt.Sprintf("as a copy of %s with the elements at %s computed (an edit)", ir.Expr(p.base()), strings.Join(at, " and "))
}
