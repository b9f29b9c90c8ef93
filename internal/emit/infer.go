package emit

import (
	"fmt"

	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// The type inference of the subset: one walk over the resolved file
// gives every expression, variable, def and game parameter a type term
// (types.go); the operators whose meaning depends on their operands'
// types (+ on ints, strings, lists, games; x[i] on lists, maps, tuples)
// are settled once their operands are known (deferred), and a variable
// no use constrains is an int.

// defInfo is what the checker knows of a def.
type defInfo struct {
	st     *lang.DefStmt
	decl   *resolve.Decl
	params []*ty
	ret    *ty
	cname  string
	pnames []string // the parameters' C++ names
	used   bool
}

// gameInfo is what the checker knows of a declared game.
type gameInfo struct {
	st     *lang.GameStmt
	decl   *resolve.Decl
	params []*ty
	id     int
	cname  string
}

// checker infers the types of a file.
type checker struct {
	*emitter
	deferred []deferral
}

type deferral struct {
	at  lang.Expr
	try func() bool // settles the operator once it can; true when done
	def func()      // what it means when nothing settled its operands
}

func (c *checker) typeOf(x lang.Expr) *ty {
	if t, ok := c.types[x]; ok {
		return t
	}
	t := c.infer(x)
	c.types[x] = t
	return t
}

// must unifies a and b or reports that the expression at pos mixes them.
func (c *checker) must(pos lang.Pos, a, b *ty, what string) {
	sa, sb := typeName(a), typeName(b)
	if !unify(a, b) {
		c.outside(pos, fmt.Sprintf("%s of two types (%s and %s)", what, sa, sb), "emit gives every value one static type: a list, set or map holds elements of one type, and a variable, parameter or def result has one type")
	}
}

func (c *checker) declType(d *resolve.Decl) *ty {
	if t, ok := c.decls[d]; ok {
		return t
	}
	t := newVar()
	c.decls[d] = t
	return t
}

// file infers the types of every statement, def and game.
func (c *checker) file(f *lang.File) {
	for _, st := range f.Stmts {
		switch st := st.(type) {
		case *lang.DefStmt:
			d := resolve.NameDecl(st.Name)
			info := &defInfo{st: st, decl: d, ret: newVar()}
			for _, p := range lang.ParamNames(st.Params) {
				info.params = append(info.params, c.declType(resolve.NameDecl(p)))
			}
			c.defs[d] = info
			c.defOrder = append(c.defOrder, info)
		case *lang.GameStmt:
			d := resolve.NameDecl(st.Name)
			info := &gameInfo{st: st, decl: d, id: len(c.gameOrder)}
			for _, p := range lang.ParamNames(st.Params) {
				info.params = append(info.params, c.declType(resolve.NameDecl(p)))
			}
			c.games[d] = info
			c.gameOrder = append(c.gameOrder, info)
		}
	}
	c.stmts(f.Stmts)
	for _, d := range c.defOrder {
		c.must(d.st.Body.Position(), d.ret, c.typeOf(d.st.Body), "a def returning values")
	}
	for _, g := range c.gameOrder {
		for _, a := range g.st.Alts {
			alt := a.(*lang.Alt)
			c.clauses(alt.Clauses)
			c.must(alt.Body.Position(), c.typeOf(alt.Body), tGame(), "a move")
		}
	}
	c.settle()
}

func (c *checker) stmts(sts []lang.Stmt) {
	for _, st := range sts {
		c.stmt(st)
	}
}

func (c *checker) stmt(st lang.Stmt) {
	switch st := st.(type) {
	case *lang.LetStmt:
		t := c.typeOf(st.Value)
		p := st.Pattern()
		c.bindPattern(p, t, st.Value.Position())
	case *lang.DefStmt, *lang.GameStmt:
	case *lang.PrintStmt:
		for _, a := range st.Args {
			c.typeOf(a)
		}
	case *lang.AssertStmt:
		c.must(st.Cond.Position(), c.typeOf(st.Cond), tBool(), "an assert condition")
		if st.Msg != nil {
			c.typeOf(st.Msg)
		}
	case *lang.ForStmt:
		p := st.Target.(*lang.Pattern)
		c.bindPattern(p, c.elemType(st.Iter), st.Iter.Position())
		c.stmts(st.Body)
	case *lang.TableStmt:
		c.outside(st.Pos, "a table statement", "use a for statement that prints a line per row")
	default:
		c.outside(st.Position(), "this statement", "")
	}
}

// bindPattern gives the names of a pattern the types of the parts of t.
func (c *checker) bindPattern(p *lang.Pattern, t *ty, pos lang.Pos) {
	if !p.Tuple {
		c.must(pos, c.declType(resolve.NameDecl(p.Names[0])), t, "a name bound to values")
		return
	}
	parts := make([]*ty, len(p.Names))
	for i, n := range p.Names {
		parts[i] = c.declType(resolve.NameDecl(n))
	}
	if t.is(kList) {
		c.outside(pos, "a tuple pattern over a list", "bind a tuple: (a, b) = (x, y)")
	}
	c.must(pos, t, tTuple(parts...), "a tuple pattern bound to values")
}

// elemType is the type of the elements a for clause or statement
// iterates over in x.
func (c *checker) elemType(x lang.Expr) *ty {
	if r, ok := x.(*lang.Binary); ok && r.Op == lang.OpRange {
		c.needInt(r.X)
		c.needInt(r.Y)
		c.types[x] = tList(tInt())
		return tInt()
	}
	t := c.typeOf(x)
	return c.iterElem(x, t)
}

// iterElem is the element type of iterating over t (a list, set, map's
// keys or a tuple of one type).
func (c *checker) iterElem(x lang.Expr, t *ty) *ty {
	switch t.kindOf() {
	case kList, kSet:
		return t.elemOf()
	case kMap:
		return t.arg(0)
	case kStr:
		c.outside(x.Position(), "iterating over the characters of a string", "")
	case kTuple:
		es := t.elems()
		if len(es) == 0 {
			return newVar()
		}
		for _, e := range es[1:] {
			c.must(x.Position(), es[0], e, "a tuple iterated over, with elements")
		}
		c.outside(x.Position(), "iterating over a tuple", "iterate over a list")
	case kVar:
		e := newVar()
		c.later(x, func() bool {
			if !t.known() {
				return false
			}
			c.must(x.Position(), e, c.iterElem(x, t), "elements")
			return true
		}, func() { unify(t, tList(e)) })
		return e
	}
	c.outside(x.Position(), "iterating over "+typeName(t), "")
	return nil
}

func (c *checker) needInt(x lang.Expr) {
	t := c.typeOf(x)
	if t.is(kVar) {
		unify(t, tInt())
	}
	if !t.numeric() {
		c.outside(x.Position(), "an int operand of type "+typeName(t), "")
	}
}

func (c *checker) needBool(x lang.Expr) {
	c.must(x.Position(), c.typeOf(x), tBool(), "a condition")
}

func (c *checker) clauses(cls []lang.Clause) {
	for _, cl := range cls {
		switch cl := cl.(type) {
		case *lang.ForClause:
			c.bindPattern(cl.Target, c.elemType(cl.Iter), cl.Iter.Position())
		case *lang.IfClause:
			c.needBool(cl.Cond)
		}
	}
}

// infer is the type of expression x (typeOf memoizes it).
func (c *checker) infer(x lang.Expr) *ty {
	switch x := x.(type) {
	case *lang.IntLit:
		return tInt()
	case *lang.StrLit:
		return tStr()
	case *lang.BoolLit:
		return tBool()
	case *lang.Ident:
		d := resolve.Of(x)
		if d == nil {
			c.failf(x.Pos, "unknown name %q", x.Name)
		}
		switch d.Kind {
		case resolve.Global, resolve.Local:
			if d.B != nil && c.prelude[d] {
				c.outside(x.Pos, fmt.Sprintf("the standard library's %s", x.Name), "")
			}
			return c.declType(d)
		case resolve.Def, resolve.Game, resolve.Builtin:
			c.outside(x.Pos, fmt.Sprintf("%s used as a value", x.Name), "call it: emit translates calls of defs, games and built-ins by their names")
		}
	case *lang.ListLit:
		e := newVar()
		for _, el := range x.Elems {
			c.must(el.Position(), e, c.typeOf(el), "a list with elements")
		}
		return tList(e)
	case *lang.SetLit:
		e := newVar()
		for _, el := range x.Elems {
			c.must(el.Position(), e, c.typeOf(el), "a set with elements")
		}
		return tSet(e)
	case *lang.MapLit:
		k, v := newVar(), newVar()
		for i := range x.Keys {
			c.must(x.Keys[i].Position(), k, c.typeOf(x.Keys[i]), "a map with keys")
			c.must(x.Vals[i].Position(), v, c.typeOf(x.Vals[i]), "a map with values")
		}
		return tMap(k, v)
	case *lang.TupleLit:
		es := make([]*ty, len(x.Elems))
		for i, el := range x.Elems {
			es[i] = c.typeOf(el)
		}
		return tTuple(es...)
	case *lang.Comp:
		c.clauses(x.Clauses)
		body := c.typeOf(x.Body)
		switch x.Kind {
		case lang.ListComp:
			return tList(body)
		case lang.SetComp:
			return tSet(body)
		case lang.MapComp:
			return tMap(c.typeOf(x.Key), body)
		case lang.SumComp:
			c.must(x.Body.Position(), body, tGame(), "sum of")
			return tGame()
		}
	case *lang.SumOf:
		for _, it := range x.Items {
			c.must(it.Position(), c.typeOf(it), tGame(), "sum of")
		}
		return tGame()
	case *lang.IfExpr:
		c.needBool(x.Cond)
		t := newVar()
		c.must(x.Then.Position(), t, c.typeOf(x.Then), "if ... then ... else with branches")
		c.must(x.Else.Position(), t, c.typeOf(x.Else), "if ... then ... else with branches")
		return t
	case *lang.Binary:
		return c.binary(x, x.Op, x.X, x.Y)
	case *lang.Chain:
		c.outside(x.Pos, "a run of more than 64 operators", "")
	case *lang.Unary:
		switch x.Op {
		case lang.OpNeg, lang.OpBitNot:
			c.needInt(x.X)
			return tInt()
		case lang.OpNot:
			c.needBool(x.X)
			return tBool()
		case lang.OpNimber:
			c.needInt(x.X)
			return tGame()
		}
	case *lang.Call:
		return c.call(x)
	case *lang.Index:
		return c.index(x)
	case *lang.Slice:
		t := c.typeOf(x.X)
		if x.Lo != nil {
			c.needInt(x.Lo)
		}
		if x.Hi != nil {
			c.needInt(x.Hi)
		}
		if t.is(kVar) {
			c.must(x.Pos, t, tList(newVar()), "a slice")
		}
		if !t.is(kList) && !t.is(kStr) {
			c.outside(x.Pos, "slicing a "+typeName(t), "slice a list or a string")
		}
		return t
	}
	c.outside(x.Position(), "this expression", "")
	return nil
}

// binary types the binary operator op on x and y (at the node n).
func (c *checker) binary(n lang.Expr, op lang.Op, x, y lang.Expr) *ty {
	pos := n.Position()
	switch op {
	case lang.OpAnd, lang.OpOr:
		c.needBool(x)
		c.needBool(y)
		return tBool()
	case lang.OpEq, lang.OpNe:
		c.must(pos, c.typeOf(x), c.typeOf(y), fmt.Sprintf("%q between values", op))
		return tBool()
	case lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
		tx, ty2 := c.typeOf(x), c.typeOf(y)
		c.must(pos, tx, ty2, fmt.Sprintf("%q between values", op))
		c.deferred = append(c.deferred, deferral{at: n, try: func() bool {
			if !tx.known() {
				return false
			}
			if !tx.orderable() {
				c.outside(pos, fmt.Sprintf("%q on %s", op, typeName(tx)), "")
			}
			return true
		}, def: func() { unify(tx, tInt()) }})
		return tBool()
	case lang.OpIn, lang.OpNotIn:
		tx := c.typeOf(x)
		if r, ok := y.(*lang.Binary); ok && r.Op == lang.OpRange {
			c.needInt(r.X)
			c.needInt(r.Y)
			c.types[y] = tList(tInt())
			c.must(pos, tx, tInt(), "\"in\" a range")
			return tBool()
		}
		ty2 := c.typeOf(y)
		c.deferred = append(c.deferred, deferral{at: n, try: func() bool {
			switch ty2.kindOf() {
			case kVar:
				return false
			case kList, kSet:
				c.must(pos, tx, ty2.elemOf(), "\"in\" with elements")
			case kMap:
				c.must(pos, tx, ty2.arg(0), "\"in\" with keys")
			case kStr:
				c.must(pos, tx, tStr(), "\"in\" a string")
			default:
				c.outside(pos, "\"in\" on "+typeName(ty2), "")
			}
			return true
		}, def: func() { unify(ty2, tList(tx)) }})
		return tBool()
	case lang.OpRange:
		c.needInt(x)
		c.needInt(y)
		return tList(tInt())
	case lang.OpShl, lang.OpShr, lang.OpDiv, lang.OpMod, lang.OpPow:
		c.needInt(x)
		c.needInt(y)
		return tInt()
	case lang.OpBitOr, lang.OpXor, lang.OpBitAnd, lang.OpSub:
		tx, ty2 := c.typeOf(x), c.typeOf(y)
		out := newVar()
		c.deferred = append(c.deferred, deferral{at: n, try: func() bool {
			if tx.is(kSet) || ty2.is(kSet) {
				c.must(pos, tx, ty2, fmt.Sprintf("%q between sets", op))
				c.must(pos, out, tx, "a set operation")
				return true
			}
			if tx.numeric() || ty2.numeric() {
				c.needInt(x)
				c.needInt(y)
				c.must(pos, out, tInt(), "an int operation")
				return true
			}
			if tx.known() && ty2.known() {
				c.outside(pos, fmt.Sprintf("%q between %s and %s", op, typeName(tx), typeName(ty2)), "")
			}
			return false
		}, def: func() {
			c.needInt(x)
			c.needInt(y)
			unify(out, tInt())
		}})
		return out
	case lang.OpAdd:
		tx, ty2 := c.typeOf(x), c.typeOf(y)
		out := newVar()
		c.deferred = append(c.deferred, deferral{at: n, try: func() bool {
			k := tx.kindOf()
			if k == kVar {
				k = ty2.kindOf()
			}
			switch k {
			case kVar:
				return false
			case kInt, kSGV:
				c.needInt(x)
				c.needInt(y)
				c.must(pos, out, tInt(), "+")
			case kStr, kList, kGame:
				c.must(pos, tx, ty2, "\"+\" between values")
				c.must(pos, out, tx, "+")
			case kTuple:
				if !tx.known() || !ty2.known() {
					return false
				}
				if !ty2.is(kTuple) {
					c.outside(pos, "\"+\" between "+typeName(tx)+" and "+typeName(ty2), "")
				}
				c.must(pos, out, tTuple(append(append([]*ty(nil), tx.elems()...), ty2.elems()...)...), "+")
			default:
				c.outside(pos, "\"+\" on "+typeName(tx), "")
			}
			return true
		}, def: func() {
			c.needInt(x)
			c.needInt(y)
			unify(out, tInt())
		}})
		return out
	case lang.OpMul:
		tx, ty2 := c.typeOf(x), c.typeOf(y)
		out := newVar()
		c.deferred = append(c.deferred, deferral{at: n, try: func() bool {
			kx, ky := tx.kindOf(), ty2.kindOf()
			switch {
			case kx == kGame || ky == kGame:
				if kx == kGame {
					c.needInt(y)
				} else {
					c.needInt(x)
				}
				c.must(pos, out, tGame(), "*")
			case kx == kList || kx == kStr:
				c.needInt(y)
				c.must(pos, out, tx, "*")
			case ky == kList || ky == kStr:
				c.needInt(x)
				c.must(pos, out, ty2, "*")
			case kx == kTuple || ky == kTuple:
				c.outside(pos, "repeating a tuple", "repeat a list")
			case (kx == kInt || kx == kSGV) && (ky == kInt || ky == kSGV):
				c.must(pos, out, tInt(), "*")
			case kx == kVar || ky == kVar:
				return false
			default:
				c.outside(pos, "\"*\" between "+typeName(tx)+" and "+typeName(ty2), "")
			}
			return true
		}, def: func() {
			c.needInt(x)
			c.needInt(y)
			unify(out, tInt())
		}})
		return out
	}
	c.outside(pos, fmt.Sprintf("the operator %q", op), "")
	return nil
}

// index types x[i].
func (c *checker) index(x *lang.Index) *ty {
	t := c.typeOf(x.X)
	ti := c.typeOf(x.Index)
	out := newVar()
	c.deferred = append(c.deferred, deferral{at: x, try: func() bool {
		switch t.kindOf() {
		case kVar:
			return false
		case kList:
			c.needInt(x.Index)
			c.must(x.Pos, out, t.elemOf(), "an element")
		case kStr:
			c.needInt(x.Index)
			c.must(x.Pos, out, tStr(), "a character")
		case kMap:
			c.must(x.Pos, ti, t.arg(0), "a key")
			c.must(x.Pos, out, t.arg(1), "a value")
		case kTuple:
			k, ok := constIndex(x.Index)
			if !ok {
				c.outside(x.Pos, "indexing a tuple with an index that is not a literal int", "write t[0], t[1], ... or bind it: for (a, b) in ...")
			}
			if k < 0 || k >= int64(t.tupleLen()) {
				c.outside(x.Pos, fmt.Sprintf("index %d of a tuple of %d elements", k, t.tupleLen()), "")
			}
			c.must(x.Pos, out, t.elems()[k], "an element")
		default:
			c.outside(x.Pos, "indexing "+typeName(t), "")
		}
		return true
	}, def: func() {
		c.needInt(x.Index)
		unify(t, tList(out))
	}})
	return out
}

// constIndex is the value of an int literal (or its negation).
func constIndex(x lang.Expr) (int64, bool) {
	switch x := x.(type) {
	case *lang.IntLit:
		return x.Val, true
	case *lang.Unary:
		if x.Op == lang.OpNeg {
			if v, ok := constIndex(x.X); ok {
				return -v, true
			}
		}
	}
	return 0, false
}

// settle runs the deferred operators until none changes, then gives the
// rest their default meaning (ints), and every type left unknown int.
func (c *checker) settle() {
	for round := 0; len(c.deferred) > 0 && round < 1000; round++ {
		progress := false
		var left []deferral
		for i := 0; i < len(c.deferred); i++ {
			d := c.deferred[i]
			if d.try() {
				progress = true
			} else {
				left = append(left, d)
			}
		}
		c.deferred = left
		if !progress && len(left) > 0 {
			// The first operator nobody settled takes its default.
			d := left[0]
			if d.def != nil {
				d.def()
			} else {
				c.deferred = left[1:]
			}
		}
	}
	for _, t := range c.types {
		defaultVars(t, 0)
	}
	for _, t := range c.decls {
		defaultVars(t, 0)
	}
	for _, d := range c.defOrder {
		defaultVars(d.ret, 0)
	}
}
