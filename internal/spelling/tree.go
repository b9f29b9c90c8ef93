package spelling

import (
	"slices"
	"strconv"

	"github.com/grundy-lang/grundy/lang"
)

// This file holds what the rewrites share on syntax trees: copying,
// the free names of an expression, substitution, fresh names and node
// constructors.

// clone returns a deep copy of e (nil for nil).
func clone(e lang.Expr) lang.Expr {
	switch e := e.(type) {
	case nil:
		return nil
	case *lang.Ident:
		return &lang.Ident{Pos: e.Pos, Name: e.Name}
	case *lang.IntLit:
		c := *e
		return &c
	case *lang.StrLit:
		c := *e
		return &c
	case *lang.BoolLit:
		c := *e
		return &c
	case *lang.ListLit:
		return &lang.ListLit{Pos: e.Pos, Elems: cloneAll(e.Elems)}
	case *lang.SetLit:
		return &lang.SetLit{Pos: e.Pos, Elems: cloneAll(e.Elems)}
	case *lang.TupleLit:
		return &lang.TupleLit{Pos: e.Pos, Elems: cloneAll(e.Elems)}
	case *lang.MapLit:
		return &lang.MapLit{Pos: e.Pos, Keys: cloneAll(e.Keys), Vals: cloneAll(e.Vals)}
	case *lang.Comp:
		return &lang.Comp{Pos: e.Pos, Kind: e.Kind, Key: clone(e.Key), Body: clone(e.Body), Clauses: cloneClauses(e.Clauses)}
	case *lang.SumOf:
		return &lang.SumOf{Pos: e.Pos, Items: cloneAll(e.Items)}
	case *lang.IfExpr:
		return &lang.IfExpr{Pos: e.Pos, Cond: clone(e.Cond), Then: clone(e.Then), Else: clone(e.Else)}
	case *lang.Binary:
		return &lang.Binary{Pos: e.Pos, Op: e.Op, X: clone(e.X), Y: clone(e.Y)}
	case *lang.Chain:
		steps := make([]lang.Step, len(e.Steps))
		for i, st := range e.Steps {
			steps[i] = lang.Step{Pos: st.Pos, Op: st.Op, Y: clone(st.Y)}
		}
		return &lang.Chain{Pos: e.Pos, X: clone(e.X), Steps: steps}
	case *lang.Unary:
		return &lang.Unary{Pos: e.Pos, Op: e.Op, X: clone(e.X)}
	case *lang.Call:
		return &lang.Call{Pos: e.Pos, Fn: clone(e.Fn), Lparen: e.Lparen, Args: cloneAll(e.Args)}
	case *lang.Index:
		return &lang.Index{Pos: e.Pos, X: clone(e.X), Index: clone(e.Index)}
	case *lang.Slice:
		return &lang.Slice{Pos: e.Pos, X: clone(e.X), Lo: clone(e.Lo), Hi: clone(e.Hi)}
	}
	panic("spelling: cannot copy expression")
}

func cloneAll(xs []lang.Expr) []lang.Expr {
	if xs == nil {
		return nil
	}
	out := make([]lang.Expr, len(xs))
	for i, x := range xs {
		out[i] = clone(x)
	}
	return out
}

func cloneClauses(cs []lang.Clause) []lang.Clause {
	out := make([]lang.Clause, len(cs))
	for i, c := range cs {
		switch c := c.(type) {
		case *lang.ForClause:
			out[i] = &lang.ForClause{Pos: c.Pos, Target: clonePattern(c.Target), Iter: clone(c.Iter)}
		case *lang.IfClause:
			out[i] = &lang.IfClause{Pos: c.Pos, Cond: clone(c.Cond)}
		}
	}
	return out
}

func clonePattern(p *lang.Pattern) *lang.Pattern {
	q := &lang.Pattern{Pos: p.Pos, Tuple: p.Tuple}
	for _, n := range p.Names {
		q.Names = append(q.Names, &lang.Name{Pos: n.Pos, Name: n.Name})
	}
	return q
}

func cloneAlt(a *lang.Alt) *lang.Alt {
	return &lang.Alt{Pos: a.Pos, Body: clone(a.Body), Clauses: cloneClauses(a.Clauses)}
}

// patternNames returns the names a pattern binds.
func patternNames(p *lang.Pattern) []string {
	var ns []string
	for _, n := range p.Names {
		ns = append(ns, n.Name)
	}
	return ns
}

// clauseNames returns the names the clauses bind, in order.
func clauseNames(cs []lang.Clause) []string {
	var ns []string
	for _, c := range cs {
		if f, ok := c.(*lang.ForClause); ok {
			ns = append(ns, patternNames(f.Target)...)
		}
	}
	return ns
}

// freeNames returns the names e uses that no binder inside e binds, each
// once, in the order of their first use.
func freeNames(e lang.Expr) []string {
	var out []string
	addFree(e, nil, &out)
	return out
}

