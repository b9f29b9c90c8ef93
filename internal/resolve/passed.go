package resolve

import "github.com/grundy-lang/grundy/lang"

// PassedParams reports, for each parameter of game d, whether every call
// of d in its own rule (one at least) passes that very parameter on at
// its place: the graph of nk(S, A), the set of snim(n - s, S). The
// engine then keys such an argument by a reference to the game's
// dictionary (engine.Game.SetPassed): a position's key is short, and the
// argument's key is not made again each move. Only how positions are
// keyed depends on it, never a value: calls in the defs the rule calls
// are not looked at.
func PassedParams(d *lang.GameStmt) []bool {
	params := lang.ParamNames(d.Params)
	game := NameDecl(d.Name)
	if game == nil || len(params) < 2 {
		return nil
	}
	passed := make([]bool, len(params))
	for j := range passed {
		passed[j] = true
	}
	calls := 0
	look := func(x lang.Expr) bool {
		c, ok := x.(*lang.Call)
		if !ok {
			return true
		}
		if id, ok := c.Fn.(*lang.Ident); !ok || Of(id) != game || len(c.Args) != len(params) {
			return true
		}
		calls++
		for j, a := range c.Args {
			id, ok := a.(*lang.Ident)
			if !ok || Of(id) == nil || Of(id) != NameDecl(params[j]) {
				passed[j] = false
			}
		}
		return true
	}
	for _, a := range d.Alts {
		alt := a.(*lang.Alt)
		lang.InspectClauses(alt.Clauses, look)
		lang.Inspect(alt.Body, look)
	}
	if calls == 0 {
		return nil
	}
	return passed
}
