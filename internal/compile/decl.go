package compile

import (
	"fmt"
	"strings"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/kernel"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/solve"
	"github.com/grundy-lang/grundy/lang"
)

// CompileFile makes the defs and games of a resolved file (the cells of
// their declarations: end is the Site of the file's end), then compiles
// the statements in order.
func (c *Compiler) CompileFile(f *lang.File, end *resolve.Site) []ExecFn {
	c.end = end
	for _, st := range f.Stmts {
		var name *lang.Name
		var fill func(b *engine.Binding)
		switch d := st.(type) {
		case *lang.DefStmt:
			name = d.Name
			fn := &engine.Func{FName: d.Name.Name, Pos: d.Name.Pos, Decl: d}
			for _, p := range lang.ParamNames(d.Params) {
				fn.Params = append(fn.Params, p.Name)
			}
			fill = func(b *engine.Binding) { b.Fn = fn }
		case *lang.GameStmt:
			name = d.Name
			g := c.Env.Engine.NewGame(d.Name.Name, d.Name.Pos, len(lang.ParamNames(d.Params)))
			fill = func(b *engine.Binding) { b.Game = g }
		default:
			continue
		}
		if c.decls == nil {
			c.decls = map[lang.Stmt]*engine.Binding{}
		}
		d := resolve.NameDecl(name)
		if d == nil {
			c.decls[st] = nil // declared twice (reported): compile nothing for it
			continue
		}
		fill(d.B)
		c.decls[st] = d.B
	}
	var code []ExecFn
	for _, st := range f.Stmts {
		if e := c.Vals.stmt(st); e != nil {
			pos := st.Position()
			code = append(code, func(fr *engine.Frame) {
				fr.Th.Stmt = pos
				e(fr)
			})
		}
	}
	// Defs are explained once all are compiled: whether one is recursive
	// is known only then.
	for _, st := range f.Stmts {
		if d, ok := st.(*lang.DefStmt); ok {
			if b := c.decls[st]; b != nil && b.Kind == resolve.Def && b.Fn.Free != nil {
				c.explainDef(b.Fn, d)
			}
		}
	}
	return code
}

// CompileDef compiles the body of def fn, declared by d: for any
// arguments and, when it has parameters, for int arguments (its errors
// then dropped: the general body reports them).
func (c *Compiler) CompileDef(fn *engine.Func, d *lang.DefStmt) {
	// (The passes that fire in its body: for its explanation, made once
	// every def is compiled, explainDef.)
	saved, fired := c.explaining, &passes.Explanation{}
	c.explaining = fired
	defer func() {
		c.explaining = saved
		if c.defFired == nil {
			c.defFired = map[*engine.Func]passes.Pass{}
		}
		c.defFired[fn] = fired.Fired
		if c.defNotes == nil {
			c.defNotes = map[*engine.Func][]string{}
		}
		c.defNotes[fn] = fired.Notes
	}()
	fn.Cost = 2 + lang.Depth(d.Body)
	wrap := c.fast.DefGame(fn, d, fired)
	c.explaining = fired // (a hidden game's compile explains it)
	fn.Nslots = c.Function(lang.ParamNames(d.Params), false, func() {
		fn.Body = wrap(c.Vals.Expr(d.Body))
		resolve.RecordFree(fn, resolve.NameDecl(d.Name))
	})
	if len(lang.ParamNames(d.Params)) > 0 {
		n := len(c.Errs)
		fn.NslotsI = c.Function(lang.ParamNames(d.Params), true, func() {
			fn.BodyInt = wrap(c.Vals.Expr(d.Body))
		})
		c.Errs = c.Errs[:n]
	}
}

