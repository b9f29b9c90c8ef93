package eqindex

import (
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/maskcache"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/purecond"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Constant iterables. A for clause whose iterable reads no local, only
// lets, literals, operators, pure built-ins and defs that inline (plain,
// package purecond), `for (a, b) in E + [(y, x) for (x, y) in E]`
// (at the top level, the names of for statements and comprehensions are
// lets too),
// makes the same value each time it runs while the lets it reads hold
// the values they held: the value made the first time is kept, and
// given again, the same object, while each let holds the same value
// made once (a let made again, in the REPL or by a later `let`, makes
// it again). An equality index of it (EqFor) is then built once, not
// for each position. Exact: evaluating it again would give an equal
// value, or the same error (an error is not kept: it is met again);
// values do not change, so the one kept is that value.

// constIter is iter kept as above where cl's iterable is such; iter
// where it is not (or is a name: nothing to keep).
func constIter(c *compile.Compiler, cl *lang.ForClause, iter engine.EvalFn) engine.EvalFn {
	if !c.On(passes.EqIndex) {
		return iter
	}
	switch cl.Iter.(type) {
	case *lang.Ident, *lang.IntLit, *lang.StrLit:
		return iter
	}
	if !slotted(c, cl.Iter, nil, cl.Pos) || !purecond.Plain(c, cl.Iter) {
		return iter
	}
	locals, lets := purecond.Names(c, []lang.Expr{cl.Iter})
	if len(locals) > 0 || len(lets) == 0 {
		return iter
	}
	var kept value.Value
	var held []value.Value
	ok := false
	return func(fr *engine.Frame) value.Value {
		if ok {
			same := true
			for i, s := range lets {
				g, h := fr.Th.Globals[s], held[i]
				if g.K != h.K || g.N != h.N || !maskcache.SameRef(g.Ref, h.Ref) {
					same = false
					break
				}
			}
			if same {
				return kept
			}
		}
		v := iter(fr)
		held = held[:0]
		for _, s := range lets {
			held = append(held, fr.Th.Globals[s])
		}
		kept, ok = v, true
		return v
	}
}
