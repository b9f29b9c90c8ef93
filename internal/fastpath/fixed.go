package fastpath

import (
	"fmt"
	"strings"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/fixargs"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/rewrite"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// maxFixedCopies bounds the copies of one game's rule made for values of
// its fixed arguments (package fixargs): each has cells of its own.
const maxFixedCopies = 256

// fixed gives game g (declared by d) the copies of its rule for the
// values of the arguments the rule passes on unchanged (g.Fixed), made as
// a search asks for them, or clears g.Fixed. The cells the copies read
// their values from are reserved now: a copy is compiled while the
// program runs, by this compiler, into the session's global slots it
// reserved.
func (p paths) fixed(g *engine.Game, d *lang.GameStmt) {
	c := p.loops.c
	g.Fixed = nil
	if !c.On(passes.Fixed) || g.TupleOf != nil || g.Shown != nil {
		return
	}
	params := lang.ParamNames(d.Params)
	var js []int
	for j, ok := range resolve.PassedParams(d) {
		if ok {
			js = append(js, j)
		}
	}
	if len(js) == 0 || len(js) == len(params) {
		return
	}
	base := c.Globals
	c.Globals += maxFixedCopies * len(js)
	x, th, eng := g.Explain, c.Env.Th, c.Env.Engine
	var names []string
	for _, j := range js {
		names = append(names, params[j].Name)
	}
	named := strings.Join(names, ", ")
	build := func(vals []value.Value, i int) *engine.Game {
		slot := base + i*len(js)
		if slot+len(js) > len(th.Globals) || x == nil {
			return nil
		}
		fixed, cells := make([]bool, len(params)), make([]*resolve.Decl, len(params))
		for k, j := range js {
			fixed[j] = true
			cells[j] = resolve.Cell(params[j].Name, &engine.Binding{Kind: resolve.Global, Slot: slot + k, IsInt: vals[k].K == value.KInt})
		}
		hidden := resolve.HiddenPrefix + d.Name.Name + "#fixed"
		hd := resolve.Cell(hidden, &engine.Binding{Kind: resolve.Game})
		d2 := rewrite.FixDecl(d, fixed, cells, hidden, hd)
		if d2 == nil {
			return nil
		}
		for k := range js {
			th.Globals[slot+k] = vals[k]
		}
		h := eng.NewGame(g.GName, g.Pos, len(params)-len(js))
		h.Shown = func(uint64) value.Value { return value.Value{} } // (set by fixargs; marks a copy)
		hd.B.Game = h
		// (The copy's explanation is the game's record, kept as it was:
		// the first copy's notes are added to it.)
		saved, n := *x, len(c.Errs)
		c.CompileGame(h, d2)
		notes, fired := x.Notes, x.Fired
		*x = saved
		if len(c.Errs) > n {
			c.Errs = c.Errs[:n]
			return nil
		}
		x.Fired |= fired | passes.Fixed
		if i == 0 {
			x.Notes = append(x.Notes, fmt.Sprintf("the copy of its rule with %s fixed, made for the first value asked:", named))
			for _, s := range notes {
				x.Notes = append(x.Notes, "  "+strings.ReplaceAll(s, hidden, g.GName))
			}
		}
		if i > 0 {
			h.Explain = nil // (the first copy's notes of what its runs find)
		}
		return h
	}
	g.Fixed = &fixargs.Copies{Of: g, J: js, Max: maxFixedCopies, Make: build}
	if x != nil {
		x.Notes = append(x.Notes, fmt.Sprintf("%s passed on unchanged by its rule: its positions are computed in a copy of the rule with %s a constant, one for each value asked (up to %d)", argWord(len(js), named), named, maxFixedCopies))
	}
}

func argWord(n int, named string) string {
	if n == 1 {
		return "its argument " + named
	}
	return "its arguments " + named
}