// freeNamesClauses returns the free names of a clause list with its body
// (and key): what an alternative or comprehension uses from outside.
func freeNamesClauses(cs []lang.Clause, key, body lang.Expr) []string {
	var out []string
	addFreeClauses(cs, key, body, nil, &out)
	return out
}

func addFree(e lang.Expr, bound []string, out *[]string) {
	lang.Inspect(e, func(x lang.Expr) bool {
		switch x := x.(type) {
		case *lang.Ident:
			if !slices.Contains(bound, x.Name) && !slices.Contains(*out, x.Name) {
				*out = append(*out, x.Name)
			}
		case *lang.Comp:
			addFreeClauses(x.Clauses, x.Key, x.Body, bound, out)
			return false
		}
		return true
	})
}

func addFreeClauses(cs []lang.Clause, key, body lang.Expr, bound []string, out *[]string) {
	bound = slices.Clip(bound)
	for _, c := range cs {
		switch c := c.(type) {
		case *lang.ForClause:
			addFree(c.Iter, bound, out)
			bound = append(bound, patternNames(c.Target)...)
		case *lang.IfClause:
			addFree(c.Cond, bound, out)
		}
	}
	addFree(key, bound, out)
	addFree(body, bound, out)
}

// uses reports whether e uses name free.
func uses(e lang.Expr, name string) bool {
	return slices.Contains(freeNames(e), name)
}

// usesAny reports whether e uses one of names free.
func usesAny(e lang.Expr, names []string) bool {
	for _, n := range freeNames(e) {
		if slices.Contains(names, n) {
			return true
		}
	}
	return false
}

// subst replaces the free uses of name in the tree at slot by copies of
// by. It does not check for capture: the callers substitute fresh names
// (which nothing binds) and the names' own binders stop it.
func subst(slot *lang.Expr, name string, by lang.Expr) {
	forSlots(slot, func(s *lang.Expr) bool {
		switch x := (*s).(type) {
		case *lang.Ident:
			if x.Name == name {
				*s = clone(by)
			}
		case *lang.Comp:
			substClauses(x.Clauses, &x.Key, &x.Body, name, by)
			return false
		}
		return true
	})
}

// substClauses substitutes in a clause list and its body, up to the
// clause that binds name again.
func substClauses(cs []lang.Clause, key, body *lang.Expr, name string, by lang.Expr) {
	for _, c := range cs {
		switch c := c.(type) {
		case *lang.ForClause:
			subst(&c.Iter, name, by)
			if slices.Contains(patternNames(c.Target), name) {
				return
			}
		case *lang.IfClause:
			subst(&c.Cond, name, by)
		}
	}
	if *key != nil {
		subst(key, name, by)
	}
	subst(body, name, by)
}

// forSlots calls f with the slot of each expression of the tree at slot,
// parents first; f returns false to skip a node's children. A Comp's
// children are its clauses' expressions, its key and its body.
func forSlots(slot *lang.Expr, f func(*lang.Expr) bool) {
	if *slot == nil || !f(slot) {
		return
	}
	each := func(xs []lang.Expr) {
		for i := range xs {
			forSlots(&xs[i], f)
		}
	}
	switch e := (*slot).(type) {
	case *lang.ListLit:
		each(e.Elems)
	case *lang.SetLit:
		each(e.Elems)
	case *lang.TupleLit:
		each(e.Elems)
	case *lang.MapLit:
		for i := range e.Keys {
			forSlots(&e.Keys[i], f)
			forSlots(&e.Vals[i], f)
		}
	case *lang.Comp:
		for _, c := range e.Clauses {
			switch c := c.(type) {
			case *lang.ForClause:
				forSlots(&c.Iter, f)
			case *lang.IfClause:
				forSlots(&c.Cond, f)
			}
		}
		if e.Key != nil {
			forSlots(&e.Key, f)
		}
		forSlots(&e.Body, f)
	case *lang.SumOf:
		each(e.Items)
	case *lang.IfExpr:
		forSlots(&e.Cond, f)
		forSlots(&e.Then, f)
		forSlots(&e.Else, f)
	case *lang.Binary:
		forSlots(&e.X, f)
		forSlots(&e.Y, f)
	case *lang.Chain:
		forSlots(&e.X, f)
		for i := range e.Steps {
			forSlots(&e.Steps[i].Y, f)
		}
	case *lang.Unary:
		forSlots(&e.X, f)
	case *lang.Call:
		forSlots(&e.Fn, f)
		each(e.Args)
	case *lang.Index:
		forSlots(&e.X, f)
		forSlots(&e.Index, f)
	case *lang.Slice:
		forSlots(&e.X, f)
		if e.Lo != nil {
			forSlots(&e.Lo, f)
		}
		if e.Hi != nil {
			forSlots(&e.Hi, f)
		}
	}
}

// allNames returns every name the file spells: declared, bound or used.
func allNames(f *lang.File) map[string]bool { return fileNames(f, true) }

// declared returns the names the file declares or binds (def, game, let,
// parameter, pattern): a built-in of such a name may be hidden somewhere.
func declared(f *lang.File) map[string]bool { return fileNames(f, false) }