// CompileGame compiles a game's moves four times: option values (moves,
// winning, the loopy solver) and streamed SG values, each for any position
// and for positions whose arguments are all ints (packed keys), where the
// parameters are known to be ints. Without PassStream, the SG variants make
// each position an option names as a value and read its SG value from it.
func (c *Compiler) CompileGame(g *engine.Game, d *lang.GameStmt) {
	// (Last, once g's explanation is complete: the tuple parameters
	// flattened, package fastpath.)
	defer c.fast.Tuples(g, d)
	g.Decl = d
	g.SetPassed(resolve.PassedParams(d))
	g.Pure = c.PureRule(d)
	g.NoSums = !resolve.YieldsSums(d)
	g.Table.SetSparse(c.On(passes.Composite) && resolve.BitArgs(d))
	x := c.Env.ExplainOf("game", g.GName, d.Name.Pos)
	if g.Pure {
		defer func() {
			x.Notes = append(x.Notes, "its rule is pure: with cycles, the loopy solver lists options without computing them")
			if c.On(passes.LoopyOpen) {
				x.Fired |= passes.LoopyOpen
			}
		}()
	}
	g.Sweep, g.RowSweep, g.Rule = nil, nil, nil
	params := lang.ParamNames(d.Params)
	g.Explain, g.Probes, g.UserTried = x, nil, false
	if g.TupleOf == nil {
		x.Runtime = g.ArgNotes // (a hidden game's are its game's)
	}
	alts := func(sg, ints bool) func(fr *engine.Frame) {
		var gens []func(fr *engine.Frame)
		var probes []engine.ProbeFunc
		var planned []plannedAlt
		var sweeps []kernel.SweepAlt // the general sweep's alternatives
		var rows []kernel.RowAlt     // the row sweep's
		if sg && ints {
			c.explaining = x
			defer func() {
				if len(params) == 1 && len(probes) == len(planned) && g.Pure {
					g.Probes = probes
					c.note("its one int argument may be a heap: period, periodic and sg from %d on check whether its options follow a take-and-break rule", solve.UserAt)
				}
				c.explaining = nil
			}()
		}
		planned, reorders := c.planAlts(d, sg, ints, x)
		for _, pa := range planned {
			alt := pa.alt
			rejected := "" // why the alternative is not a fast loop
			if sg && ints {
				var fa FastAlt
				if fa, rejected = c.fast.Alt(alt); fa.Run != nil {
					if fa.Probe != nil {
						probes = append(probes, fa.Probe)
					}
					c.note("%s: %s", pa.label(), fa.Desc)
					c.Fired(passes.FastLoops)
					// (With the rule as written behind the negated
					// guard: the sweep leaves where it runs to it.)
					if len(params) == 1 && (len(planned) == 1 || len(planned) == 2 && !pa.written && planned[1].written) {
						g.Sweep = fa.Sweep
						if g.Sweep != nil {
							c.note("positions are computed in runs from 0 upwards (a sweep) when a deep chain is asked")
							c.Fired(passes.Sweep)
						}
					}
					gens = append(gens, fa.Run)
					sweeps = c.SG.bail(sweeps, pa) // (the general sweep's)
					if fa.Row != nil {
						rows = append(rows, fa.Row)
					}
					continue
				}
			}
			if sg && !ints {
				if run, why, fired := c.fast.Words(alt); run != nil {
					c.wordAlts++
					x.Notes, x.Fired = append(x.Notes, fmt.Sprintf("%s: %s", pa.label(), why)), x.Fired|fired
					gens = append(gens, run)
					continue
				}
			}
			outer, last := c.Vals.clausesLast(alt.Clauses)
			loops := outer
			if last != nil {
				loops = func(body func(fr *engine.Frame)) func(fr *engine.Frame) { return outer(last.step(body)) }
			}
			body := alt.Body
			if sg {
				if ints {
					if one := c.SG.sgCall1(body); one != nil {
						if p := c.fast.CallProbe(body, loops); p != nil {
							probes = append(probes, p)
						}
						if b := c.SG.sgBatch(body, last); b != nil {
							if sw := c.SG.sweepAlt(alt.Clauses, last); sw != nil {
								sweeps = append(sweeps, *sw)
							} else {
								sweeps = c.SG.bail(sweeps, pa)
							}
							c.note("%s: one position per option, looked up in the memo tables, its argument computed for up to %d values of the last for clause before their lookups%s; no fast loop: %s", pa.label(), batchLen, last.guardNote(), rejected)
							gens = append(gens, outer(b))
						} else {
							c.note("%s: one position per option, looked up in the memo tables%s; no fast loop: %s", pa.label(), last.guardNote(), rejected)
							gens = append(gens, loops(one))
							sweeps = c.SG.bail(sweeps, pa)
						}
						continue
					}
					c.note("%s: general path: %s", pa.label(), rejected)
					sweeps = c.SG.bail(sweeps, pa)
				}
				c.Built = ""
				sgBody := c.SG.SGExpr(body)
				if c.Built != "" && !ints {
					x.Add(fmt.Sprintf("%s: for positions whose arguments are not all ints, the option's %s in a scratch buffer and packed into its memo key (no value is made per move)", pa.label(), c.Built), true)
					x.Fired |= passes.Composite
				}
				if call, ok := body.(*lang.Call); ok && (ints || c.On(passes.Composite)) && c.GameCallee(call) != nil {
					if rw, ok := last.walk(); ok && !ints {
						if w, why := c.fast.Walk(call, rw); w != nil {
							x.Add(fmt.Sprintf("%s: %s", pa.label(), why), true)
							x.Fired |= passes.Walks
							gens = append(gens, outer(w))
							continue
						}
					}
					// One position per move: a missing one can be
					// resumed (gen.pend).
					gens = append(gens, loops(func(fr *engine.Frame) {
						gn := fr.Gen
						gn.Tracing = true
						v := sgBody(fr)
						gn.Tracing = false
						gn.EmitSG(v)
					}))
				} else {
					gens = append(gens, loops(func(fr *engine.Frame) { fr.Gen.EmitSG(sgBody(fr)) }))
				}
			} else {
				if c.parts {
					if pb := c.fast.Parts(body); pb != nil {
						c.partsUsed = true
						gens = append(gens, loops(pb))
						continue
					}
				}
				valBody := c.Vals.Expr(body)
				bpos := lang.Start(body)
				gens = append(gens, loops(func(fr *engine.Frame) { fr.Gen.EmitVal(bpos, valBody(fr)) }))
			}
		}
		if sg && ints {
			c.generalSweep(g, sweeps, len(planned), len(params), !reorders)
			c.rowSweep(g, rows, len(planned), len(params))
			return kernel.SeqSG(gens)
		}
		return kernel.Seq(gens)
	}
	c.CurGame = g
	defer func() { c.CurGame = nil }()
	g.Nslots = c.Function(params, false, func() {
		g.GenVal = alts(false, false)
		g.GenSG = alts(true, false)
		g.GenParts = c.partsGen(alts)
	})
	n := len(c.Errs)
	g.Nslots = max(g.Nslots, c.Function(params, true, func() {
		g.GenSGInt = alts(true, true)
		g.GenValInt = alts(false, true)
	}))
	c.Errs = c.Errs[:n]
	c.intElemsVariant(g, d, params, alts)
}

