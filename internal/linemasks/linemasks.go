// Package linemasks owns the folds of comprehensions over constant loops
// whose element is a conjunction of cell tests (the masks pass): all and
// any of
//
//	[at(g, r, c) and at(g, r + dr, c + dc) and at(g, r + 2 * dr, c + 2 * dc)
//	 for r in 0 .. H - 1 for c in 0 .. W - 1 for (dr, dc) in [(0, 1), (1, 0)]]
//
// with at(g, r, c) = 0 <= r and r < H and 0 <= c and c < W and g[r][c] ==
// "X", the lines of a board written as loops over its rows, columns and
// directions with the reads checked in place. The loops and the ints the
// element computes do not depend on the board: for the values of the
// names they read (kept, and compared at each evaluation) the element of
// each binding is worked out once, its ints and bounds folded, into true,
// false or a conjunction of cell tests g[I][J] == K (or g[I] == K) at
// constant indexes; the fold is then, for each board, the word of the
// tests that pass against the mask of each line, as package masks tests
// the lines of LINES.
//
// Exact: the tests of the board are made only where every cell any line
// reads is one the board has (g a list or tuple of strings of ASCII
// characters or of lists, each index within it), so that none of the
// element's evaluations could fail; anything else (a cell out of range,
// a value of another kind, a name's value the folding cannot read, an
// int that would overflow, too many bindings) runs the fold as compiled,
// which meets the comprehension's errors. The defs the element calls are
// seen through (their names meaning the same at the call, not recursive);
// their arguments, ints the loops compute, cannot fail there either.
package linemasks

