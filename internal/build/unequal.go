package build

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// A filter whose conditions are all x != a (or a != x), a a local name,
// {x for x in S if x != a and x != b} (Cram's), is S less the elements
// equal to the a's: over a universe, S's words with the bits of the a's
// ids cleared, a word operation and a look at the universe for each a,
// with no mask kept and none looked for. (An a that is not an element
// of the universe is no element of S: nothing is cleared.)

// unequals is resolve.Unequals of filter p (nil for a filter of two
// names).
func unequals(p *BuildPlan) []*lang.Ident {
	if p.Var2 != nil {
		return nil
	}
	return resolve.Unequals(p.Var, p.Elems)
}

// passUnequal is filterFast.pass of a filter of unequals (the values of
// the names, fs), with S's words w over universe u, into buf.
func passUnequal(fr *engine.Frame, fs []engine.EvalFn, u *value.Universe, w, buf []uint64) []uint64 {
	buf = append(buf, w...)
	for _, f := range fs {
		if id, in := u.ID(f(fr)); in && id>>6 < len(buf) {
			buf[id>>6] &^= 1 << (id & 63)
		}
	}
	return buf
}