// fileNames returns the names f declares or binds, and those it uses when
// withUses is set.
func fileNames(f *lang.File, withUses bool) map[string]bool {
	names := map[string]bool{}
	addPat := func(p *lang.Pattern) {
		for _, n := range p.Names {
			names[n.Name] = true
		}
	}
	addNames := func(ns ...*lang.Name) {
		for _, n := range ns {
			names[n.Name] = true
		}
	}
	addExpr := func(e lang.Expr) {
		lang.Inspect(e, func(x lang.Expr) bool {
			switch x := x.(type) {
			case *lang.Ident:
				if withUses {
					names[x.Name] = true
				}
			case *lang.Comp:
				for _, c := range x.Clauses {
					if fc, ok := c.(*lang.ForClause); ok {
						addPat(fc.Target)
					}
				}
			}
			return true
		})
	}
	addClauses := func(cs []lang.Clause) {
		for _, c := range cs {
			switch c := c.(type) {
			case *lang.ForClause:
				addPat(c.Target)
				addExpr(c.Iter)
			case *lang.IfClause:
				addExpr(c.Cond)
			}
		}
	}
	var stmts func([]lang.Stmt)
	stmts = func(ss []lang.Stmt) {
		for _, s := range ss {
			switch s := s.(type) {
			case *lang.LetStmt:
				addPat(s.Pattern())
				addExpr(s.Value)
			case *lang.DefStmt:
				addNames(s.Name)
				addNames(lang.ParamNames(s.Params)...)
				addExpr(s.Body)
			case *lang.GameStmt:
				addNames(s.Name)
				addNames(lang.ParamNames(s.Params)...)
				for _, a := range s.Alts {
					a := a.(*lang.Alt)
					addExpr(a.Body)
					addClauses(a.Clauses)
				}
			case *lang.PrintStmt:
				for _, x := range s.Args {
					addExpr(x)
				}
			case *lang.AssertStmt:
				addExpr(s.Cond)
				addExpr(s.Msg)
			case *lang.ForStmt:
				addPat(s.Target.(*lang.Pattern))
				addExpr(s.Iter)
				stmts(s.Body)
			case *lang.TableStmt:
				addExpr(s.Body)
				addClauses(s.Clauses)
			case *lang.ExprStmt:
				addExpr(s.X)
			}
		}
	}
	stmts(f.Stmts)
	return names
}

// builtinOK reports whether each of names means the built-in everywhere
// in f: nothing in f declares or binds it.
func builtinOK(f *lang.File, names ...string) bool {
	d := declared(f)
	for _, n := range names {
		if d[n] {
			return false
		}
	}
	return true
}

// namer makes names the file does not spell: base followed by a number
// (built-in and library names have no digits after an underscore).
type namer struct {
	taken map[string]bool
}

func newNamer(f *lang.File) *namer { return &namer{taken: allNames(f)} }

func (n *namer) fresh(base string) string {
	for i := 1; ; i++ {
		s := base + "_" + strconv.Itoa(i)
		if !n.taken[s] {
			n.taken[s] = true
			return s
		}
	}
}

// Node constructors.

func ident(name string) *lang.Ident { return &lang.Ident{Name: name} }

// intLit is the literal v as the parser builds it: a negative int is
// the negation of a literal.
func intLit(v int64) lang.Expr {
	if v < 0 && v != -1<<63 {
		return &lang.Unary{Op: lang.OpNeg, X: &lang.IntLit{Val: -v}}
	}
	return &lang.IntLit{Val: v}
}

func bin(op lang.Op, x, y lang.Expr) *lang.Binary { return &lang.Binary{Op: op, X: x, Y: y} }

func call(fn string, args ...lang.Expr) *lang.Call {
	return &lang.Call{Fn: ident(fn), Args: args}
}

func pattern(names ...string) *lang.Pattern {
	p := &lang.Pattern{Tuple: len(names) > 1}
	for _, n := range names {
		p.Names = append(p.Names, &lang.Name{Name: n})
	}
	return p
}

func forClause(p *lang.Pattern, iter lang.Expr) *lang.ForClause {
	return &lang.ForClause{Target: p, Iter: iter}
}

func idents(names []string) []lang.Expr {
	var xs []lang.Expr
	for _, n := range names {
		xs = append(xs, ident(n))
	}
	return xs
}

func params(names []string) *lang.Params {
	ps := &lang.Params{}
	for _, n := range names {
		ps.Names = append(ps.Names, &lang.Name{Name: n})
	}
	return ps
}

// insertStmt inserts s before the statement at index i of f.
func insertStmt(f *lang.File, i int, s lang.Stmt) {
	f.Stmts = slices.Insert(f.Stmts, i, s)
}

// insertClause inserts c before the clause at index i.
func insertClause(cs *[]lang.Clause, i int, c ...lang.Clause) {
	*cs = slices.Insert(*cs, i, c...)
}