// partsGen is the rule compiled by alts for the pruned search's lists
// (engine.Game.GenParts), or nil when no alternative's option lists its
// parts (the errors it reports are GenVal's again: dropped).
func (c *Compiler) partsGen(alts func(sg, ints bool) func(fr *engine.Frame)) func(fr *engine.Frame) {
	if !c.On(passes.Pruned) || !c.On(passes.Composite) {
		return nil
	}
	n := len(c.Errs)
	c.parts, c.partsUsed = true, false
	gen := alts(false, false)
	c.parts, c.Errs = false, c.Errs[:n]
	if !c.partsUsed {
		return nil
	}
	return gen
}

// generalSweep makes g's sweep a general one (kernel.GeneralSweep) when
// it has none and each of its n alternatives is one of sweeps; lists:
// they yield the options in the order of the rule for values, and as
// many (engine.Game.RuleLists).
func (c *Compiler) generalSweep(g *engine.Game, sweeps []kernel.SweepAlt, n, params int, lists bool) {
	if g.Sweep != nil || params != 1 || len(sweeps) != n || n == 0 || sweeps[0].Bail || !c.On(passes.Sweep) {
		return
	}
	g.Sweep = kernel.GeneralSweep(sweeps, g.Pos, solve.UserAt)
	g.Rule, g.RuleLists = kernel.NewRule(sweeps), lists
	c.note("positions whose options are all known are computed in runs (a sweep: the options' keys of a few positions first, then their values) when a run of positions is asked or a deep chain is climbed")
	c.Fired(passes.Sweep)
}

// rowSweep makes g's sweep of rows (kernel.RowSweep) when it is a game of
// two ints and each of its n alternatives has a part of one in rows.
func (c *Compiler) rowSweep(g *engine.Game, rows []kernel.RowAlt, n, params int) {
	if params != 2 || len(rows) != n || n == 0 || !c.On(passes.Sweep) {
		return
	}
	g.RowSweep = kernel.RowSweep(rows, g.Pos)
	c.note("positions whose options are all known are computed row by row from the memo tables (a row sweep) when the search fills a box of positions bottom up")
	c.Fired(passes.Sweep)
}

