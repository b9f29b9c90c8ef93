package linemasks

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/operator"
	"math/bits"
	"slices"

	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/swar"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// cell is a test of the board: V[I] == K (J < 0) or V[I][J] == K; or,
// I memberCell, K in V (V a set).
type cell struct {
	i, j int
	k    value.Value
}

// memberCell is the I of a cell K in V.
const memberCell = -2

// lines is the fold worked out for the values of the inputs: the cells,
// and each binding's element as the mask of the cells it tests (a
// binding whose element is true: no cell; false: none kept, falses set).
type lines struct {
	ok     bool
	cells  []cell
	index  map[cellKey]int
	nw     int
	masks  []uint64 // nw words a line
	falses bool     // an element is false
	// ops: for each line, where it is a count line, its comparison (nil:
	// every line is all of its cells).
	ops []countLine
	w   []uint64
	// twoLevels: a cell V[I][J] (maxRow: the largest I); ascii: whether
	// each row is a string of ASCII characters (0: not known yet, 1, 2:
	// not), for one board.
	twoLevels bool
	maxRow    int
	ascii     []int8
	// byRow: every cell V[I][J] == C of a character C, the cells of each
	// row I (nil: not so).
	byRow [][]charCell
	// intRows: every cell V[I][J] == K of an int K, the cells of each
	// row I (nil: not so).
	intRows [][]intCell
	// flat: every cell V[I] == C of one character C (flatCh), I from 0 to
	// maxFlat < maxCells: the masks are of the indexes I, not of the
	// cells' ids, and a string's pass word is its characters equal to C
	// (swar).
	flat    bool
	flatCh  byte
	maxFlat int
	// members: a cell is a membership in a set (all are, where the
	// board is a set: passMembers); the cells' ids in the universe
	// memU of memLen elements (-1: none).
	members bool
	memU    *value.Universe
	memLen  int
	memIDs  []int
	// grid: the lines over the grid last tested as bits (grid.go).
	grid *gridLines
}

// charCell is a cell of a row tested against a character: its column,
// the character, its id.
type charCell struct {
	j, id int
	ch    byte
}

// intCell is a cell of a row tested against an int: its column, the
// int, its id.
type intCell struct {
	j, id int
	k     int64
}

// term is a value the folding works out: a value, or a conjunction of
// cells (conj: their ids).
type term struct {
	v      value.Value
	isConj bool
	conj   []int
	// op, k: with isConj, a count line (op not 0): the number of the
	// cells conj that pass compared by op with k.
	k  int64
	op lang.Op
}

// countLine is a line tested by the number of its cells that pass
// (lines.ops).
type countLine struct {
	op lang.Op // == != <= >=
	k  int64
}

// folder works the element out for each binding.
type folder struct {
	s     *shape
	env   map[*resolve.Decl]value.Value
	l     *lines
	conjs [][]int
	ops   []countLine // (op 0: all of the cells)
	n     int
	bad   bool
}

// fold works the fold out for the values vals of s.inputs.
func (s *shape) fold(vals []value.Value) *lines {
	f := &folder{s: s, env: map[*resolve.Decl]value.Value{}, l: &lines{index: map[cellKey]int{}}}
	for i, d := range s.inputs {
		f.env[d] = vals[i]
	}
	f.loop(0)
	l := f.l
	if f.bad || len(l.cells) > maxCells {
		return l
	}
	l.nw = (len(l.cells) + 63) / 64
	if l.nw == 0 {
		l.nw = 1
	}
	for i, c := range f.conjs {
		m := make([]uint64, l.nw)
		for _, id := range c {
			m[id/64] |= 1 << (id % 64)
		}
		l.masks = append(l.masks, m...)
		if f.ops[i].op != 0 && l.ops == nil {
			l.ops = make([]countLine, len(f.conjs))
		}
	}
	if l.ops != nil {
		copy(l.ops, f.ops)
	}
	l.flatten()
	l.w = make([]uint64, l.nw)
	for _, c := range l.cells {
		if c.j >= 0 {
			l.twoLevels = true
			l.maxRow = max(l.maxRow, c.i)
		}
	}
	if l.twoLevels {
		l.ascii = make([]int8, l.maxRow+1)
		l.byRow = make([][]charCell, l.maxRow+1)
		for id, c := range l.cells {
			if c.j < 0 || c.k.K != value.KStr || len(c.k.Str()) != 1 {
				l.byRow = nil
				break
			}
			l.byRow[c.i] = append(l.byRow[c.i], charCell{j: c.j, id: id, ch: c.k.Str()[0]})
		}
		l.intRows = make([][]intCell, l.maxRow+1)
		for id, c := range l.cells {
			if c.j < 0 || c.k.K != value.KInt {
				l.intRows = nil
				break
			}
			l.intRows[c.i] = append(l.intRows[c.i], intCell{j: c.j, id: id, k: c.k.N})
		}
	}
	l.ok = true
	return l
}