import (
	"encoding/binary"
	"fmt"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/maskcache"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Limits of the folding: bindings of the loops, distinct cells, depth of
// the defs seen through.
const (
	maxBindings = 1 << 14
	maxCells    = 1 << 12
	maxDepth    = 4
	// The folds kept for earlier values of the inputs, and the bytes of
	// the inputs' key.
	maxKept    = 1 << 12
	maxKeptKey = 256
)

// shape is a fold recognized: its clauses, its element with the defs
// seen through, the board's name and the other names it reads.
type shape struct {
	all     bool
	clauses []*lang.ForClause
	// filters: the clauses that are if clauses (their Iter the
	// condition).
	filters []int
	body    lang.Expr
	loopVar map[*resolve.Decl]bool
	board   *resolve.Decl
	inputs  []*resolve.Decl // the names read other than the board and the loops'
}

// Of compiles the fold of built-in bi (all or any) over comp as lines of
// cells (see the package doc), with slow the fold as compiled; nil when
// comp is not one.
func Of(c *compile.Compiler, bi *engine.Builtin, comp *lang.Comp, slow engine.EvalFn) engine.EvalFn {
	s, idents := shapeOf(c, bi, comp)
	if s == nil {
		return nil
	}
	in := newInputs(c, s, idents)
	boardFn := c.Vals.Expr(idents[s.board])
	c.Fired(passes.Masks)
	c.Note(fmt.Sprintf("%s of the comprehension at line %d: its loops and ints worked out once into lines of cells of %s, tested as masks", map[bool]string{true: "all", false: "any"}[s.all], comp.Pos.Line, s.board.Name))
	pos := comp.Pos
	return func(fr *engine.Frame) value.Value {
		cache := in.lines(fr)
		if !cache.ok {
			return slow(fr)
		}
		w, ok := cache.pass(boardFn(fr))
		if !ok {
			return slow(fr)
		}
		fr.Th.Tick(pos)
		return value.Bool(cache.test(w, s.all))
	}
}

// GridFold is a fold compiled by OfGrid: its value for the grid of h
// rows of wd ints 0 and 1 whose bits w holds (bit r*wd + c: row r's
// element c), or false where the lines do not apply to such a grid (a
// cell past it, a test of a row or of another value): the caller then
// runs the fold as compiled. It counts the fold's step.
type GridFold func(fr *engine.Frame, w uint64, h, wd int) (r, ok bool)

// OfGrid compiles the fold of built-in bi (all or any) over comp as
// lines of cells whose board, the name isV recognizes, is a grid held
// as the bits of a word (package gridbits): each line, for the grid's
// width, a mask of the cells it tests for 1 and one of those it tests
// for 0, worked out once; nil when comp is not such a fold.
func OfGrid(c *compile.Compiler, bi *engine.Builtin, comp *lang.Comp, isV func(*resolve.Decl) bool) GridFold {
	s, idents := shapeOf(c, bi, comp)
	if s == nil || !isV(s.board) {
		return nil
	}
	in := newInputs(c, s, idents)
	pos := comp.Pos
	return func(fr *engine.Frame, w uint64, h, wd int) (bool, bool) {
		l := in.lines(fr)
		if !l.ok {
			return false, false
		}
		g, ok := l.gridMasks(h, wd)
		if !ok {
			return false, false
		}
		fr.Th.Tick(pos)
		return g.test(w, l, s.all), true
	}
}

// shapeOf recognizes the fold of bi over comp: its shape and the names
// its parts read; nil when it is not one (or the pass masks is off).
func shapeOf(c *compile.Compiler, bi *engine.Builtin, comp *lang.Comp) (*shape, map[*resolve.Decl]*lang.Ident) {
	if bi.AllAny == 0 || !c.On(passes.Masks) || comp.Kind != lang.ListComp || len(comp.Clauses) == 0 {
		return nil, nil
	}
	s := &shape{all: bi.AllAny > 0, loopVar: map[*resolve.Decl]bool{}}
	for _, cl := range comp.Clauses {
		if ic, ok := cl.(*lang.IfClause); ok {
			// (A filter of the bindings, not reading the board: its
			// condition seen through, a for clause of no names.)
			cond := seeThrough(c, ic.Cond, 0)
			if cond == nil {
				return nil, nil
			}
			s.clauses = append(s.clauses, &lang.ForClause{Pos: ic.Pos, Target: &lang.Pattern{}, Iter: cond})
			s.filters = append(s.filters, len(s.clauses)-1)
			continue
		}
		fc, ok := cl.(*lang.ForClause)
		if !ok {
			return nil, nil
		}
		s.clauses = append(s.clauses, fc)
	}
	for _, fc := range s.clauses {
		for _, n := range fc.Target.Names {
			d := resolve.NameDecl(n)
			if d == nil {
				return nil, nil
			}
			s.loopVar[d] = true
		}
	}
	body := seeThrough(c, comp.Body, 0)
	if body == nil {
		return nil, nil
	}
	s.body = body
	idents := map[*resolve.Decl]*lang.Ident{}
	ok := true
	for _, fc := range s.clauses {
		ok = ok && s.names(c, fc.Iter, idents, false)
	}
	if !ok || !s.names(c, body, idents, true) || s.board == nil {
		return nil, nil
	}
	return s, idents
}

// inputs are the values of the names a fold reads other than its board
// and loops, and the lines worked out for them: kept for the values met
// before, by their identity, a packed word or their keys.
type inputs struct {
	s      *shape
	fns    []engine.EvalFn
	cache  *lines
	key    []value.Value
	cur    []value.Value
	kept   map[string]*lines
	packed map[uint64]*lines
	seen   lastIDs
	byRef  map[any]*lines
	kb     []byte
	last   []lastKey
	refIDs []map[any]int
}

// lastKey is an input's value met last and its key.
type lastKey struct {
	v   value.Value
	key []byte
}

func newInputs(c *compile.Compiler, s *shape, idents map[*resolve.Decl]*lang.Ident) *inputs {
	in := &inputs{s: s, fns: make([]engine.EvalFn, len(s.inputs)), byRef: map[any]*lines{}}
	for i, d := range s.inputs {
		in.fns[i] = c.Vals.Expr(idents[d])
	}
	n := len(s.inputs)
	in.key, in.cur, in.last, in.refIDs = make([]value.Value, n), make([]value.Value, n), make([]lastKey, n), make([]map[any]int, n)
	return in
}

// lines is the lines worked out for the inputs' values where fr is.
func (in *inputs) lines(fr *engine.Frame) *lines {
	s, cache, key, cur, last, refIDs := in.s, in.cache, in.key, in.cur, in.last, in.refIDs
	kept, keptPacked, byRef, kb := in.kept, in.packed, in.byRef, in.kb
	seen := &in.seen
	var pk uint64
	var small bool
	same := cache != nil
	for i, f := range in.fns {
		cur[i] = f(fr)
		same = same && cur[i] == key[i]
	}
	var ref any
	if !same && len(cur) == 1 && seqRef(cur[0]) {
		// (One input that is a list, tuple, string or set: its fold
		// by its identity first, a value never changing; the map
		// keeps the value alive, so no other takes its address.)
		ref = cur[0].Ref
		if l, ok := byRef[ref]; ok {
			cache, same = l, true
			copy(key, cur)
		}
	}
	if !same && cache != nil {
		same = true
		for i := range cur {
			same = same && (cur[i] == key[i] || value.Equal(cur[i], key[i]))
		}
	}
	if !same {
		pk, small = packInputs(cur, refIDs, seen)
	}
	if !same && small {
		// (Inputs that are small ints and lists seen before, such as
		// a cell's row and column and a let's lines: their fold by a
		// word.)
		l, ok := keptPacked[pk]
		if !ok {
			l = s.fold(cur)
			if len(keptPacked) < maxKept {
				if keptPacked == nil {
					keptPacked = map[uint64]*lines{}
				}
				keptPacked[pk] = l
			}
		}
		cache, same = l, true
		copy(key, cur)
	}
	if !same {
		kb = kb[:0]
		boxed := false
		for i, v := range cur {
			if v.Ref != nil && v.K == last[i].v.K && v.N == last[i].v.N && maskcache.SameRef(v.Ref, last[i].v.Ref) {
				// (The same value as last time, a let's: its key kept.)
				kb = append(kb, last[i].key...)
				continue
			}
			var b bool
			at := len(kb)
			if id, ok := refIDs[i][v.Ref]; ok && seqRef(v) {
				kb = binary.AppendUvarint(append(kb, refTag), uint64(id))
				continue
			}
			kb, b = value.AppendArgKey(kb, v, maxKeptKey)
			if seqRef(v) && (b || len(kb)-at > maxKeptKey/4) && len(refIDs[i]) < maxKept {
				if refIDs[i] == nil {
					refIDs[i] = map[any]int{}
				}
				id := len(refIDs[i])
				refIDs[i][v.Ref] = id
				kb, b = binary.AppendUvarint(append(kb[:at], refTag), uint64(id)), false
			}
			boxed = boxed || b || len(kb) > maxKeptKey
			if v.Ref != nil {
				last[i].v, last[i].key = v, append(last[i].key[:0], kb[at:]...)
			}
		}
		if l, ok := kept[string(kb)]; ok && !boxed {
			cache = l
			if ref != nil && len(byRef) < maxKept {
				byRef[ref] = cache
			}
		} else {
			cache = s.fold(cur)
			if !boxed && len(kept) < maxKept {
				if kept == nil {
					kept = map[string]*lines{}
				}
				kept[string(kb)] = cache
				if ref != nil && len(byRef) < maxKept {
					byRef[ref] = cache
				}
			}
		}
		copy(key, cur)
	}
	in.cache, in.kept, in.packed, in.kb = cache, kept, keptPacked, kb
	return cache
}

// lastIDs are the ids of the lists met last as inputs 0 to 2.
type lastIDs struct {
	ref [3]any
	id  [3]int
}

// packInputs packs one to three inputs, each an int in -2^19 .. 2^19 - 1
// or a list, tuple, string or set with an id in ids (its identity; the
// one met last at that input in seen), into a word: 21 bits each (the
// top one of them: an id).
func packInputs(vs []value.Value, ids []map[any]int, seen *lastIDs) (uint64, bool) {
	if len(vs) == 0 || len(vs) > 3 {
		return 0, false
	}
	var w uint64 // (the count of inputs: the same at every call)
	for i, v := range vs {
		var x uint64
		switch {
		case v.K == value.KInt && v.N >= -1<<19 && v.N < 1<<19:
			x = uint64(v.N + 1<<19)
		case seqRef(v) && ids[i] != nil:
			if !maskcache.SameRef(v.Ref, seen.ref[i]) {
				id, ok := ids[i][v.Ref]
				if !ok || id >= 1<<19 {
					return 0, false
				}
				seen.ref[i], seen.id[i] = v.Ref, id
			}
			x = 1<<20 | uint64(seen.id[i])
		default:
			return 0, false
		}
		w |= x << (21 * i)
	}
	return w, true
}

// refTag begins an input's token in the key of the inputs' values: no
// tag of value.AppendArgKey.
const refTag = 0xff

// seqRef reports whether v is a list, tuple, string or set (its Ref a
// pointer, which identifies it).
func seqRef(v value.Value) bool {
	switch v.K {
	case value.KList, value.KTuple, value.KStr, value.KSet:
		return v.Ref != nil
	}
	return false
}

// seeThrough is e with the calls of defs (names meaning the same at the
// call, not recursive, no parameter called) written as their bodies, the
// parameters as the arguments; nil where e calls anything else or holds
// a comprehension.
func seeThrough(c *compile.Compiler, e lang.Expr, depth int) lang.Expr {
	if depth > maxDepth {
		return nil
	}
	ok := true
	var walk func(x lang.Expr) lang.Expr
	walk = func(x lang.Expr) lang.Expr {
		if !ok {
			return x
		}
		switch x := x.(type) {
		case *lang.Ident, *lang.IntLit, *lang.StrLit, *lang.BoolLit:
			return x
		case *lang.Unary:
			return &lang.Unary{Pos: x.Pos, Op: x.Op, X: walk(x.X)}
		case *lang.Binary:
			return &lang.Binary{Pos: x.Pos, Op: x.Op, X: walk(x.X), Y: walk(x.Y)}
		case *lang.IfExpr:
			return &lang.IfExpr{Pos: x.Pos, Cond: walk(x.Cond), Then: walk(x.Then), Else: walk(x.Else)}
		case *lang.Index:
			return &lang.Index{Pos: x.Pos, X: walk(x.X), Index: walk(x.Index)}
		case *lang.TupleLit:
			es := make([]lang.Expr, len(x.Elems))
			for i, e := range x.Elems {
				es[i] = walk(e)
			}
			return &lang.TupleLit{Pos: x.Pos, Elems: es}
		case *lang.ListLit:
			es := make([]lang.Expr, len(x.Elems))
			for i, e := range x.Elems {
				es[i] = walk(e)
			}
			return &lang.ListLit{Pos: x.Pos, Elems: es}
		case *lang.Call:
			if comp := nestedFold(c, x); comp != nil {
				// (all, any or len of a comprehension of its own:
				// folded per binding, folder.nested and countTest.)
				out := &lang.Comp{Pos: comp.Pos, Kind: comp.Kind, Body: walk(comp.Body)}
				for _, cl := range comp.Clauses {
					switch cl := cl.(type) {
					case *lang.ForClause:
						out.Clauses = append(out.Clauses, &lang.ForClause{Pos: cl.Pos, Target: cl.Target, Iter: walk(cl.Iter)})
					case *lang.IfClause:
						out.Clauses = append(out.Clauses, &lang.IfClause{Pos: cl.Pos, Cond: walk(cl.Cond)})
					}
				}
				return &lang.Call{Pos: x.Pos, Fn: x.Fn, Args: []lang.Expr{out}}
			}
			fn := c.Inlinable(x)
			if fn == nil || c.GameCallee(x) != nil || !resolve.Same(x) || len(resolve.CalledParams(fn)) > 0 {
				ok = false
				return x
			}
			args := make([]lang.Expr, len(x.Args))
			for i, a := range x.Args {
				args[i] = walk(a)
			}
			body := seeThrough(c, fn.Decl.Body, depth+1)
			if body == nil {
				ok = false
				return x
			}
			return resolve.Substitute(body, resolve.ParamIndex(fn), args, resolve.SiteOf(x))
		}
		ok = false
		return x
	}
	out := walk(e)
	if !ok {
		return nil
	}
	return out
}

// names classifies the names e reads (cells: e is the element, where the
// board is the name of each cell test) into s, with one ident of each;
// false where a name is neither a loop's, a local's nor a global's, or
// the board is read other than by a cell test.
func (s *shape) names(c *compile.Compiler, e lang.Expr, idents map[*resolve.Decl]*lang.Ident, cells bool) bool {
	ok := true
	var walk func(x lang.Expr)
	walk = func(x lang.Expr) {
		if !ok {
			return
		}
		switch x := x.(type) {
		case *lang.Ident:
			d := resolve.Of(x)
			if d == nil {
				ok = false
				return
			}
			if s.loopVar[d] {
				return
			}
			if b := c.Lookup(x); b == nil || b.Kind != resolve.Local && b.Kind != resolve.Global || d == s.board {
				ok = false
				return
			}
			if _, seen := idents[d]; !seen {
				idents[d] = x
				s.inputs = append(s.inputs, d)
			}
		case *lang.Index:
			if cells {
				if id, rest := cellBase(x); id != nil {
					d := resolve.Of(id)
					if d == nil || s.loopVar[d] || s.board != nil && s.board != d || idents[d] != nil && s.board == nil {
						ok = false
						return
					}
					if b := c.Lookup(id); b == nil || b.Kind != resolve.Local && b.Kind != resolve.Global {
						ok = false
						return
					}
					s.board, idents[d] = d, id
					for _, r := range rest {
						walk(r)
					}
					return
				}
			}
			walk(x.X)
			walk(x.Index)
		case *lang.Unary:
			walk(x.X)
		case *lang.Binary:
			if id, isID := x.Y.(*lang.Ident); isID && cells && x.Op == lang.OpIn {
				// (P in X, X the board: a set; P in L, L a loop's or a
				// name already read: a membership in a value.)
				d := resolve.Of(id)
				if d != nil && (s.loopVar[d] || s.board != nil && s.board != d || idents[d] != nil && s.board == nil) {
					walk(x.X)
					walk(x.Y)
					return
				}
				if b := c.Lookup(id); d == nil || b == nil || b.Kind != resolve.Local && b.Kind != resolve.Global {
					ok = false
					return
				}
				s.board, idents[d] = d, id
				walk(x.X)
				return
			}
			walk(x.X)
			walk(x.Y)
		case *lang.IfExpr:
			walk(x.Cond)
			walk(x.Then)
			walk(x.Else)
		case *lang.TupleLit:
			for _, e := range x.Elems {
				walk(e)
			}
		case *lang.ListLit:
			for _, e := range x.Elems {
				walk(e)
			}
		case *lang.Call:
			comp := nestedFold(c, x)
			if comp == nil {
				ok = false
				return
			}
			for _, cl := range comp.Clauses {
				if fc, isFor := cl.(*lang.ForClause); isFor {
					walk(fc.Iter)
					for _, n := range fc.Target.Names {
						if d := resolve.NameDecl(n); d != nil {
							s.loopVar[d] = true
						} else {
							ok = false
						}
					}
				} else {
					walk(cl.(*lang.IfClause).Cond)
				}
			}
			walk(comp.Body)
		case *lang.IntLit, *lang.StrLit, *lang.BoolLit:
		default:
			ok = false
		}
	}
	walk(e)
	return ok
}

// nestedFold is the comprehension of x when x is all, any, sum or len
// (the built-ins) of a list comprehension written in place, or len of a
// set comprehension; nil otherwise.
func nestedFold(c *compile.Compiler, x *lang.Call) *lang.Comp {
	bi := c.CalledBuiltin(x)
	if bi == nil || bi.AllAny == 0 && bi.BName != "len" && bi.BName != "sum" || len(x.Args) != 1 {
		return nil
	}
	comp, ok := x.Args[0].(*lang.Comp)
	if !ok || len(comp.Clauses) == 0 || comp.Kind != lang.ListComp && (comp.Kind != lang.SetComp || bi.BName != "len") {
		return nil
	}
	return comp
}

// cellBase is the name V and the indexes of V[I] or V[I][J]; nil when x
// is neither.
func cellBase(x *lang.Index) (*lang.Ident, []lang.Expr) {
	if id, ok := x.X.(*lang.Ident); ok {
		return id, []lang.Expr{x.Index}
	}
	if in, ok := x.X.(*lang.Index); ok {
		if id, ok := in.X.(*lang.Ident); ok {
			return id, []lang.Expr{in.Index, x.Index}
		}
	}
	return nil, nil
}
