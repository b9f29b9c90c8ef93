package fold

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Gen is what compiling a fold reads of the compiler (package compile's
// ValueGen).
type Gen interface {
	// Clauses compiles a comprehension's clauses: their loops around a
	// body.
	Clauses(cls []lang.Clause) func(body func(fr *engine.Frame)) func(fr *engine.Frame)
	// Expr compiles an expression.
	Expr(e lang.Expr) engine.EvalFn
	// Plain reports whether evaluating e cannot fail (a literal, a
	// local's name).
	Plain(e lang.Expr) bool
	// Fired records that pass p changed what is compiled.
	Fired(p passes.Pass)
	// Sink is a slot of the frame the fold runs in for its state (a
	// hidden local of the function compiled), or -1 (none: the top
	// level).
	Sink() int
}

// Compile streams the elements of list comprehensions, one after the
// other, into built-in bi's fold.
func Compile(g Gen, bi *engine.Builtin, comps []*lang.Comp, pos engine.Pos, argPos []engine.Pos) engine.EvalFn {
	parts := make([]Part, len(comps))
	for i, comp := range comps {
		// (Counting elements that cannot fail to evaluate: count them
		// only.)
		parts[i] = Part{Loops: g.Clauses(comp.Clauses), Elem: g.Expr(comp.Body), CountOnly: bi.Count && g.Plain(comp.Body)}
	}
	sink := g.Sink()
	switch {
	case bi.AllAny != 0:
		g.Fired(passes.Masks)
		return AllAny(bi, parts, sink, pos, argPos)
	case bi.Sums:
		g.Fired(passes.Masks)
		return Sum(bi, parts, sink, pos, argPos)
	}
	return Generic(bi, parts, sink, pos, argPos)
}

// Concat returns the list comprehensions x concatenates (`[E for ...] +
// [F for ...]`, in order), or nil where x is not such a concatenation. A
// list literal among them is a comprehension an element, without
// clauses (`max([E for j in a .. b] + [-1])`: each element evaluated in
// its place, as the literal would), where the others are each one loop
// over a range (which the planner would not plan: the list built, they
// would be).
func Concat(x lang.Expr) []*lang.Comp {
	comps := concat(x)
	lits, loops := false, false
	for _, c := range comps {
		lits = lits || len(c.Clauses) == 0
		loops = loops || len(c.Clauses) > 0
	}
	if !lits {
		return comps
	}
	if !loops {
		return nil
	}
	for _, c := range comps {
		if len(c.Clauses) == 0 {
			continue
		}
		f, ok := c.Clauses[0].(*lang.ForClause)
		if len(c.Clauses) != 1 || !ok {
			return nil
		}
		if r, ok := f.Iter.(*lang.Binary); !ok || r.Op != lang.OpRange {
			return nil
		}
	}
	return comps
}

func concat(x lang.Expr) []*lang.Comp {
	switch x := x.(type) {
	case *lang.Comp:
		if x.Kind == lang.ListComp {
			return []*lang.Comp{x}
		}
	case *lang.ListLit:
		out := make([]*lang.Comp, len(x.Elems))
		for i, el := range x.Elems {
			out[i] = &lang.Comp{Pos: x.Pos, Kind: lang.ListComp, Body: el}
		}
		if len(out) > 0 {
			return out
		}
	case *lang.Binary:
		a, b := concat(x.X), concat(x.Y)
		if x.Op == lang.OpAdd && a != nil && b != nil {
			return append(a, b...)
		}
	}
	return nil
}

// CompileConcat streams a concatenation of list comprehensions into the
// fold of call e (the masks pass): len adds the counts of the parts, each
// the fold of one comprehension compiled alone (planned, and fast, as it
// would be); the others stream the parts one after the other.
func CompileConcat(g Gen, bi *engine.Builtin, e *lang.Call, comps []*lang.Comp, pos engine.Pos, argPos []engine.Pos) engine.EvalFn {
	g.Fired(passes.Masks)
	if !bi.Count {
		return Compile(g, bi, comps, pos, argPos)
	}
	fs := make([]engine.EvalFn, len(comps))
	for i, c := range comps {
		fs[i] = g.Expr(&lang.Call{Pos: e.Pos, Fn: e.Fn, Lparen: e.Lparen, Args: []lang.Expr{c}, Site: e.Site})
	}
	return func(fr *engine.Frame) value.Value {
		n := int64(0)
		for _, f := range fs {
			n += f(fr).N
		}
		return value.Int(n)
	}
}

// Consumer is the consumer of a fold by built-in bi (ir.FoldOf, or all
// and any).
func Consumer(bi *engine.Builtin) ir.Consumer {
	switch {
	case bi.AllAny > 0:
		return ir.FoldAll
	case bi.AllAny < 0:
		return ir.FoldAny
	}
	return ir.FoldOf(bi.Count, bi.IntFold)
}
