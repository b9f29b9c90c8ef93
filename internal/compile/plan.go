package compile

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grundy-lang/grundy/internal/defloops"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/plan"
	"github.com/grundy-lang/grundy/internal/rewrite"
	"github.com/grundy-lang/grundy/internal/splits"
	"github.com/grundy-lang/grundy/lang"
)

// The planner's stage: before any generator sees a move rule, each of its
// alternatives is brought to one shape (in the variant the fast paths
// compile: rewrite.Normalize), lowered to a query (package ir), planned for what
// consumes its options (the SG search, which sees neither their order nor
// their repeats, or their values, which see both) and raised back to
// alternatives (package plan), which the generators and the fast paths
// compile. It runs in the variant being compiled (which locals are ints
// is what the planner's proofs read), once per variant.

// plannedAlt is an alternative as planned: the index of the alternative
// of the rule it comes from (for the explanation).
type plannedAlt struct {
	i   int
	alt *lang.Alt
	// written: the alternative as written, for the positions where the
	// guard of its plan does not hold.
	written bool
}

// label names the planned alternative for a note.
func (p plannedAlt) label() string {
	if p.written {
		return altLabel(p.i, p.alt) + " as written (where its guard does not hold)"
	}
	return altLabel(p.i, p.alt)
}

// key is what plan.Repeated compares of a planned alternative.
func (p plannedAlt) key() any { return p.alt }

// repeatable reports whether code evaluates to the same result each time:
// no function or game written in Go, which may keep state, is defined in
// the session (plan.Env.Repeatable).
func (c *Compiler) repeatable() bool { return c.Env.Th != nil && c.Env.Th.ProgramKnown }

// planAlts plans the alternatives of game d's rule for the variant (sg:
// streamed SG values; ints: int parameters), and explains the plans of
// the variant that is explained (sg and ints), and into x those of the
// variant for other arguments that only it runs. Reorders: a rewrite for
// the SG search alone fired (an order or a repeat the rule for values
// keeps: ir.MoveSG).
func (c *Compiler) planAlts(d *lang.GameStmt, sg, ints bool, x *passes.Explanation) (pas []plannedAlt, reorders bool) {
	k := ir.MoveValues
	if sg {
		k = ir.MoveSG
	}
	env := &plan.Env{R: c.Resolver, On: c.Passes, Packed: ints, Repeatable: c.repeatable(), Game: d}
	var out []plannedAlt
	for i, a := range d.Alts {
		for _, alt := range c.defLoops(a.(*lang.Alt), ints, x) {
			if sg && ints && c.On(passes.FastLoops) && c.On(passes.Stream) {
				// (What the fast paths recognize: one shape for equivalent
				// spellings, exactly: package rewrite.)
				alt = rewrite.Normalize(c.Resolver, alt)
			}
			alts, res := plan.Alts(env, alt, k)
			reorders = reorders || res.Fired&(passes.Unordered|passes.Disjunctions|passes.Dedup) != 0
			dropped := false
			for j, pa := range alts {
				if sg && env.Repeatable && c.On(passes.Dedup) && plan.Repeated(out, plannedAlt{i: i, alt: pa}, plannedAlt.key) {
					// (The SG search does not see repeats: an alternative the same as one before it adds nothing, plan/dedup.go.)
					dropped = true
					c.Fired(passes.Dedup)
					continue
				}
				out = append(out, plannedAlt{i: i, alt: pa, written: j >= len(res.Planned)})
			}
			if res.Fired != 0 && sg && ints {
				for _, l := range res.Explain(altLabel(i, alt), len(alts) > len(res.Planned)) {
					c.note("%s", l)
				}
				c.Fired(res.Fired)
			} else if res.Fired != 0 && sg && res.ListGuard() && x != nil {
				// (The variant for other arguments explains the plans only it runs: those whose guard reads a list of ints.)
				x.Notes = append(x.Notes, res.Explain(altLabel(i, alt), true)...)
				x.Fired |= res.Fired
			}
			if dropped {
				reorders = true
				c.note("%s is the same as one before it: dropped (dedup)", altLabel(i, alt))
			}
		}
	}
	return c.mergeSplits(env, d, k, out), reorders
}

