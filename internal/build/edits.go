package build

import (
	"fmt"
	"strings"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
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
const maxEdits = 8

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
	base := lenMinusOne(bd.c, r)
	if base == nil {
		return nil
	}
	decl := resolve.NameDecl(v)
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
			if reads(at, decl) || !purecond.Flat(bd.c, at) {
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
	if id, ok := ix.X.(*lang.Ident); !ok || resolve.Of(id) == nil || resolve.Of(id) != resolve.Of(base) {
		return nil
	}
	return &BuildPlan{Kind: BuildEdit, Expr: e, Elems: elems, Range: r, Var: v, Base: base, Ints: add != nil}
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

// lenMinusOne is c when range r is 0 .. len(c) - 1 with len the built-in
// and c a local; nil otherwise.
func lenMinusOne(c *compile.Compiler, r *lang.Binary) *lang.Ident {
	if lo, ok := r.X.(*lang.IntLit); !ok || lo.Val != 0 {
		return nil
	}
	hi, ok := r.Y.(*lang.Binary)
	if !ok || hi.Op != lang.OpSub {
		return nil
	}
	if one, ok := hi.Y.(*lang.IntLit); !ok || one.Val != 1 {
		return nil
	}
	call, ok := hi.X.(*lang.Call)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	if bi := c.CalledBuiltin(call); bi == nil || !bi.Count {
		return nil
	}
	id, ok := call.Args[0].(*lang.Ident)
	if !ok {
		return nil
	}
	if b := c.Lookup(id); b == nil || b.Kind != resolve.Local {
		return nil
	}
	return id
}

// reads reports whether e reads the name d declares.
func reads(e lang.Expr, d *resolve.Decl) bool {
	found := false
	lang.Inspect(e, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok && resolve.Of(id) == d {
			found = true
		}
		return !found
	})
	return found
}

// editArm is one arm of an edit, compiled: its index A and its element X
// (as ints when int-typed).
type editArm struct {
	atI, xI compile.IntFn
	atV, xV engine.EvalFn
}

// gen compiles plan p (BuildEdit).
func (ed edits) gen(p *BuildPlan) buildFn { return ed.genAs(p, false) }

// genAs is gen; with chars (for join), the copy of a string of ASCII
// characters is held as its bytes (Str: the list of its characters, not
// the string), each element computed written as its byte while it is an
// ASCII character (setElem), the characters made only when one is not.
func (ed edits) genAs(p *BuildPlan, chars bool) buildFn {
	bd := ed.bd
	// (The comprehension as written, where c is not a list or tuple; it
	// binds j, which the arms read.)
	plain := bd.genRange(p)
	slot, rpos := bd.c.Var(p.Var).Slot, p.Range.Pos
	base := bd.c.Vals.Expr(p.Base)
	arms := make([]editArm, len(p.Elems)/2)
	for k := range arms {
		at, x := p.Elems[2*k], p.Elems[2*k+1]
		if arms[k].atI = bd.c.Ints.IntExpr(at); arms[k].atI == nil {
			arms[k].atV = bd.c.Vals.Expr(at)
		}
		if arms[k].xI = bd.c.Ints.IntExpr(x); arms[k].xI == nil {
			arms[k].xV = bd.c.Vals.Expr(x)
		}
	}
	// (c's ints are read once for all the moves of a position.)
	var cache value.IntsCache
	all := uint32(1)<<len(arms) - 1
	strs := bd.c.On(passes.Strings)
	return func(fr *engine.Frame, s *value.Scratch) {
		v := base(fr)
		var n int64
		switch {
		case v.K == value.KList || v.K == value.KTuple:
			el := v.Elems()
			if ints, ok := cache.Of(el); ok {
				s.SetInts(ints, false)
			} else if p.Ints {
				plain(fr, s) // (c[j] + 0 fails for an element not an int)
				return
			} else {
				s.SetSeq(el, false)
			}
			n = int64(len(el))
		case strs && v.K == value.KStr && v.ASCII() && !p.Ints:
			// (A string of ASCII characters: c[j] is its character j.)
			if chars {
				s.SetStrBytes(v.Str())
			} else {
				s.SetChars(v.Str())
			}
			n = int64(len(v.Str()))
		default:
			plain(fr, s)
			return
		}
		th := fr.Th
		stop := fr.Stop
		fr.Stop = false
		// known: the arms whose index is evaluated; ints: those whose
		// index is an int (at), which alone can equal an index. Index by
		// index while some arm's index is not known (an arm's is
		// evaluated at the first index no arm before it took).
		var known, ints uint32
		var at [maxEdits]int64
		j := int64(0)
		for ; j < n && known != all; j++ {
			th.Tick(rpos)
			for k := range arms {
				a := &arms[k]
				if known&(1<<k) == 0 {
					known |= 1 << k
					if a.atI != nil {
						at[k], ints = a.atI(fr), ints|1<<k
					} else if x := a.atV(fr); x.K == value.KInt {
						at[k], ints = x.N, ints|1<<k
					}
				}
				if ints&(1<<k) == 0 || at[k] != j {
					continue
				}
				fr.Slots[slot] = value.Value{K: value.KInt, N: j}
				setElem(s, j, a, fr)
				break
			}
			if fr.Stop {
				// (A generator that has seen enough: the comprehension
				// stops after this element.)
				truncate(s, int(j)+1)
				fr.Stop = stop
				return
			}
		}
		if j < n {
			editRest(fr, s, arms, &at, ints, j, n, slot, rpos)
		}
		fr.Stop = stop
	}
}

// editRest is the edit from index j on, every arm's index known (at, the
// ints among them): the indexes the arms take, each by the first arm of
// its index, in ascending order, with a step counted for each index as
// the comprehension counts it.
func editRest(fr *engine.Frame, s *value.Scratch, arms []editArm, at *[maxEdits]int64, ints uint32, j, n int64, slot int, rpos engine.Pos) {
	var idx [maxEdits]int64
	var arm [maxEdits]int
	m := 0
	for k := range arms {
		x := at[k]
		if ints&(1<<k) == 0 || x < j || x >= n {
			continue
		}
		p := m
		for q := range m {
			if idx[q] == x {
				p = -1 // (an arm before it takes the index)
				break
			}
		}
		if p < 0 {
			continue
		}
		for ; p > 0 && idx[p-1] > x; p-- {
			idx[p], arm[p] = idx[p-1], arm[p-1]
		}
		idx[p], arm[p] = x, k
		m++
	}
	th := fr.Th
	for q := range m {
		x := idx[q]
		th.Ticks(rpos, x-j+1)
		fr.Slots[slot] = value.Value{K: value.KInt, N: x}
		setElem(s, x, &arms[arm[q]], fr)
		if fr.Stop {
			truncate(s, int(x)+1)
			return
		}
		j = x + 1
	}
	th.Ticks(rpos, n-j)
}

// setElem computes arm a's element and puts it at index j of s (a
// string's characters held as its bytes: the byte of an ASCII
// character, else the characters made first).
func setElem(s *value.Scratch, j int64, a *editArm, fr *engine.Frame) {
	if s.Str {
		if a.xV != nil {
			x := a.xV(fr)
			if x.K == value.KStr && len(x.Str()) == 1 && x.Str()[0] < 0x80 {
				s.Bytes[j] = x.Str()[0]
				return
			}
			s.SetChars(string(s.Bytes))
			s.Vals[j] = x
			return
		}
		s.SetChars(string(s.Bytes))
	}
	if a.xI != nil {
		x := a.xI(fr)
		if s.Boxed {
			s.Vals[j] = value.Int(x)
		} else {
			s.Ints[j] = x
		}
		return
	}
	x := a.xV(fr)
	if !s.Boxed && x.K == value.KInt {
		s.Ints[j] = x.N
		return
	}
	if !s.Boxed {
		s.Box()
	}
	s.Vals[j] = x
}

// truncate keeps the first n elements of s.
func truncate(s *value.Scratch, n int) {
	if s.Str {
		s.Bytes = s.Bytes[:n]
		return
	}
	if s.Boxed {
		clear(s.Vals[n:])
		s.Vals = s.Vals[:n]
	} else {
		s.Ints = s.Ints[:n]
	}
}

// editNote says what an edit builds (--explain).
func editNote(p *BuildPlan) string {
	var at []string
	for k := 0; k < len(p.Elems); k += 2 {
		at = append(at, ir.Expr(p.Elems[k]))
	}
	return fmt.Sprintf("as a copy of %s with the elements at %s computed (an edit)", p.Base.Name, strings.Join(at, " and "))
}
