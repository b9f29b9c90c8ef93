package spelling

import (
	"slices"

	"github.com/grundy-lang/grundy/lang"
)

// This file indexes the places of a file a rewrite may change: every
// expression with what is known where it stands (site), and every clause
// list with its body (item).

// An item is a clause list with what it yields: a game's alternative, a
// comprehension or a table statement.
type item struct {
	clauses *[]lang.Clause
	key     *lang.Expr // a map comprehension's key, else nil
	body    *lang.Expr
	scope   []string // the local names visible before the first clause
	ints    []string // those of them known to hold ints
	stmt    int      // the top-level statement it is in
	game    *lang.GameStmt
	alt     int        // the alternative's index in game.Alts
	comp    *lang.Comp // for a comprehension
	slot    *lang.Expr // the comprehension's slot
	table   bool
	stream  stream // how a sum of's body is used (an item of the sum)
}

// scopeAt returns the local names visible before clause k (k =
// len(clauses): at the body), and those known to be ints.
func (it *item) scopeAt(k int) (scope, ints []string) {
	scope, ints = slices.Clip(it.scope), slices.Clip(it.ints)
	for _, c := range (*it.clauses)[:k] {
		if fc, ok := c.(*lang.ForClause); ok {
			scope, ints = bindPattern(scope, ints, fc.Target, fc.Iter)
		}
	}
	return scope, ints
}

// bindPattern adds the names of a for pattern over iter to the scope,
// as ints when iter is a range of ints.
func bindPattern(scope, ints []string, p *lang.Pattern, iter lang.Expr) ([]string, []string) {
	ns := patternNames(p)
	scope = append(slices.Clip(scope), ns...)
	ints = slices.DeleteFunc(slices.Clone(ints), func(n string) bool { return slices.Contains(ns, n) })
	if !p.Tuple && isIntRange(iter) {
		ints = append(ints, ns[0])
	}
	return scope, ints
}

// isIntRange reports whether e is a range A .. B (iterating it gives
// ints, or fails).
func isIntRange(e lang.Expr) bool {
	b, ok := e.(*lang.Binary)
	return ok && b.Op == lang.OpRange
}

// Stream says how a site's value is used when only its SG value counts.
type stream uint8

const (
	notStream stream = iota
	sgArg            // (part of) the argument of sg, outcome or remoteness
	option           // (part of) an option of a game's alternative
)

// A site is an expression and what is known where it stands.
type site struct {
	slot   *lang.Expr
	stmt   int      // the top-level statement it is in
	scope  []string // the local names visible
	ints   []string // the locals known to hold ints
	item   *item    // the item whose clause at (or body: at = len) holds it
	at     int
	always bool   // evaluated whenever that clause or body is
	cond   bool   // its value must be a bool or the run fails
	stream stream // only its SG value counts
	callee bool   // the function of a call
	// unbuilt: a range here is never built as a list (the iterable of a
	// clause, the right side of in: spec.md 8.4)
	unbuilt bool
}

// movable reports whether the expression at s means the same as a value
// made elsewhere (returned by a def, bound by a clause): not a range
// that stays unbuilt where it is, nor copies k * G that are not built
// where only their SG value counts (spec.md 10.1, 16: a range built as a
// list and copies built as a value have limits).
func (s *site) movable() bool {
	if s.unbuilt && isIntRange(*s.slot) {
		return false
	}
	return s.stream == notStream || !hasCopies(*s.slot)
}

// hasCopies reports whether the game value of e, where only its SG value
// counts, has copies k * G that would be built as a value elsewhere.
func hasCopies(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.Binary:
		return e.Op == lang.OpMul || e.Op == lang.OpAdd && (hasCopies(e.X) || hasCopies(e.Y))
	case *lang.Chain:
		return true
	case *lang.SumOf:
		for _, x := range e.Items {
			if hasCopies(x) {
				return true
			}
		}
	case *lang.Comp:
		return e.Kind == lang.SumComp && hasCopies(e.Body)
	case *lang.IfExpr:
		return hasCopies(e.Then) || hasCopies(e.Else)
	}
	return false
}

func (s *site) local(name string) bool { return slices.Contains(s.scope, name) }

// index holds the sites and items of a file.
type index struct {
	file     *lang.File
	sites    []*site
	items    []*item
	forStmts []*lang.ForStmt
	hidden   map[string]bool // names the file declares or binds
}

