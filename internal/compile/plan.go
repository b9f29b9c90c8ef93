package compile

import (
	"strings"

	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/plan"
	"github.com/grundy-lang/grundy/lang"
)

// The planner's stage: before any generator sees a move rule, each of its
// alternatives is lowered to a query (package ir), planned for what
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
}

// planAlts plans the alternatives of game d's rule for the variant (sg:
// streamed SG values; ints: int parameters), and explains the plans of
// the variant that is explained (sg and ints).
func (c *Compiler) planAlts(d *lang.GameStmt, sg, ints bool) []plannedAlt {
	k := ir.MoveValues
	if sg {
		k = ir.MoveSG
	}
	env := &plan.Env{R: c.Resolver, On: c.Passes, Packed: ints}
	var out []plannedAlt
	for i, a := range d.Alts {
		alt := a.(*lang.Alt)
		alts, res := plan.Alts(env, alt, k)
		for _, pa := range alts {
			out = append(out, plannedAlt{i, pa})
		}
		if res.Fired != 0 && sg && ints {
			c.note("%s is planned (%s) as:", altLabel(i, alt), strings.ReplaceAll(res.Fired.String(), "+", ", "))
			for _, line := range strings.Split(res.String(), "\n") {
				c.note("    %s", line)
			}
			if res.GuardHolds {
				c.note("  (the guard holds for every position of int arguments: it is not tested)")
			} else if len(alts) > len(res.Planned) {
				c.note("  (where the guard does not hold, as written)")
			}
			c.Fired(res.Fired)
		}
	}
	return out
}