// Explanations: what the compiler made of each game and def, for
// `grundy run --explain` and the REPL's :explain. A user whose game is
// slow starts there: each alternative of a move rule says whether it runs
// as a fast loop over the memo tables or on the general path, and why.
// The Session keeps them (Session.Explain); the compiler records them.

// Fired records that pass p changed the code of the declaration being
// compiled (see note).
func (c *Compiler) Fired(p passes.Pass) {
	if c.explaining != nil {
		c.explaining.Fired |= p
	}
}

// FiredIf is Fired when built: a compile function of a pass, which
// returns nil where the pass does not apply, defers it with f != nil.
func (c *Compiler) FiredIf(p passes.Pass, built bool) {
	if built {
		c.Fired(p)
	}
}

// note adds a line to the explanation of the declaration being compiled
// (nothing when none is, or when compiling a variant that is not
// explained).
func (c *Compiler) note(format string, args ...any) {
	if c.explaining != nil {
		c.explaining.Notes = append(c.explaining.Notes, fmt.Sprintf(format, args...))
	}
}

// altLabel names alternative i of a move rule for a note.
func altLabel(i int, alt *lang.Alt) string {
	return fmt.Sprintf("alternative %d (line %d)", i+1, alt.Pos.Line)
}

// Note adds the line n to the explanation of the declaration being
// compiled, once (the fast paths' notes).
func (c *Compiler) Note(n string) {
	if x := c.explaining; x != nil {
		x.Add(n, true)
	}
}

// explainDef records how calls of def fn are compiled.
func (c *Compiler) explainDef(fn *engine.Func, d *lang.DefStmt) {
	x := c.Env.ExplainOf("def", fn.FName, d.Name.Pos)
	x.Fired = c.defFired[fn]
	switch {
	case !c.On(passes.Inline):
		x.Notes = append(x.Notes, "called, not inlined (inlining is switched off)")
	case resolve.RecursiveNow(fn):
		x.Notes = append(x.Notes, "recursive: called, not inlined")
	case c.Arith.IntClosed(c.end, resolve.NameDecl(d.Name), 0):
		x.Notes = append(x.Notes, "int arithmetic: inlined as int code where it is called with int arguments")
	default:
		x.Notes = append(x.Notes, "inlined where it is called, when its body is small and its names mean the same there")
	}
	x.Notes = append(x.Notes, c.defNotes[fn]...)
}

// A game's rule that indexes a parameter (rows[i]) is compiled once more
// for positions where each such parameter holds a list or tuple of ints
// and the others ints (IntElems, IsInt): there rows[i] is int-typed, and
// so are elements, min and max and comparisons built of it (runs of
// elements in package vecint's lanes). The rule takes that variant or the
// general one as it runs (resolve.ElemsDispatch).

// intElemsVariant compiles g's rule for the search (alts(true, false))
// once more for positions whose arguments the rule indexes are lists or
// tuples of ints and the others ints, and makes g.GenSG choose.
func (c *Compiler) intElemsVariant(g *engine.Game, d *lang.GameStmt, params []*lang.Name, alts func(sg, ints bool) func(fr *engine.Frame)) {
	elems := resolve.IndexedParams(d, params)
	if !c.On(passes.IntElems) || g.GenSG == nil || elems == nil {
		return
	}
	x, n, reads, words := g.Explain, len(c.Errs), c.Arith.ElemReads, c.wordAlts
	notes, fired := x.Notes, x.Fired
	var gen func(fr *engine.Frame)
	c.explaining = x // (the passes that fire in it)
	g.Nslots = max(g.Nslots, c.FunctionElems(params, elems, func() { gen = alts(true, false) }))
	c.explaining, c.Errs, x.Notes = nil, c.Errs[:n], notes
	if c.Arith.ElemReads == reads || c.wordAlts-words == len(d.Alts) {
		x.Fired = fired // (no element read as an int, or all words: no gain)
		return
	}
	g.GenSG = resolve.ElemsDispatch(elems, gen, g.GenSG)
	var names []string
	for i, p := range params {
		if elems[i] {
			names = append(names, p.Name)
		}
	}
	x.Notes = append(x.Notes, fmt.Sprintf("for positions where %s holds a list or tuple of ints (and any other argument an int), the rule is compiled with its elements as ints", strings.Join(names, ", ")))
	x.Fired |= passes.IntElems
}
