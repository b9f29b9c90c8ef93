package build

import (
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/lang"
)

// Defs inlined into a built value. A def called with names and literals
// whose body is a value the builders build (a set operator, a filter, a
// list comprehension, a slice and concatenation),
//
//	def multiples(S, d) = {e for e in S if e % d == 0}
//	game div(S) moves div(S - multiples(S, d)) for d in S
//
// is planned as its body with the parameters written as the arguments
// (package compile's Inliner: every other name means the same at the
// call as in the def), so the option is built in scratches as it is
// when written in place. The body's plan keeps the call (InlineSite):
// it is compiled as the def's inlined body, and while it runs the call
// is on the trace and counted as a nested call, so that an error inside
// points into the def's body with the same "called from" lines, and the
// depth limit is met at the same call, as when the def is called.

// InlineSite is a call of a def whose body a plan is.
type InlineSite struct {
	Fn  *engine.Func
	Pos engine.Pos
}

// inlinePlan is the plan of the body of the def e calls, planned by plan
// (or, for a body that is a comprehension of kind k, by plan too), when
// the call inlines with its arguments written in place (names and
// literals: nothing is evaluated before the body); nil otherwise.
func inlinePlan(bd *Builders, e *lang.Call, k lang.CompKind, plan func(lang.Expr) *BuildPlan) *BuildPlan {
	if bd.c.CalledBuiltin(e) != nil || bd.c.GameCallee(e) != nil {
		return nil
	}
	sub, fn, binds := bd.c.Inl.InlineCall(e)
	if sub == nil {
		var c *lang.Comp
		if c, fn, binds = bd.c.Inl.InlineComp(e, k); c != nil {
			sub = c
		}
	}
	if sub == nil || len(binds) > 0 {
		return nil
	}
	p := compile.Inlined(bd.c, fn, func() *BuildPlan { return plan(sub) })
	if p == nil {
		return nil
	}
	q := *p
	q.Inl = append([]InlineSite{{Fn: fn, Pos: e.Pos}}, p.Inl...)
	return &q
}

// inlined reports whether any of the plans is the body of an inlined
// def (the recognizers that read a plan's parts, walks and splices,
// leave those to the general generators).
func inlined(ps ...*BuildPlan) bool {
	for _, p := range ps {
		if p != nil && len(p.Inl) > 0 {
			return true
		}
	}
	return false
}

// genInlined compiles plan p, the body of an inlined def, with gen: as
// the body (compile.Inlined), run with the call on the trace.
func genInlined[F ~func(*engine.Frame, S), S any](bd *Builders, p *BuildPlan, gen func(*BuildPlan) F) F {
	site, inner := p.Inl[0], *p
	inner.Inl = p.Inl[1:]
	f := compile.Inlined(bd.c, site.Fn, func() F { return gen(&inner) })
	return func(fr *engine.Frame, s S) {
		th := fr.Th
		th.Enter(site.Pos, site.Fn)
		th.Calls = append(th.Calls, site.Pos)
		f(fr, s)
		th.Calls = th.Calls[:len(th.Calls)-1]
		th.Leave(site.Fn)
	}
}

// inInlined runs f inside the inlined bodies of the defs sites call, the
// outermost first (compile.Inlined): what f compiles is compiled as
// their body.
func inInlined(bd *Builders, sites []InlineSite, f func()) {
	if len(sites) == 0 {
		f()
		return
	}
	compile.Inlined(bd.c, sites[0].Fn, func() struct{} {
		inInlined(bd, sites[1:], f)
		return struct{}{}
	})
}
