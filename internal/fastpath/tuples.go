package fastpath

import (
	"fmt"
	"strings"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/rewrite"
	"github.com/grundy-lang/grundy/lang"
)

// Tuples compiles the hidden game of g (declared by d) when a parameter
// of it is always a tuple or list of k ints in its options (g.Tuples is
// set: its positions are stored as k int arguments), or clears g.Tuples;
// then it sets up the copies of its rule for its fixed arguments
// (fixed.go).
func (p paths) Tuples(g *engine.Game, d *lang.GameStmt) {
	defer p.fixed(g, d) // (after: flattening empties the explanation)
	c := p.loops.c
	old := g.Tuples
	g.Tuples = nil
	if !c.On(passes.Tuples) || g.TupleOf != nil {
		return
	}
	params := lang.ParamNames(d.Params)
	for j, p := range params {
		sh := rewrite.TupleParam(c.Resolver, d, p.Name, j, len(params))
		k := sh.K
		if k < 2 || len(params)-1+k > 3 || g.ListUni(j) != nil {
			continue
		}
		hidden := resolve.HiddenPrefix + d.Name.Name + "#" + p.Name
		hd := resolve.Cell(hidden, &engine.Binding{Kind: resolve.Game})
		d2 := rewrite.FlatDecl(c.Resolver, d, j, sh, hidden, hd)
		if d2 == nil {
			continue
		}
		var h *engine.Game
		if old != nil && old.J == j && old.K == k && old.List == sh.List && old.To.NArgs == len(params)-1+k {
			h = old.To
		} else {
			h = c.Env.Engine.NewGame(g.GName, g.Pos, len(params)-1+k)
		}
		tf := &engine.TupleFlat{Of: g, To: h, J: j, K: k, List: sh.List}
		h.TupleOf = tf
		hd.B.Game = h
		n, x := len(c.Errs), c.Env.ExplainOf("game", g.GName, d.Name.Pos)
		c.CompileGame(h, d2)
		if len(c.Errs) > n {
			// (q's rule compiled: so does its copy; should it not, q's
			// own rule runs.)
			c.Errs = c.Errs[:n]
			continue
		}
		for i, s := range x.Notes {
			x.Notes[i] = strings.ReplaceAll(s, hidden, g.GName)
		}
		x.Notes = append([]string{fmt.Sprintf("its positions whose argument %s is a %s of %d ints are stored as %d int arguments (dense tables); its rule for them:", p.Name, map[bool]string{false: "tuple", true: "list"}[sh.List], k, k)}, x.Notes...)
		x.Fired |= passes.Tuples
		g.Tuples = tf
		return
	}
}