// flatten makes the masks of l those of the indexes of its cells where
// they are flat (lines.flat).
func (l *lines) flatten() {
	if len(l.cells) == 0 {
		return
	}
	top := 0
	for _, c := range l.cells {
		if c.j >= 0 || c.i >= maxCells || c.k.K != value.KStr || len(c.k.Str()) != 1 || c.k.Str()[0] != l.cells[0].k.Str()[0] {
			return
		}
		top = max(top, c.i)
	}
	nw := top/64 + 1
	var masks []uint64
	for i := 0; i+l.nw <= len(l.masks); i += l.nw {
		m := make([]uint64, nw)
		for j, x := range l.masks[i : i+l.nw] {
			for ; x != 0; x &= x - 1 {
				id := j*64 + bits.TrailingZeros64(x)
				m[l.cells[id].i/64] |= 1 << (l.cells[id].i % 64)
			}
		}
		masks = append(masks, m...)
	}
	l.flat, l.flatCh, l.maxFlat, l.nw, l.masks = true, l.cells[0].k.Str()[0], top, nw, masks
}

// loop runs clause k on (the element after the last).
func (f *folder) loop(k int) {
	if f.bad {
		return
	}
	if k == len(f.s.clauses) {
		f.n++
		if f.n > maxBindings {
			f.bad = true
			return
		}
		t, ok := f.eval(f.s.body)
		switch {
		case !ok:
			f.bad = true
		case t.isConj:
			f.conjs = append(f.conjs, t.conj)
			f.ops = append(f.ops, countLine{op: t.op, k: t.k})
		case t.v.K != value.KBool:
			f.bad = true // (all or any's error: the fold as compiled)
		case t.v.N == 0:
			f.l.falses = true
		default:
			f.conjs = append(f.conjs, nil)
			f.ops = append(f.ops, countLine{})
		}
		return
	}
	fc := f.s.clauses[k]
	if slices.Contains(f.s.filters, k) {
		t, ok := f.eval(fc.Iter)
		if !ok || t.isConj || t.v.K != value.KBool {
			f.bad = true // (a cell test, or the fold's error)
			return
		}
		if t.v.N != 0 {
			f.loop(k + 1)
		}
		return
	}
	if !f.each(fc, func() bool { f.loop(k + 1); return !f.bad }) {
		f.bad = true
	}
}

// bind binds clause fc's pattern to x; false where unpacking would fail.
func (f *folder) bind(fc *lang.ForClause, x value.Value) bool {
	ns := fc.Target.Names
	if !fc.Target.Tuple {
		f.env[resolve.NameDecl(ns[0])] = x
		return true
	}
	if x.K != value.KList && x.K != value.KTuple || len(x.Elems()) != len(ns) {
		return false
	}
	for i, n := range ns {
		f.env[resolve.NameDecl(n)] = x.Elems()[i]
	}
	return true
}

func (f *folder) intOf(e lang.Expr) (int64, bool) {
	t, ok := f.eval(e)
	if !ok || t.isConj || t.v.K != value.KInt {
		return 0, false
	}
	return t.v.N, true
}

func val(v value.Value) (term, bool) { return term{v: v}, true }

