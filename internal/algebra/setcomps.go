package algebra

import "github.com/grundy-lang/grundy/lang"

// setOfListComp: set([E for ...]) (the built-in set of a list
// comprehension) is the set comprehension {E for ...} of the same
// clauses, which the passes and kernels of sets take (a filter of a set
// as a mask of words). Exact: both evaluate the same clauses and bodies
// in the same order, failing alike; set() of the list that succeeded
// cannot fail (any value is an element of a set) and holds the elements
// it yielded, each once, as the set comprehension does.
func setOfListComp(c *ctx, e lang.Expr) lang.Expr {
	call, ok := e.(*lang.Call)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	comp, ok := call.Args[0].(*lang.Comp)
	if !ok || comp.Kind != lang.ListComp {
		return nil
	}
	if bi := c.env.R.BuiltinCallee(call); bi == nil || bi.BName != "set" {
		return nil
	}
	return &lang.Comp{Pos: call.Pos, Kind: lang.SetComp, Body: comp.Body, Clauses: comp.Clauses}
}