func collect(f *lang.File) *index {
	ix := &index{file: f, hidden: declared(f)}
	ix.stmts(f.Stmts, -1, nil, nil)
	return ix
}

// An iter is the iterable of a for clause of an item (not a table's) or
// of a for statement (it nil).
type iter struct {
	slot *lang.Expr
	it   *item
}

// iters returns the iterables of the for clauses of the items, then
// those of the for statements.
func (ix *index) iters() []iter {
	var out []iter
	for _, it := range ix.items {
		if it.table {
			continue
		}
		for _, c := range *it.clauses {
			if fc, ok := c.(*lang.ForClause); ok {
				out = append(out, iter{&fc.Iter, it})
			}
		}
	}
	for _, s := range ix.forStmts {
		out = append(out, iter{&s.Iter, nil})
	}
	return out
}

// inGame reports whether the iterable is a clause's of a game's
// alternative.
func (i iter) inGame() bool { return i.it != nil && i.it.game != nil }

// builtin reports whether name, not local at s, is the built-in.
func (ix *index) builtin(s *site, name string) bool {
	return !ix.hidden[name] && !s.local(name)
}

// stmts indexes statements: top-level ones (top < 0), or the body of a
// for statement that is in top-level statement top.
func (ix *index) stmts(ss []lang.Stmt, top int, scope, ints []string) {
	for i, s := range ss {
		t := top
		if t < 0 {
			t = i
		}
		c := site{stmt: t, scope: scope, ints: ints, always: true}
		switch s := s.(type) {
		case *lang.LetStmt:
			ix.expr(&s.Value, c)
			if top >= 0 { // a let in a for body is local
				scope, ints = bindPattern(scope, ints, s.Pattern(), nil)
			}
		case *lang.DefStmt:
			c.scope, c.ints = paramNames(s.Params), nil
			ix.expr(&s.Body, c)
		case *lang.GameStmt:
			for j, a := range s.Alts {
				a := a.(*lang.Alt)
				ix.item(&item{clauses: &a.Clauses, body: &a.Body, scope: paramNames(s.Params), stmt: t, game: s, alt: j})
			}
		case *lang.PrintStmt:
			for k := range s.Args {
				ix.expr(&s.Args[k], c)
			}
		case *lang.AssertStmt:
			cc := c
			cc.cond = true
			ix.expr(&s.Cond, cc)
			if s.Msg != nil {
				c.always = false
				ix.expr(&s.Msg, c)
			}
		case *lang.ForStmt:
			ix.forStmts = append(ix.forStmts, s)
			ix.expr(&s.Iter, c)
			sc, in := bindPattern(scope, ints, s.Target.(*lang.Pattern), s.Iter)
			ix.stmts(s.Body, t, sc, in)
		case *lang.TableStmt:
			ix.item(&item{clauses: &s.Clauses, body: &s.Body, scope: scope, ints: ints, stmt: t, table: true})
		case *lang.ExprStmt:
			ix.expr(&s.X, c)
		}
	}
}

func paramNames(ps lang.ParamsNode) []string {
	var ns []string
	for _, n := range lang.ParamNames(ps) {
		ns = append(ns, n.Name)
	}
	return ns
}

// item indexes a clause list and its body. A comprehension's first
// iterable was indexed as a child of the comprehension (it is evaluated
// once, where the comprehension is).
func (ix *index) item(it *item) {
	ix.items = append(ix.items, it)
	scope, ints := it.scope, it.ints
	for k, cl := range *it.clauses {
		c := site{stmt: it.stmt, scope: scope, ints: ints, item: it, at: k, always: true}
		switch cl := cl.(type) {
		case *lang.ForClause:
			c.unbuilt = true
			if k > 0 || it.comp == nil {
				ix.expr(&cl.Iter, c)
			}
			scope, ints = bindPattern(scope, ints, cl.Target, cl.Iter)
		case *lang.IfClause:
			c.cond = true
			ix.expr(&cl.Cond, c)
		}
	}
	c := site{stmt: it.stmt, scope: scope, ints: ints, item: it, at: len(*it.clauses), always: true}
	if it.key != nil {
		ix.expr(it.key, c)
	}
	c.stream = it.stream
	if it.game != nil {
		c.stream = option
	}
	ix.expr(it.body, c)
}