// eval works e out; false where it cannot (a form not folded, a value
// that would fail).
func (f *folder) eval(e lang.Expr) (term, bool) {
	switch e := e.(type) {
	case *lang.IntLit:
		return val(value.Int(e.Val))
	case *lang.StrLit:
		return val(value.Str(e.Val))
	case *lang.BoolLit:
		return val(value.Bool(e.Val))
	case *lang.Ident:
		v, ok := f.env[resolve.Of(e)]
		if !ok {
			return term{}, false
		}
		return val(v)
	case *lang.TupleLit, *lang.ListLit:
		var xs []lang.Expr
		if t, ok := e.(*lang.TupleLit); ok {
			xs = t.Elems
		} else {
			xs = e.(*lang.ListLit).Elems
		}
		vs := make([]value.Value, len(xs))
		for i, x := range xs {
			t, ok := f.eval(x)
			if !ok || t.isConj {
				return term{}, false
			}
			vs[i] = t.v
		}
		if _, ok := e.(*lang.TupleLit); ok {
			return val(value.Tuple(vs))
		}
		return val(value.List(vs))
	case *lang.Unary:
		x, ok := f.eval(e.X)
		if !ok || x.isConj {
			return term{}, false
		}
		switch {
		case e.Op == lang.OpNeg && x.v.K == value.KInt && x.v.N != -1<<63:
			return val(value.Int(-x.v.N))
		case e.Op == lang.OpNot && x.v.K == value.KBool:
			return val(value.Bool(x.v.N == 0))
		}
		return term{}, false
	case *lang.IfExpr:
		c, ok := f.eval(e.Cond)
		if !ok || c.isConj || c.v.K != value.KBool {
			return term{}, false
		}
		if c.v.N != 0 {
			return f.eval(e.Then)
		}
		return f.eval(e.Else)
	case *lang.Binary:
		return f.binary(e)
	case *lang.Call:
		if comp, _ := countComp(e); comp != nil {
			return term{}, false // (compared with an int: countTest)
		}
		return f.nested(e)
	}
	return term{}, false
}

// nested works out all or any of a comprehension in the element (the
// names seen through have made it only such a call: seeThrough): every
// element worked out (the list is built before the fold, so an element
// that cannot be is the fold's error, or one the folding cannot see),
// then all the conjunction of its elements (false where one is false),
// any true where one is true and false where all are; an any of cell
// tests is not folded.
func (f *folder) nested(e *lang.Call) (term, bool) {
	comp, ok := e.Args[0].(*lang.Comp)
	id, isID := e.Fn.(*lang.Ident)
	if !ok || !isID || len(e.Args) != 1 {
		return term{}, false
	}
	all := id.Name == "all"
	var elems []term
	var run func(k int) bool
	run = func(k int) bool {
		if k == len(comp.Clauses) {
			if f.n++; f.n > maxBindings {
				return false
			}
			t, ok := f.eval(comp.Body)
			if !ok || !t.isConj && t.v.K != value.KBool {
				return false
			}
			elems = append(elems, t)
			return true
		}
		switch cl := comp.Clauses[k].(type) {
		case *lang.IfClause:
			t, ok := f.eval(cl.Cond)
			if !ok || t.isConj || t.v.K != value.KBool {
				return false
			}
			return t.v.N == 0 || run(k+1)
		case *lang.ForClause:
			return f.each(cl, func() bool { return run(k + 1) })
		}
		return false
	}
	if !run(0) {
		return term{}, false
	}
	if all {
		var conj []int
		isConj := false
		for _, t := range elems {
			if !t.isConj && t.v.N == 0 {
				return t, true
			}
			if t.isConj && t.op != 0 {
				return term{}, false // (a count line: not a conjunction of cells)
			}
			if t.isConj {
				conj, isConj = append(conj, t.conj...), true
			}
		}
		if !isConj {
			return val(value.Bool(true))
		}
		return term{isConj: true, conj: conj}, true
	}
	for _, t := range elems {
		if t.isConj {
			return term{}, false
		}
		if t.v.N != 0 {
			return t, true
		}
	}
	return val(value.Bool(false))
}