// defLoops is alt, or its for clause over a def's list comprehension
// fused behind a guard and alt behind its negation (package defloops),
// explained into x, in the variant for arguments not all ints.
func (c *Compiler) defLoops(alt *lang.Alt, ints bool, x *passes.Explanation) []*lang.Alt {
	if out, note := defloops.Fuse(c.Resolver, alt); out != nil && !ints && c.On(passes.DefLoops) {
		if n := "alternative: " + note; x != nil && !slices.Contains(x.Notes, n) {
			x.Notes, x.Fired = append(x.Notes, n), x.Fired|passes.DefLoops
		}
		return out
	}
	return []*lang.Alt{alt}
}

// planComp compiles comprehension e, consumed by k, as planned, by
// compile: wrap(planned) behind the guard, wrap(e) where it does not
// hold (wrap makes the expression of a comprehension: itself, or the
// fold's call of it; a list comprehension planned as several is their
// concatenation). False where no pass changed e.
func planComp[T any](c *Compiler, e *lang.Comp, k ir.Consumer, wrap func(lang.Expr) lang.Expr, compile func(lang.Expr) T) (T, bool) {
	var zero T
	if c.planning[e] || c.Passes&passes.Planner == 0 {
		return zero, false
	}
	ps, g, res := plan.Comp(&plan.Env{R: c.Resolver, On: c.Passes, Repeatable: c.repeatable()}, e, k)
	if ps == nil {
		return zero, false
	}
	if c.planning == nil {
		c.planning = map[*lang.Comp]bool{}
	}
	c.planning[e] = true
	var p lang.Expr
	for _, q := range ps {
		c.planning[q] = true
		if p == nil {
			p = q
		} else {
			p = &lang.Binary{Pos: e.Pos, Op: lang.OpAdd, X: p, Y: q}
		}
	}
	defer func() {
		delete(c.planning, e)
		for _, q := range ps {
			delete(c.planning, q)
		}
	}()
	if x := c.explaining; x != nil {
		n := fmt.Sprintf("the comprehension at line %d is planned (%s) as: %s", e.Pos.Line, strings.ReplaceAll(res.Fired.String(), "+", ", "), strings.ReplaceAll(res.String(), "\n", "; "))
		if !slices.Contains(x.Notes, n) {
			x.Notes = append(x.Notes, n)
		}
	}
	c.Fired(res.Fired)
	x := wrap(p)
	if g != nil {
		x = &lang.IfExpr{Pos: e.Pos, Cond: g, Then: x, Else: wrap(e)}
	}
	return compile(x), true
}

// mergeSplits merges each planned alternative with the one after it where they
// are one range split in two (splits.MergeSplit, the bounds pass): not where
// one is an alternative as written behind the negation of its guard.
func (c *Compiler) mergeSplits(env *plan.Env, d *lang.GameStmt, k ir.Consumer, pas []plannedAlt) []plannedAlt {
	if !c.On(passes.Bounds) || !c.On(passes.Ints) {
		return pas
	}
	var out []plannedAlt
	for _, pa := range pas {
		if n := len(out); n > 0 && !pa.written && !out[n-1].written {
			last := out[n-1]
			if q := splits.MergeSplit(env.R, env.Repeatable, ir.LowerAlt(last.alt, k), ir.LowerAlt(pa.alt, k), c.Arith.IntTyped); q != nil {
				if pa.i == last.i {
					c.note("%s is one range split in two: planned as one (bounds)", altLabel(pa.i, d.Alts[pa.i].(*lang.Alt)))
				} else {
					c.note("%s and %s are one range split in two: planned as one (bounds)", altLabel(last.i, d.Alts[last.i].(*lang.Alt)), altLabel(pa.i, d.Alts[pa.i].(*lang.Alt)))
				}
				c.Fired(passes.Bounds)
				out[n-1].alt = ir.RaiseAlt(q)
				continue
			}
		}
		out = append(out, pa)
	}
	return out
}

// mergeComps merges the list comprehensions of a concatenation where
// they are one range split in two (splits.MergeComps, the bounds pass).
func (c *Compiler) mergeComps(comps []*lang.Comp) []*lang.Comp {
	if !c.On(passes.Bounds) || !c.On(passes.Ints) {
		return comps
	}
	out := splits.MergeComps(c.Resolver, c.repeatable(), comps, c.Arith.IntTyped)
	c.FiredIf(passes.Bounds, len(out) < len(comps))
	return out
}
