// Package partgen owns the option bodies of move rules compiled for the
// pruned search's lists of options (engine.Game.GenParts,
// compile.Fast.Parts). An option that is a sum of positions of one game,
// one for each region of a set of cells, in its canonical form or not,
//
//	sum of G(canon(R)) for R in components(S)
//	sum of G(R) for R in components(S, ADJ)
//
// (S a local name, or the argument of a def whose body this is, inlined;
// ADJ a name other than S) lists each region as G and the rows of its
// image (engine.OptParts), found on the rows of S (package cellrows; with
// ADJ, package cellgraph on ADJ's graph, made once for each map),
// without making the set of a region, its image, its position, the list
// of regions or the sum: the pruned search keys each part from its rows.
// Where S is not a set of cells of rows and columns 0 .. 63, ADJ is not a
// map or lists a cell of S with neighbours that are not a collection, or
// G checks its arguments or does not take one, the option is the value
// the rule makes, as it makes it.
package partgen

import (
	"sync/atomic"

	"github.com/grundy-lang/grundy/internal/cellgraph"
	"github.com/grundy-lang/grundy/internal/cellrows"
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Options compiles option bodies for the lists of compiler c, building
// sets with bd.
type Options struct {
	c  *compile.Compiler
	bd Sets
}

// Sets builds a set operation in a scratch (build.Builders.SetBuild), or
// returns nil.
type Sets interface {
	SetBuild(e lang.Expr) func(fr *engine.Frame, s *value.SetScratch)
}

// New returns the option bodies' compiler of c.
func New(c *compile.Compiler, bd Sets) *Options { return &Options{c, bd} }

// shape is a sum of regions recognized: the slot of S, the game G, the
// loop's position, whether each region is brought to its canonical form,
// and ADJ's value and graph (nil for the regions of the grid).
type shape struct {
	slot  int
	game  *engine.Binding
	ipos  engine.Pos
	canon bool
	adj   engine.EvalFn
	graph *graphOf
}

// graphOf is the graph made last of a map ADJ (maps are immutable: one
// graph a map, found by its identity).
type graphOf struct{ last atomic.Pointer[mapGraph] }

type mapGraph struct {
	m *value.Map
	g *cellgraph.Graph
}

// of is the graph of the map m.
func (gc *graphOf) of(m *value.Map) *cellgraph.Graph {
	if x := gc.last.Load(); x != nil && x.m == m {
		return x.g
	}
	x := &mapGraph{m, cellgraph.FromMap(m)}
	gc.last.Store(x)
	return x.g
}

// Parts compiles body, the option of a move rule, to emit its option into
// the generator's list (engine.Gen.Parts); nil when it is not a sum of
// regions.
func (p *Options) Parts(body lang.Expr) func(fr *engine.Frame) {
	c := p.c
	var (
		comp  *lang.Comp
		fn    *engine.Func
		binds []compile.InlineBind
		pos   engine.Pos
	)
	switch e := body.(type) {
	case *lang.Comp:
		comp = e
	case *lang.Call:
		comp, fn, binds = c.Inl.InlineComp(e, lang.SumComp)
		pos = e.Pos
	}
	if comp == nil {
		return nil
	}
	sh, ok := p.match(comp)
	if !ok {
		return nil
	}
	bpos := lang.Start(body)
	var slow engine.EvalFn
	if fn != nil {
		slow = compile.Inlined(c, fn, func() engine.EvalFn { return c.Vals.Expr(comp) })
	} else {
		slow = c.Vals.Expr(comp)
	}
	run := func(fr *engine.Frame) bool {
		emit(fr, sh, slow, bpos)
		return true
	}
	if fn == nil {
		return func(fr *engine.Frame) { run(fr) }
	}
	// The last argument bound, when it is S and a set operation, is
	// built in a scratch: no value made.
	var build func(fr *engine.Frame, s *value.SetScratch)
	if n := len(binds); n > 0 {
		if arg, slot := binds[n-1].Arg(); slot == sh.slot {
			if build = p.bd.SetBuild(arg); build != nil {
				binds = binds[:n-1]
			}
		}
	}
	set := c.Inl.CompileBinds(binds)
	if build == nil {
		run = engine.InlineCallFn(set, pos, fn, run)
		return func(fr *engine.Frame) { run(fr) }
	}
	run = engine.InlineCallFn(nil, pos, fn, run)
	return func(fr *engine.Frame) {
		if set != nil {
			set(fr)
		}
		th, op := fr.Th, fr.Gen.Parts
		s := th.TakeSetScratch()
		build(fr, s)
		if op == nil || !s.Plain() || s.Class() != 1 {
			fr.Slots[sh.slot] = s.Value()
			th.GiveSetScratch(s)
			run(fr)
			return
		}
		op.Scr = s
		run(fr)
		op.Scr = nil
		th.GiveSetScratch(s)
	}
}

// match recognizes sum of G(canon(R)) for R in components(S), with
// components(S, ADJ) or G(R).
func (p *Options) match(e *lang.Comp) (shape, bool) {
	c := p.c
	if e.Kind != lang.SumComp || e.Key != nil || len(e.Clauses) != 1 {
		return shape{}, false
	}
	fc, ok := e.Clauses[0].(*lang.ForClause)
	if !ok || fc.Target.Tuple || len(fc.Target.Names) != 1 {
		return shape{}, false
	}
	src, ok := fc.Iter.(*lang.Call)
	if !ok || len(src.Args) > 2 || !isBuiltin(c, src, "components") {
		return shape{}, false
	}
	slot := c.LocalSlot(src.Args[0])
	if slot < 0 {
		return shape{}, false
	}
	sh := shape{slot: slot, ipos: lang.Start(fc.Iter)}
	if len(src.Args) == 2 {
		// ADJ a name, not S's: its value is there when S is built in a
		// scratch.
		id, ok := src.Args[1].(*lang.Ident)
		if !ok || c.LocalSlot(id) == slot {
			return shape{}, false
		}
		sh.adj, sh.graph = c.Vals.Expr(id), &graphOf{}
	}
	call, ok := e.Body.(*lang.Call)
	if !ok || len(call.Args) != 1 {
		return shape{}, false
	}
	if sh.game = c.GameCallee(call); sh.game == nil {
		return shape{}, false
	}
	arg := call.Args[0]
	if cn, ok := arg.(*lang.Call); ok && len(cn.Args) == 1 && isBuiltin(c, cn, "canon") {
		arg, sh.canon = cn.Args[0], true
	}
	r, ok := arg.(*lang.Ident)
	if !ok || r.Name != fc.Target.Names[0].Name {
		return shape{}, false
	}
	return sh, true
}

// isBuiltin reports whether e calls the built-in name.
func isBuiltin(c *compile.Compiler, e *lang.Call, name string) bool {
	bi := c.BuiltinCallee(e)
	return bi != nil && bi.BName == name
}

// emit adds the option to the generator's list: its parts, or its value
// (slow) where they cannot be listed.
func emit(fr *engine.Frame, sh shape, slow engine.EvalFn, bpos engine.Pos) {
	gn, g := fr.Gen, sh.game.Game
	op := gn.Parts
	w := scratchOf(fr.Th)
	var rows []uint64
	ok := false
	if op != nil && op.Scr != nil {
		rows, ok = op.Scr.Words(), true
		if g.NArgs != 1 || g.Check != nil {
			fr.Slots[sh.slot] = op.Scr.Value()
		}
	} else {
		rows, ok = value.CellRows(fr.Slots[sh.slot], w.buf[:0])
	}
	if !ok || op == nil || g.NArgs != 1 || g.Check != nil {
		gn.EmitVal(bpos, slow(fr))
		return
	}
	if sh.adj == nil {
		w.sp.Reset(rows)
	} else {
		adj := sh.adj(fr)
		if adj.K != value.KMap || !w.gs.Reset(sh.graph.of(adj.Map()), rows) {
			if op.Scr != nil {
				fr.Slots[sh.slot] = op.Scr.Value()
			}
			gn.EmitVal(bpos, slow(fr))
			return
		}
	}
	gn.E.Edges++
	op.Begin()
	for {
		var region []uint64
		if sh.adj == nil {
			region = w.sp.Next()
		} else {
			region = w.gs.Next()
		}
		if region == nil {
			op.Ended(fr)
			return
		}
		fr.Th.Tick(sh.ipos)
		if !sh.canon {
			op.Add(g, region)
			continue
		}
		b, _ := cellrows.Shape(region, &w.in)
		n := w.images.Least(&w.in, b, &w.img)
		op.Add(g, w.img[:n])
	}
}

// scratch is what emit works in, a thread's (emit does not nest: its
// loop over the regions runs nothing of the rule's), so that an option
// clears no arrays: the splitters, the rows of a set, of a region's
// shape and of its image, and the images of the shapes met.
type scratch struct {
	sp           cellrows.Splitter
	gs           cellgraph.Splitter
	buf, in, img [64]uint64
	images       cellrows.Images
}

// scratchOf is the scratch of thread th.
func scratchOf(th *engine.Thread) *scratch {
	if w, ok := th.Parts.(*scratch); ok {
		return w
	}
	w := &scratch{}
	th.Parts = w
	return w
}