// binary works out an operator: int arithmetic without overflow, int
// comparisons, and, or, and a cell test.
func (f *folder) binary(e *lang.Binary) (term, bool) {
	switch e.Op {
	case lang.OpAnd, lang.OpOr:
		x, ok := f.eval(e.X)
		if !ok {
			return term{}, false
		}
		if !x.isConj {
			if x.v.K != value.KBool {
				return term{}, false
			}
			if (x.v.N != 0) == (e.Op == lang.OpOr) {
				return x, true // (the other operand is not evaluated)
			}
			y, ok := f.eval(e.Y)
			if !ok || !y.isConj && y.v.K != value.KBool {
				return term{}, false
			}
			return y, true
		}
		if e.Op == lang.OpOr {
			return term{}, false
		}
		y, ok := f.eval(e.Y)
		switch {
		case !ok:
			return term{}, false
		case y.isConj && (x.op != 0 || y.op != 0):
			return term{}, false // (a count line and more cells: not a line)
		case y.isConj:
			return term{isConj: true, conj: append(append([]int(nil), x.conj...), y.conj...)}, true
		case y.v.K != value.KBool:
			return term{}, false
		case y.v.N == 0:
			return y, true
		}
		return x, true
	case lang.OpEq, lang.OpNe, lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
		if t, ok, isCount := f.countTest(e); isCount {
			return t, ok
		}
		if e.Op != lang.OpEq && e.Op != lang.OpNe {
			break
		}
		if t, ok, isCell := f.cellTest(e); isCell {
			return t, ok
		}
		// (Equality of two values never fails.)
		x, ok1 := f.eval(e.X)
		y, ok2 := f.eval(e.Y)
		if !ok1 || !ok2 || x.isConj || y.isConj {
			return term{}, false
		}
		return val(value.Bool(value.Equal(x.v, y.v) == (e.Op == lang.OpEq)))
	case lang.OpIn:
		if id, ok := e.Y.(*lang.Ident); ok && resolve.Of(id) == f.s.board {
			x, ok := f.eval(e.X)
			if !ok || x.isConj {
				return term{}, false
			}
			return f.cellID(cell{i: memberCell, j: memberCell, k: x.v}), true
		}
		fallthrough
	case lang.OpNotIn:
		// (A value in a list, tuple or set: never fails.)
		x, ok1 := f.eval(e.X)
		y, ok2 := f.eval(e.Y)
		if !ok1 || !ok2 || x.isConj || y.isConj || y.v.K != value.KList && y.v.K != value.KTuple && y.v.K != value.KSet {
			return term{}, false
		}
		return val(value.Bool(operator.In(engine.Pos{}, x.v, y.v) == (e.Op == lang.OpIn)))
	}
	x, ok1 := f.eval(e.X)
	y, ok2 := f.eval(e.Y)
	if !ok1 || !ok2 || x.isConj || y.isConj || x.v.K != value.KInt || y.v.K != value.KInt {
		return term{}, false
	}
	a, b := x.v.N, y.v.N
	switch e.Op {
	case lang.OpAdd:
		s := a + b
		if (s > a) != (b > 0) && b != 0 {
			return term{}, false
		}
		return val(value.Int(s))
	case lang.OpSub:
		s := a - b
		if (s < a) != (b > 0) && b != 0 {
			return term{}, false
		}
		return val(value.Int(s))
	case lang.OpMul:
		hi, lo := bits.Mul64(uint64(abs(a)), uint64(abs(b)))
		if hi != 0 || lo >= 1<<63 || a == -1<<63 || b == -1<<63 {
			return term{}, false
		}
		return val(value.Int(a * b))
	case lang.OpEq:
		return val(value.Bool(a == b))
	case lang.OpNe:
		return val(value.Bool(a != b))
	case lang.OpLt:
		return val(value.Bool(a < b))
	case lang.OpLe:
		return val(value.Bool(a <= b))
	case lang.OpGt:
		return val(value.Bool(a > b))
	case lang.OpGe:
		return val(value.Bool(a >= b))
	}
	return term{}, false
}