// expr indexes the expression at slot and its children.
func (ix *index) expr(slot *lang.Expr, c site) {
	s := c
	s.slot = slot
	ix.sites = append(ix.sites, &s)
	ch := c
	ch.cond, ch.stream, ch.callee, ch.unbuilt = false, notStream, false, false
	// streamed: a child that is still (part of) the same game value
	streamed := ch
	streamed.stream = c.stream
	switch e := (*slot).(type) {
	case *lang.ListLit:
		ix.exprs(e.Elems, ch)
	case *lang.SetLit:
		ix.exprs(e.Elems, ch)
	case *lang.TupleLit:
		ix.exprs(e.Elems, ch)
	case *lang.MapLit:
		for i := range e.Keys {
			ix.expr(&e.Keys[i], ch)
			ix.expr(&e.Vals[i], ch)
		}
	case *lang.Comp:
		first := ch
		first.unbuilt = true
		ix.expr(&e.Clauses[0].(*lang.ForClause).Iter, first)
		it := &item{clauses: &e.Clauses, body: &e.Body, scope: c.scope, ints: c.ints, stmt: c.stmt, comp: e, slot: slot}
		if e.Key != nil {
			it.key = &e.Key
		}
		if e.Kind == lang.SumComp {
			it.stream = c.stream
		}
		ix.item(it)
	case *lang.SumOf:
		ix.exprs(e.Items, streamed)
	case *lang.IfExpr:
		cc := ch
		cc.cond = true
		ix.expr(&e.Cond, cc)
		br := streamed
		br.always, br.cond = false, c.cond
		ix.expr(&e.Then, br)
		ix.expr(&e.Else, br)
	case *lang.Binary:
		ix.binary(&e.X, []*lang.Expr{&e.Y}, []lang.Op{e.Op}, ch, streamed)
	case *lang.Chain:
		var ys []*lang.Expr
		var ops []lang.Op
		for i := range e.Steps {
			ys = append(ys, &e.Steps[i].Y)
			ops = append(ops, e.Steps[i].Op)
		}
		ix.binary(&e.X, ys, ops, ch, streamed)
	case *lang.Unary:
		cc := ch
		cc.cond = e.Op == lang.OpNot
		ix.expr(&e.X, cc)
	case *lang.Call:
		fc := ch
		fc.callee = true
		ix.expr(&e.Fn, fc)
		arg := ch
		if id, ok := e.Fn.(*lang.Ident); ok && len(e.Args) == 1 {
			switch id.Name {
			case "sg", "outcome", "remoteness":
				if ix.builtin(&c, id.Name) {
					arg.stream = sgArg
				}
			}
		}
		ix.exprs(e.Args, arg)
	case *lang.Index:
		ix.expr(&e.X, ch)
		ix.expr(&e.Index, ch)
	case *lang.Slice:
		ix.expr(&e.X, ch)
		if e.Lo != nil {
			ix.expr(&e.Lo, ch)
		}
		if e.Hi != nil {
			ix.expr(&e.Hi, ch)
		}
	}
}

func (ix *index) exprs(xs []lang.Expr, c site) {
	for i := range xs {
		ix.expr(&xs[i], c)
	}
}

// binary indexes the operands of x op1 y1 op2 y2 ...: the right side of
// and/or runs only sometimes; + and * keep a game value streamed.
func (ix *index) binary(x *lang.Expr, ys []*lang.Expr, ops []lang.Op, ch, streamed site) {
	operand := func(slot *lang.Expr, op lang.Op, right bool) {
		c := ch
		switch op {
		case lang.OpIn, lang.OpNotIn:
			c.unbuilt = right
		case lang.OpAnd, lang.OpOr:
			c.cond = true
			c.always = ch.always && !right
		case lang.OpAdd, lang.OpMul:
			c = streamed
		}
		ix.expr(slot, c)
	}
	operand(x, ops[0], false)
	for i, y := range ys {
		operand(y, ops[i], true)
	}
}

// orderFree reports whether nothing in f can show the order of a game's
// options: no moves, winning or graph (nor any name so spelled).
func orderFree(f *lang.File) bool {
	names := allNames(f)
	return !names["moves"] && !names["winning"] && !names["graph"]
}

// pick returns a random element of xs, or the zero value when xs is
// empty (ok false).
func pick[T any](r randSource, xs []T) (x T, ok bool) {
	if len(xs) == 0 {
		return x, false
	}
	return xs[r.IntN(len(xs))], true
}

// randSource is what the rewrites draw from (*rand.Rand).
type randSource interface {
	IntN(n int) int
}
