package emit

import (
	"fmt"

	"github.com/grundy-lang/grundy/internal/emit/nesting"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// The count of nested def calls (rt::calls; package nesting computes the
// defs' heights). A bounded def counts only when the count is within its
// height of the bound (rt::enter_near): below, no call in it can cross the
// bound, and the count it would add is never read. Inside a bounded def,
// the count is the one at its call (plus one if it counted) whatever the
// body does, so a bounded def it calls need not look at the count unless
// it counted itself: the call passes _chk, its _counted. A small bounded
// def (maxInlined) is inlined always.

// maxInlined is the most expression nodes a bounded def may have, with
// the bodies of the defs it calls counted at each call, for it to be
// inlined always (the C++ compiler's own choice leaves out, for example,
// a hash of a hash called in a move rule).
const maxInlined = 64

// defGraph is the defs of order (by declaration) as package nesting sees
// them.
func defGraph(order []*defInfo, defs map[*resolve.Decl]*defInfo) nesting.Graph {
	index := map[*defInfo]int{}
	var bodies []lang.Expr
	for i, d := range order {
		index[d] = i
		bodies = append(bodies, d.st.Body)
	}
	return nesting.Graph{Bodies: bodies, Callee: func(call *lang.Call) (int, bool) {
		id, ok := call.Fn.(*lang.Ident)
		if !ok {
			return -1, false
		}
		decl := resolve.Of(id)
		if decl == nil {
			return -1, false
		}
		switch decl.Kind {
		case resolve.Def:
			if c := defs[decl]; c != nil {
				return index[c], false
			}
			return -1, true // not a def of the file: count always
		case resolve.Builtin:
			switch decl.Name {
			case "sg", "outcome", "moves", "winning", "remoteness":
				return -1, true
			}
		}
		return -1, false
	}}
}

// defHeights gives each bounded def of order its height, and says which
// are inlined always; a def missing from it counts its calls always.
func defHeights(order []*defInfo, defs map[*resolve.Decl]*defInfo) (map[*defInfo]int, map[*defInfo]bool) {
	gr := defGraph(order, defs)
	hs := gr.Heights()
	out, small := map[*defInfo]int{}, map[*defInfo]bool{}
	for i, h := range hs {
		out[order[i]] = h
		small[order[i]] = gr.Expanded(i, hs, maxInlined) <= maxInlined
	}
	return out, small
}

// chkArg is the last argument of a call of the def d: for a bounded def,
// whether it must look at the count (a bounded caller's _counted, else
// true).
func (g *gen) chkArg(d *defInfo) string {
	if _, ok := g.heights[d]; !ok {
		return ""
	}
	if g.inBounded {
		return ", _counted"
	}
	if g.rule != nil || g.localChk {
		return ", _chk"
	}
	return ", true"
}

// chkDecl is the declaration, at the start of a move rule (or a function
// of a game's options), of _chk: whether
// the count is within the greatest height of a bounded def of the bound
// (a rule's calls look at the count only then: the count is the same at
// each call of the rule, whatever the calls and searches inside do).
func (g *gen) chkDecl() string {
	h := 0
	for _, v := range g.heights {
		h = max(h, v)
	}
	return fmt.Sprintf("[[maybe_unused]] const bool _chk = rt::calls > %d;", 100000-h)
}