func abs(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

// each binds clause cl's names to each element it iterates (a range of
// ints, a list or tuple worked out) and runs next; false where it
// cannot be worked out, a binding does not unpack or next fails.
func (f *folder) each(cl *lang.ForClause, next func() bool) bool {
	if r, ok := cl.Iter.(*lang.Binary); ok && r.Op == lang.OpRange {
		lo, ok1 := f.intOf(r.X)
		hi, ok2 := f.intOf(r.Y)
		if !ok1 || !ok2 || hi-lo > maxBindings {
			return false
		}
		for x := lo; x <= hi; x++ {
			if !f.bind(cl, value.Int(x)) || !next() {
				return false
			}
		}
		return true
	}
	t, ok := f.eval(cl.Iter)
	if !ok || t.isConj || t.v.K != value.KList && t.v.K != value.KTuple {
		return false
	}
	for _, x := range t.v.Elems() {
		if !f.bind(cl, x) || !next() {
			return false
		}
	}
	return true
}

// countTest works out len(C) OP K (either way round), C a comprehension
// whose if clauses are each a cell test or a bool (its elements plain
// values), K an int: a count line of C's cells, K less the elements
// that pass without a cell (isCount: e is such a comparison).
func (f *folder) countTest(e *lang.Binary) (term, bool, bool) {
	op, call, other := e.Op, e.X, e.Y
	comp, sum := countComp(call)
	if comp == nil {
		op, call, other = e.Op.Flip(), e.Y, e.X
		if comp, sum = countComp(call); comp == nil {
			return term{}, false, false
		}
	}
	k, ok := f.intOf(other)
	if !ok {
		return term{}, false, true
	}
	var cells []int
	seen := map[int]bool{}
	fixed := int64(0)
	var elems []value.Value // (a set's: each counted must be new)
	var run func(i int, cell int) bool
	run = func(i int, cell int) bool {
		if i == len(comp.Clauses) {
			if f.n++; f.n > maxBindings {
				return false
			}
			t, ok := f.eval(comp.Body)
			switch {
			case !ok || t.isConj:
				return false // (the element: a plain value, as the list holds)
			case sum && (t.v.K != value.KInt || t.v.N != 1):
				return false // (sum of 1s: a count)
			case comp.Kind == lang.SetComp:
				if slices.ContainsFunc(elems, func(x value.Value) bool { return value.Equal(x, t.v) }) {
					return false // (two elements the set holds once)
				}
				elems = append(elems, t.v)
			}
			switch {
			case cell < 0:
				fixed++
			case seen[cell]:
				return false // (a cell counted twice)
			default:
				seen[cell] = true
				cells = append(cells, cell)
			}
			return true
		}
		switch cl := comp.Clauses[i].(type) {
		case *lang.IfClause:
			t, ok := f.eval(cl.Cond)
			switch {
			case !ok:
				return false
			case t.isConj && len(t.conj) == 1 && t.op == 0 && cell < 0:
				return run(i+1, t.conj[0])
			case t.isConj || t.v.K != value.KBool:
				return false
			}
			return t.v.N == 0 || run(i+1, cell)
		case *lang.ForClause:
			if cell >= 0 {
				return false // (a loop after a cell's test: more than one count a cell)
			}
			return f.each(cl, func() bool { return run(i+1, cell) })
		}
		return false
	}
	if !run(0, -1) {
		return term{}, false, true
	}
	// (count + fixed OP k: count OP k - fixed, over counts 0 .. len.)
	k -= fixed
	switch op {
	case lang.OpLt:
		op, k = lang.OpLe, k-1
	case lang.OpGt:
		op, k = lang.OpGe, k+1
	case lang.OpEq, lang.OpNe, lang.OpLe, lang.OpGe:
	default:
		return term{}, false, true
	}
	if cells == nil {
		cells = []int{}
	}
	return term{isConj: true, conj: cells, op: op, k: k}, true, true
}

// countComp is the comprehension of len(C) or sum(C) (sum: true), C a
// comprehension (the only such calls the names seen through leave:
// seeThrough); nil otherwise.
func countComp(e lang.Expr) (*lang.Comp, bool) {
	call, ok := e.(*lang.Call)
	if !ok || len(call.Args) != 1 {
		return nil, false
	}
	id, ok := call.Fn.(*lang.Ident)
	if !ok || id.Name != "len" && id.Name != "sum" {
		return nil, false
	}
	comp, _ := call.Args[0].(*lang.Comp)
	return comp, id.Name == "sum"
}

// cellTest works out V[I] == K or V[I][J] == K (either way round) of
// the board V, K a literal: the conjunction of its cell (isCell: e is
// such a test; != is not folded).
func (f *folder) cellTest(e *lang.Binary) (term, bool, bool) {
	ix, lit := e.X, e.Y
	if _, ok := ix.(*lang.Index); !ok {
		ix, lit = lit, ix
	}
	x, ok := ix.(*lang.Index)
	if !ok {
		return term{}, false, false
	}
	id, idx := cellBase(x)
	if id == nil || resolve.Of(id) != f.s.board {
		return term{}, false, false
	}
	var k value.Value
	switch l := lit.(type) {
	case *lang.StrLit:
		k = value.Str(l.Val)
	case *lang.IntLit:
		k = value.Int(l.Val)
	case *lang.BoolLit:
		k = value.Bool(l.Val)
	default:
		return term{}, false, true
	}
	if e.Op != lang.OpEq {
		return term{}, false, true
	}
	c := cell{j: -1, k: k}
	for n, ie := range idx {
		v, ok := f.intOf(ie)
		if !ok || v < 0 || v > 1<<20 {
			return term{}, false, true
		}
		if n == 0 {
			c.i = int(v)
		} else {
			c.j = int(v)
		}
	}
	return f.cellID(c), true, true
}

// cellID is the conjunction of cell c alone (c given its id).
func (f *folder) cellID(c cell) term {
	ck := keyOf(c)
	id2, seen := f.l.index[ck]
	if !seen {
		id2 = len(f.l.cells)
		f.l.index[ck] = id2
		f.l.cells = append(f.l.cells, c)
		f.l.members = f.l.members || c.i == memberCell
	}
	return term{isConj: true, conj: []int{id2}}
}

// cellKey is a cell as a map key (its literal by value).
type cellKey struct {
	i, j int
	kind value.Kind
	n    int64
	s    string
}

func keyOf(c cell) cellKey {
	k := cellKey{i: c.i, j: c.j, kind: c.k.K, n: c.k.N}
	switch {
	case c.k.K == value.KStr:
		k.s, k.n = c.k.Str(), 0
	case c.i == memberCell && c.k.K != value.KInt:
		b, _ := value.AppendArgKey(nil, c.k, 1<<10)
		k.s, k.n = string(b), 0
	}
	return k
}

// pass is the word of the cells of board v that pass, or false where a
// cell is not one v has (its test could fail).
func (l *lines) pass(v value.Value) ([]uint64, bool) {
	if l.members {
		return l.passMembers(v)
	}
	if l.flat {
		return l.passFlat(v)
	}
	if l.byRow != nil && (v.K == value.KList || v.K == value.KTuple) {
		if w, ok := l.passRows(v.Elems()); ok {
			return w, true
		}
	}
	if l.intRows != nil && (v.K == value.KList || v.K == value.KTuple) {
		if w, ok := l.passIntRows(v.Elems()); ok {
			return w, true
		}
	}
	w := l.w
	for i := range w {
		w[i] = 0
	}
	var rows []value.Value
	if l.twoLevels {
		if v.K != value.KList && v.K != value.KTuple {
			return nil, false
		}
		if rows = v.Elems(); len(rows) <= l.maxRow {
			return nil, false
		}
		for i := range l.ascii {
			l.ascii[i] = 0
		}
	}
	boardASCII := int8(0)
	for id, c := range l.cells {
		x, last, known := v, c.i, &boardASCII
		if c.j >= 0 {
			x, last, known = rows[c.i], c.j, &l.ascii[c.i]
		}
		var hit bool
		switch x.K {
		case value.KList, value.KTuple:
			es := x.Elems()
			if last >= len(es) {
				return nil, false
			}
			e := es[last]
			hit = e.K == c.k.K && (e.K == value.KInt && e.N == c.k.N || value.Equal(e, c.k))
		case value.KStr:
			s := x.Str()
			if last >= len(s) {
				return nil, false
			}
			if *known == 0 {
				*known = 2
				if x.ASCII() {
					*known = 1
				}
			}
			if *known != 1 {
				return nil, false
			}
			// (A character is no other value, nor a string of another
			// length.)
			hit = c.k.K == value.KStr && len(c.k.Str()) == 1 && c.k.Str()[0] == s[last]
		default:
			return nil, false
		}
		if hit {
			w[id/64] |= 1 << (id % 64)
		}
	}
	return w, true
}

// passMembers is pass of cells that are memberships in the set v (a
// membership in a set cannot fail); false where v is not a set or a
// cell is of another kind.
func (l *lines) passMembers(v value.Value) ([]uint64, bool) {
	if v.K != value.KSet {
		return nil, false
	}
	w := l.w
	clear(w)
	if u, bits, ok := value.UniWords(v); ok {
		// (The cells' ids in the set's universe, found again when it
		// is another or has grown: an id's bit of the set.)
		if u != l.memU || u.Len() != l.memLen {
			l.memU, l.memLen, l.memIDs = u, u.Len(), l.memIDs[:0]
			for _, c := range l.cells {
				id, ok := u.ID(c.k)
				if !ok || c.i != memberCell {
					id = -1
				}
				l.memIDs = append(l.memIDs, id)
			}
		}
		for id, x := range l.memIDs {
			if l.cells[id].i != memberCell {
				return nil, false
			}
			if x >= 0 && x>>6 < len(bits) && bits[x>>6]>>(x&63)&1 != 0 {
				w[id/64] |= 1 << (id % 64)
			}
		}
		return w, true
	}
	for id, c := range l.cells {
		if c.i != memberCell {
			return nil, false
		}
		has, ok := value.SetHas(v, c.k)
		if !ok {
			_, has = slices.BinarySearchFunc(v.Elems(), c.k, value.Compare)
		}
		if has {
			w[id/64] |= 1 << (id % 64)
		}
	}
	return w, true
}

// passFlat is pass of the flat cells (lines.flat): the indexes of the
// string or list v whose element is the character.
func (l *lines) passFlat(v value.Value) ([]uint64, bool) {
	switch v.K {
	case value.KStr:
		if s := v.Str(); len(s) > l.maxFlat && v.ASCII() {
			return swar.AppendEqBits(l.w[:0], s, l.maxFlat+1, l.flatCh), true
		}
	case value.KList, value.KTuple:
		es := v.Elems()
		if len(es) <= l.maxFlat {
			return nil, false
		}
		w := l.w
		clear(w)
		for i, e := range es[:l.maxFlat+1] {
			if e.K == value.KStr && len(e.Str()) == 1 && e.Str()[0] == l.flatCh {
				w[i/64] |= 1 << (i % 64)
			}
		}
		return w, true
	}
	return nil, false
}

// passRows is pass for cells that are all characters of rows, where
// the rows read are strings of ASCII characters with those columns
// (false: pass says what else).
func (l *lines) passRows(rows []value.Value) ([]uint64, bool) {
	if len(rows) < len(l.byRow) {
		return nil, false
	}
	w := l.w
	for i := range w {
		w[i] = 0
	}
	for i, cs := range l.byRow {
		if len(cs) == 0 {
			continue
		}
		x := rows[i]
		if x.K != value.KStr || !x.ASCII() {
			return nil, false
		}
		s := x.Str()
		for _, c := range cs {
			if c.j >= len(s) {
				return nil, false
			}
			if s[c.j] == c.ch {
				w[c.id/64] |= 1 << (c.id % 64)
			}
		}
	}
	return w, true
}

// testCounts is test where some lines are count lines.
func (l *lines) testCounts(w []uint64, all bool) bool {
	nw := l.nw
	for i, at := 0, 0; at+nw <= len(l.masks); i, at = i+1, at+nw {
		n, size := int64(0), int64(0)
		for j, m := range l.masks[at : at+nw] {
			n += int64(bits.OnesCount64(m & w[j]))
			size += int64(bits.OnesCount64(m))
		}
		var in bool
		switch c := l.ops[i]; c.op {
		case 0:
			in = n == size
		case lang.OpEq:
			in = n == c.k
		case lang.OpNe:
			in = n != c.k
		case lang.OpLe:
			in = n <= c.k
		default:
			in = n >= c.k
		}
		if in != all {
			return !all
		}
	}
	return all
}

// passIntRows is pass of int cells (lines.intRows) of rows that are
// lists or tuples: false where a row is of another kind or too short
// (the general pass meets it).
func (l *lines) passIntRows(rows []value.Value) ([]uint64, bool) {
	if len(rows) < len(l.intRows) {
		return nil, false
	}
	w := l.w
	clear(w)
	for i, cs := range l.intRows {
		if len(cs) == 0 {
			continue
		}
		x := rows[i]
		if x.K != value.KList && x.K != value.KTuple {
			return nil, false
		}
		es := x.Elems()
		for _, c := range cs {
			if c.j >= len(es) {
				return nil, false
			}
			if e := es[c.j]; e.K == value.KInt && e.N == c.k {
				w[c.id/64] |= 1 << (c.id % 64)
			}
		}
	}
	return w, true
}

// test is all (any) of the lines: each line's cells all pass w.
func (l *lines) test(w []uint64, all bool) bool {
	if all && l.falses {
		return false
	}
	if l.ops != nil {
		return l.testCounts(w, all)
	}
	nw := l.nw
	if nw == 1 {
		w := w[0]
		for _, m := range l.masks {
			if (m&^w == 0) != all {
				return !all
			}
		}
		return all
	}
	for i := 0; i+nw <= len(l.masks); i += nw {
		in := true
		for j, m := range l.masks[i : i+nw] {
			if m&^w[j] != 0 {
				in = false
				break
			}
		}
		if in != all {
			return !all
		}
	}
	return all
}
