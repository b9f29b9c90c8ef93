package emit

import (
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// The count of nested def calls. grundy stops a script whose calls nest
// more than 100000 deep, naming the def whose call crossed the bound; the
// emitted program counts as it does (rt::calls). A def whose calls stay
// bounded (no def it reaches is recursive, and none queries a game's
// value, which runs move rules that call defs) nests at most its height
// of calls: 1 for a def that calls no def, else 1 + the greatest height
// of the defs it calls. Such a def counts only when the count is within
// its height of the bound (rt::enter_near): below, no call in it can
// cross the bound, and the count it would add is never read. A def that
// does not count is small and has no destructor, so it is inlined where
// it is called.

// defHeights gives each bounded def of order (defs: by declaration) its
// height; a def missing from it counts its calls always.
func defHeights(order []*defInfo, defs map[*resolve.Decl]*defInfo) map[*defInfo]int {
	calls := map[*defInfo][]*defInfo{}
	queries := map[*defInfo]bool{}
	for _, d := range order {
		lang.Inspect(d.st.Body, func(x lang.Expr) bool {
			call, ok := x.(*lang.Call)
			if !ok {
				return true
			}
			id, ok := call.Fn.(*lang.Ident)
			if !ok {
				return true
			}
			decl := resolve.Of(id)
			if decl == nil {
				return true
			}
			switch decl.Kind {
			case resolve.Def:
				if c := defs[decl]; c != nil {
					calls[d] = append(calls[d], c)
				} else {
					queries[d] = true // not a def of the file: count always
				}
			case resolve.Builtin:
				switch decl.Name {
				case "sg", "outcome", "moves", "winning", "remoteness":
					queries[d] = true
				}
			}
			return true
		})
	}
	const (
		visiting  = -2
		unbounded = -1
	)
	h := map[*defInfo]int{}
	var height func(d *defInfo) int
	height = func(d *defInfo) int {
		if v, ok := h[d]; ok {
			if v == visiting {
				return unbounded // a cycle: recursive
			}
			return v
		}
		h[d] = visiting
		r := 1
		if queries[d] {
			r = unbounded
		}
		for _, c := range calls[d] {
			ch := height(c)
			if ch == unbounded {
				r = unbounded
			}
			if r != unbounded && ch+1 > r {
				r = ch + 1
			}
		}
		h[d] = r
		return r
	}
	out := map[*defInfo]int{}
	for _, d := range order {
		if v := height(d); v > 0 && v < 1000 {
			out[d] = v
		}
	}
	return out
}
