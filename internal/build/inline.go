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
// depth limit is met at the same call, as when the def is called. A list
// or string built may take other arguments too (put(put(b, i), j)): they
// are evaluated first, in order, into the hidden locals the body reads
// (Binds), off the trace, as the call evaluates its arguments; a splice
// of the first of them is built in the scratch itself (splice.go).

// InlineSite is a call of a def whose body a plan is.
type InlineSite struct {
	Fn    *engine.Func
	Pos   engine.Pos
	Binds []compile.InlineBind
}

// inlinePlan is the plan of the body of the def e calls, planned by plan
// (or, for a body that is a comprehension of kind k, by plan too), when
// the call inlines with its arguments written in place (names and
// literals: nothing is evaluated before the body), or with binds when
// withBinds; nil otherwise.
func inlinePlan(bd *Builders, e *lang.Call, k lang.CompKind, withBinds bool, plan func(lang.Expr) *BuildPlan) *BuildPlan {
	if bd.c.CalledBuiltin(e) != nil || bd.c.GameCallee(e) != nil {
		return nil
	}
	sub, fn, binds := bd.c.Inl.InlineCall(e)
	if sub == nil && k == lang.ListComp && withBinds {
		sub, fn, binds = bd.c.Inl.InlineBuilt(e)
	}
	if sub == nil {
		var c *lang.Comp
		if c, fn, binds = bd.c.Inl.InlineComp(e, k); c != nil {
			sub = c
		}
	}
	if sub == nil || len(binds) > 0 && !withBinds {
		return nil
	}
	p := compile.Inlined(bd.c, fn, func() *BuildPlan { return plan(sub) })
	if p == nil {
		return nil
	}
	q := *p
	q.Inl = append([]InlineSite{{Fn: fn, Pos: e.Pos, Binds: binds}}, p.Inl...)
	return &q
}

// bound reports whether any of the inlined calls of p evaluates an
// argument into a hidden local (the walks leave those to the builds).
func bound(p *BuildPlan) bool {
	for _, site := range p.Inl {
		if len(site.Binds) > 0 {
			return true
		}
	}
	return false
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
	set := bd.c.Inl.CompileBinds(site.Binds)
	f := compile.Inlined(bd.c, site.Fn, func() F { return gen(&inner) })
	return func(fr *engine.Frame, s S) {
		if set != nil {
			set(fr)
		}
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
