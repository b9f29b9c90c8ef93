package eval

import (
	"fmt"
	"slices"
	"sort"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/operator"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/solve"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// sgFn evaluates a game expression to its SG value without building it.
type sgFn func(fr *engine.Frame) memo.Sgv

// execFn runs a statement.
type execFn func(fr *engine.Frame)

// The finite outcomes, made once.
var outcomeN, outcomeP, outcomeD = value.Str("N"), value.Str("P"), value.Str("D")

const (
	bGlobal engine.BindKind = iota
	bLocal
	bDef
	bGame
	bBuiltin
)

type scope struct {
	parent *scope
	names  map[string]*engine.Binding
}

func (s *scope) Lookup(name string) *engine.Binding {
	for ; s != nil; s = s.parent {
		if b, ok := s.names[name]; ok {
			return b
		}
	}
	return nil
}

// compiler resolves and compiles one file or REPL entry.
type compiler struct {
	bareEntry  *lang.Ident                  // the lone name of the REPL entry being compiled
	explaining *passes.Explanation          // the declaration whose notes are recorded
	defFired   map[*engine.Func]passes.Pass // the passes that fired in a def's body (explainDef)
	rejected   string                       // why the last fast path tried did not apply
	fastDesc   string                       // what the last fast loop compiled is
	built      string                       // the arguments the last sgComposite builds in scratch buffers (scratch.go)
	curGame    *engine.Game                 // the game whose move rule is being compiled
	s          *Session
	errs       lang.ErrorList
	scope      *scope
	inFunc     bool                          // compiling a def body or a game's moves
	nslots     int                           // slots of the function being compiled
	globals    int                           // global slots in use
	decls      map[lang.Stmt]*engine.Binding // each hoisted def and game's own binding
	// fileScope is the scope of the file or REPL entry being compiled
	// (what def bodies and move rules see besides their own names).
	fileScope *scope
	notInt    map[intKey]bool  // expressions known not to be int-typed
	inlining  []*engine.Func   // defs whose bodies are being inlined (inline.go)
	trace     []engine.Pos     // the calls of int-closed inlined bodies (intinline.go)
	sweep     engine.SweepFunc // of the last fast loop compiled (fastloop.go)
	probe     engine.ProbeFunc // of the last fast loop compiled (its runs for each value of the for clauses before its own)
	hidden    int              // hidden locals made for inlined arguments
	nodes     int              // expressions compiled (count)
}

// count counts an expression compiled and, every few thousand, checks the
// limits of the call that compiles (its context and its memory).
func (c *compiler) count(pos engine.Pos) {
	c.nodes++
	if c.nodes%4096 == 0 {
		if err := c.s.th.ParseCheck(pos, 0); err != nil {
			panic(err)
		}
	}
}

func (c *compiler) errorf(pos engine.Pos, format string, args ...any) {
	e := lang.Errorf(pos, format, args...)
	for _, old := range c.errs {
		if old.Pos == e.Pos && old.Msg == e.Msg {
			return // game moves are compiled twice
		}
	}
	c.errs = append(c.errs, e)
}

func (c *compiler) push() { c.scope = &scope{parent: c.scope, names: map[string]*engine.Binding{}} }
func (c *compiler) pop()  { c.scope = c.scope.parent }

// newVar binds name to a fresh slot in the innermost scope.
func (c *compiler) newVar(name string) *engine.Binding {
	var b *engine.Binding
	if c.inFunc {
		b = &engine.Binding{Kind: bLocal, Slot: c.nslots}
		c.nslots++
	} else {
		b = &engine.Binding{Kind: bGlobal, Slot: c.globals}
		c.globals++
	}
	c.scope.names[name] = b
	return b
}

// visibleNames lists the names a reference could mean (for suggestions).
func (c *compiler) visibleNames() []string {
	seen := map[string]bool{}
	for s := c.scope; s != nil; s = s.parent {
		for n := range s.names {
			if !hiddenName(n) {
				seen[n] = true
			}
		}
	}
	for _, b := range c.s.reg.Builtins() {
		seen[b.BName] = true
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func (c *compiler) resolve(id *lang.Ident) *engine.Binding {
	if b := c.scope.Lookup(id.Name); b != nil {
		return b
	}
	if bi := c.s.reg.Builtin(id.Name); bi != nil {
		return &engine.Binding{Kind: bBuiltin, Bi: bi}
	}
	msg := fmt.Sprintf("unknown name %q", id.Name)
	if later, ok := c.s.laterLets[id.Name]; ok && later.Offset > id.Pos.Offset {
		msg += fmt.Sprintf("; it is bound by a let at line %d, after this use", later.Line)
	} else if s := lang.Suggest(id.Name, c.visibleNames()); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	} else if s := lang.Suggest(id.Name, lang.StatementWords); s != "" && id == c.bareEntry && len(s) >= 4 {
		msg += fmt.Sprintf(" (did you mean the statement %q?)", s)
	}
	c.errorf(id.Pos, "%s", msg)
	return nil
}

// compileFile hoists declarations, then compiles the statements in order.
// repl selects REPL rules: a re-declaration replaces the old one.
func (c *compiler) compileFile(f *lang.File, repl bool) []execFn {
	c.fileScope = c.scope
	c.s.laterLets = map[string]engine.Pos{}
	for _, st := range f.Stmts {
		if l, ok := st.(*lang.LetStmt); ok {
			for _, n := range l.Pattern().Names {
				if _, seen := c.s.laterLets[n.Name]; !seen {
					c.s.laterLets[n.Name] = n.Pos
				}
			}
		}
	}
	// Hoist games and defs: visible in the whole file, in any order.
	declared := map[string]engine.Pos{}
	for _, st := range f.Stmts {
		var name *lang.Name
		var b *engine.Binding
		switch d := st.(type) {
		case *lang.DefStmt:
			name = d.Name
			fn := &engine.Func{FName: d.Name.Name, Pos: d.Name.Pos, Decl: d}
			for _, p := range lang.ParamNames(d.Params) {
				fn.Params = append(fn.Params, p.Name)
			}
			b = &engine.Binding{Kind: bDef, Fn: fn}
		case *lang.GameStmt:
			name = d.Name
			g := c.s.engine.NewGame(d.Name.Name, d.Name.Pos, len(lang.ParamNames(d.Params)))
			b = &engine.Binding{Kind: bGame, Game: g}
		default:
			continue
		}
		if c.decls == nil {
			c.decls = map[lang.Stmt]*engine.Binding{}
		}
		if prev, dup := declared[name.Name]; dup && !repl {
			c.errorf(name.Pos, "%q is already declared at line %d", name.Name, prev.Line)
			c.decls[st] = nil // reported: compile nothing for it
			continue
		}
		declared[name.Name] = name.Pos
		c.scope.names[name.Name] = b
		if c.decls == nil {
			c.decls = map[lang.Stmt]*engine.Binding{}
		}
		c.decls[st] = b
	}
	var code []execFn
	for _, st := range f.Stmts {
		if e := c.stmt(st); e != nil {
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
			if b := c.decls[st]; b != nil && b.Kind == bDef && b.Fn.Free != nil {
				c.explainDef(b.Fn, d)
			}
		}
	}
	return code
}

// explainDef records how calls of def fn are compiled.
func (c *compiler) explainDef(fn *engine.Func, d *lang.DefStmt) {
	x := c.s.explainOf("def", fn.FName, d.Name.Pos)
	x.Fired = c.defFired[fn]
	switch {
	case !c.on(passes.Inline):
		x.Notes = append(x.Notes, "called, not inlined (inlining is switched off)")
	case recursiveNow(fn):
		x.Notes = append(x.Notes, "recursive: called, not inlined")
	case c.intClosedDef(fn, 0):
		x.Notes = append(x.Notes, "int arithmetic: inlined as int code where it is called with int arguments")
	default:
		x.Notes = append(x.Notes, "inlined where it is called, when its body is small and its names mean the same there")
	}
}

func (c *compiler) stmts(list []lang.Stmt) []execFn {
	var code []execFn
	for _, st := range list {
		if e := c.stmt(st); e != nil {
			code = append(code, e)
		}
	}
	return code
}

func (c *compiler) stmt(st lang.Stmt) execFn {
	switch st := st.(type) {
	case *lang.LetStmt:
		val := c.expr(st.Value)
		if pat := st.Pattern(); pat.Tuple {
			bind := c.pattern(pat)
			return func(fr *engine.Frame) { bind(fr, val(fr)) }
		}
		isInt := c.intExpr(st.Value) != nil
		b := c.newVar(st.Pattern().Names[0].Name)
		b.IsInt = isInt // always an int once bound: int arithmetic in rules
		slot := b.Slot
		return func(fr *engine.Frame) { fr.Slots[slot] = val(fr) }
	case *lang.DefStmt:
		b, top := c.decls[st]
		if top && b == nil {
			return nil
		}
		if b == nil || b.Kind != bDef || b.Fn.Pos != st.Name.Pos {
			if c.scope.parent != nil || b == nil {
				c.errorf(st.Pos, "a def must be at the top level, not inside a for statement")
			}
			return nil
		}
		c.compileDef(b.Fn, st)
		return nil
	case *lang.GameStmt:
		b, top := c.decls[st]
		if top && b == nil {
			return nil
		}
		if b == nil || b.Kind != bGame || b.Game.Pos != st.Name.Pos {
			if c.scope.parent != nil || b == nil {
				c.errorf(st.Pos, "a game must be declared at the top level, not inside a for statement")
			}
			return nil
		}
		c.compileGame(b.Game, st)
		return nil
	case *lang.PrintStmt:
		args := make([]engine.EvalFn, len(st.Args))
		for i, a := range st.Args {
			args[i] = c.expr(a)
		}
		pos := st.Pos
		return func(fr *engine.Frame) {
			w := value.ValueWriter{Th: fr.Th, Pos: pos}
			for i, a := range args {
				if i > 0 {
					w.Str(" ")
				}
				w.Value(a(fr), false)
			}
			w.Str("\n")
			w.WriteTo(fr.Th)
		}
	case *lang.AssertStmt:
		cond := c.expr(st.Cond)
		var msg engine.EvalFn
		if st.Msg != nil {
			msg = c.expr(st.Msg)
		}
		pos, cpos := st.Pos, lang.Start(st.Cond)
		return func(fr *engine.Frame) {
			v := cond(fr)
			if v.K != value.KBool {
				value.Fail(cpos, "assert needs true or false, found %s %s", v.TypeName(), value.Shown(v))
			}
			if v.N == 0 {
				if msg != nil {
					value.Fail(pos, "assertion failed: %s", fr.Th.Format(pos, msg(fr), false))
				}
				value.Fail(pos, "assertion failed")
			}
		}
	case *lang.ForStmt:
		iter := c.expr(st.Iter)
		c.push()
		target := st.Target.(*lang.Pattern)
		bind := c.pattern(target)
		if r, ok := st.Iter.(*lang.Binary); ok && r.Op == lang.OpRange && !target.Tuple {
			c.scope.names[target.Names[0].Name].IsInt = true // a range binds ints
		}
		body := c.stmts(st.Body)
		c.pop()
		ipos := lang.Start(st.Iter)
		return func(fr *engine.Frame) {
			operator.Iterate(ipos, iter(fr), func(v value.Value) bool {
				fr.Th.Tick(ipos)
				bind(fr, v)
				for _, s := range body {
					s(fr)
				}
				return true
			})
		}
	case *lang.TableStmt:
		return c.tableStmt(st)
	case *lang.ExprStmt:
		// A REPL entry that is a lone name may be a misspelt statement
		// word (prnt 3 is two entries, prnt and 3).
		c.bareEntry, _ = st.X.(*lang.Ident)
		x := c.expr(st.X)
		c.bareEntry = nil
		return func(fr *engine.Frame) { fr.Th.ExprResult(x(fr)) }
	}
	panic(fmt.Sprintf("eval: unknown statement %T", st))
}

// pattern binds the names of a for target to fresh slots and returns the
// code that assigns a value to them.
func (c *compiler) pattern(p *lang.Pattern) func(fr *engine.Frame, v value.Value) {
	slots := make([]int, len(p.Names))
	for i, n := range p.Names {
		slots[i] = c.newVar(n.Name).Slot
	}
	if !p.Tuple {
		s := slots[0]
		return func(fr *engine.Frame, v value.Value) { fr.Slots[s] = v }
	}
	pos := p.Pos
	return func(fr *engine.Frame, v value.Value) {
		if v.K != value.KTuple && v.K != value.KList {
			value.Fail(pos, "cannot unpack %s %s into %d names", v.TypeName(), value.Shown(v), len(slots))
		}
		e := v.Elems()
		if len(e) != len(slots) {
			value.Fail(pos, "cannot unpack %s of %d elements into %d names", v.TypeName(), len(e), len(slots))
		}
		for i, s := range slots {
			fr.Slots[s] = e[i]
		}
	}
}

// function compiles a def body or game move rule in its own frame.
func (c *compiler) function(params []*lang.Name, intParams bool, f func()) int {
	saveScope, saveIn, saveN := c.scope, c.inFunc, c.nslots
	c.scope = &scope{parent: c.topScope(), names: map[string]*engine.Binding{}}
	c.inFunc, c.nslots = true, 0
	seen := map[string]bool{}
	for _, p := range params {
		if seen[p.Name] {
			c.errorf(p.Pos, "parameter %q appears twice", p.Name)
		}
		seen[p.Name] = true
		c.newVar(p.Name).IsInt = intParams
	}
	f()
	n := c.nslots
	c.scope, c.inFunc, c.nslots = saveScope, saveIn, saveN
	return n
}

// topScope is the file scope as seen from a declaration: the top-level
// lets so far plus all declarations (the outermost non-nil chain without
// for-body scopes).
func (c *compiler) topScope() *scope {
	if c.fileScope != nil {
		return c.fileScope
	}
	s := c.scope
	for s.parent != nil && s.parent.parent != nil {
		s = s.parent
	}
	return s
}

func (c *compiler) compileDef(fn *engine.Func, d *lang.DefStmt) {
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
	}()
	fn.Cost = 2 + lang.Depth(d.Body)
	fn.Nslots = c.function(lang.ParamNames(d.Params), false, func() {
		fn.Body = c.expr(d.Body)
		c.recordFree(fn, d.Body)
	})
	if len(lang.ParamNames(d.Params)) > 0 {
		n := len(c.errs)
		fn.NslotsI = c.function(lang.ParamNames(d.Params), true, func() {
			fn.BodyInt = c.expr(d.Body)
		})
		c.errs = c.errs[:n]
	}
}

// compileGame compiles a game's moves four times: option values (moves,
// winning, the loopy solver) and streamed SG values, each for any position
// and for positions whose arguments are all ints (packed keys), where the
// parameters are known to be ints. Without PassStream, the SG variants make
// each position an option names as a value and read its SG value from it.
func (c *compiler) compileGame(g *engine.Game, d *lang.GameStmt) {
	// (Last, once g's explanation is complete: tupleflat.go.)
	defer c.flattenTuples(g, d)
	g.Decl = d
	g.Pure = c.pureRule(d)
	x := c.s.explainOf("game", g.GName, d.Name.Pos)
	if g.Pure {
		defer func() {
			x.Notes = append(x.Notes, "its rule is pure: with cycles, the loopy solver lists options without computing them")
			if c.on(passes.LoopyOpen) {
				x.Fired |= passes.LoopyOpen
			}
		}()
	}
	g.Sweep = nil
	params := lang.ParamNames(d.Params)
	g.Explain, g.Probes, g.UserTried = x, nil, false
	alts := func(sg, ints bool) func(fr *engine.Frame) {
		var gens []func(fr *engine.Frame)
		var probes []engine.ProbeFunc
		if sg && ints {
			c.explaining = x
			defer func() {
				if len(params) == 1 && len(probes) == len(d.Alts) && g.Pure {
					g.Probes = probes
					c.note("its alternatives are loops over heaps of itself: period, periodic and a heap from %d on check whether it is a take-and-break game", solve.UserAt)
				}
				c.explaining = nil
			}()
		}
		for i, a := range d.Alts {
			alt := a.(*lang.Alt)
			if sg && ints {
				c.rejected = ""
				c.probe = nil
				if f := c.fastAlt(alt); f != nil {
					if c.probe != nil {
						probes = append(probes, c.probe)
					}
					c.note("%s: %s", altLabel(i, alt), c.fastDesc)
					c.fired(passes.FastLoops)
					if len(d.Alts) == 1 && len(params) == 1 {
						g.Sweep = c.sweep
						if g.Sweep != nil {
							c.note("positions are computed in runs from 0 upwards (a sweep) when a deep chain is asked")
							c.fired(passes.Sweep)
						}
					}
					gens = append(gens, f)
					continue
				}
			}
			c.push()
			loops := c.clauses(alt.Clauses)
			body := alt.Body
			if sg {
				if ints {
					if one := c.sgCall1(body); one != nil {
						if p := c.callProbe(body, loops); p != nil {
							probes = append(probes, p)
						}
						c.note("%s: one position per option, looked up in the memo tables; no fast loop: %s", altLabel(i, alt), c.rejected)
						gens = append(gens, loops(one))
						c.pop()
						continue
					}
					c.note("%s: general path: %s", altLabel(i, alt), c.rejected)
				}
				c.built = ""
				sgBody := c.sgExpr(body)
				if c.built != "" && !ints {
					x.Notes = append(x.Notes, fmt.Sprintf("%s: for positions whose arguments are not all ints, the option's %s in a scratch buffer and packed into its memo key (no value is made per move)", altLabel(i, alt), c.built))
					x.Fired |= passes.Composite
				}
				if call, ok := body.(*lang.Call); ok && (ints || c.on(passes.Composite)) && c.gameCallee(call) != nil {
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
				valBody := c.expr(body)
				bpos := lang.Start(body)
				gens = append(gens, loops(func(fr *engine.Frame) { fr.Gen.EmitVal(bpos, valBody(fr)) }))
			}
			c.pop()
		}
		if sg && ints {
			return seqGenSG(gens)
		}
		return seqGen(gens)
	}
	c.curGame = g
	defer func() { c.curGame = nil }()
	g.Nslots = c.function(params, false, func() {
		g.GenVal = alts(false, false)
		g.GenSG = alts(true, false)
	})
	n := len(c.errs)
	g.Nslots = max(g.Nslots, c.function(params, true, func() {
		g.GenSGInt = alts(true, true)
		g.GenValInt = alts(false, true)
	}))
	c.errs = c.errs[:n]
}

// seqGenSG is seqGen for the SG search with int parameters: it numbers
// the alternatives (gen.alt), and a resumed run starts at the one it
// stopped in (gen.skipAlt).
func seqGenSG(gens []func(fr *engine.Frame)) func(fr *engine.Frame) {
	if len(gens) == 1 {
		return gens[0]
	}
	return func(fr *engine.Frame) {
		gn := fr.Gen
		i := int32(0)
		if gn.Skip {
			i = gn.SkipAlt
		}
		for ; i < int32(len(gens)); i++ {
			gn.Alt = i
			gens[i](fr)
			if fr.Stop {
				return
			}
		}
	}
}

func seqGen(gens []func(fr *engine.Frame)) func(fr *engine.Frame) {
	if len(gens) == 1 {
		return gens[0]
	}
	return func(fr *engine.Frame) {
		for _, g := range gens {
			g(fr)
			if fr.Stop {
				return
			}
		}
	}
}

// clauses compiles comprehension clauses (binding their names in the
// current scope) and returns a function that wraps a body in the loops.
func (c *compiler) clauses(cls []lang.Clause) func(body func(fr *engine.Frame)) func(fr *engine.Frame) {
	type step func(inner func(fr *engine.Frame)) func(fr *engine.Frame)
	var steps []step
	for i := 0; i < len(cls); i++ {
		switch cl := cls[i].(type) {
		case *lang.IfClause:
			cond := c.cond(cl.Cond, "an if clause's condition")
			steps = append(steps, func(inner func(fr *engine.Frame)) func(fr *engine.Frame) {
				return func(fr *engine.Frame) {
					if cond(fr) {
						inner(fr)
					}
				}
			})
		case *lang.ForClause:
			var ifc *lang.IfClause
			if i+1 < len(cls) {
				ifc, _ = cls[i+1].(*lang.IfClause)
			}
			st, tookIf := c.forClause(cl, ifc)
			steps = append(steps, st)
			if tookIf {
				i++
			}
		}
	}
	return func(body func(fr *engine.Frame)) func(fr *engine.Frame) {
		f := body
		for i := len(steps) - 1; i >= 0; i-- {
			f = steps[i](f)
		}
		return f
	}
}

// forClause compiles a for clause. Over a range of one name, it takes in
// the if clause ifc that follows it, when there is one (tookIf): the loop
// then tests it itself, a call less per value.
func (c *compiler) forClause(cl *lang.ForClause, ifc *lang.IfClause) (step func(inner func(fr *engine.Frame)) func(fr *engine.Frame), tookIf bool) {
	ipos := lang.Start(cl.Iter)
	// A range iterates without building a list.
	if r, ok := cl.Iter.(*lang.Binary); ok && r.Op == lang.OpRange {
		lo, hi := c.rangeBounds(r)
		bind := c.pattern(cl.Target)
		slot := -1
		var cond boolFn
		if !cl.Target.Tuple {
			b := c.scope.names[cl.Target.Names[0].Name]
			b.IsInt = true
			slot = b.Slot
			if ifc != nil {
				cond = c.cond(ifc.Cond, "an if clause's condition")
			}
		}
		rpos := r.Pos
		return func(inner func(fr *engine.Frame)) func(fr *engine.Frame) {
			return func(fr *engine.Frame) {
				a, b := lo(fr), hi(fr)
				th := fr.Th
				for i := a; i <= b; i++ {
					th.Tick(rpos)
					if slot >= 0 {
						fr.Slots[slot] = value.Value{K: value.KInt, N: i}
					} else {
						bind(fr, value.Int(i))
					}
					if cond == nil || cond(fr) {
						inner(fr)
					}
					if fr.Stop || i == b {
						return
					}
				}
			}
		}, cond != nil
	}
	if step := c.forInts(cl); step != nil {
		return step, false
	}
	iter := c.expr(cl.Iter)
	bind := c.pattern(cl.Target)
	return func(inner func(fr *engine.Frame)) func(fr *engine.Frame) {
		return func(fr *engine.Frame) {
			v := iter(fr)
			switch v.K {
			case value.KList, value.KTuple, value.KSet:
				for _, e := range v.Elems() {
					fr.Th.Tick(ipos)
					bind(fr, e)
					inner(fr)
					if fr.Stop {
						return
					}
				}
			default:
				operator.Iterate(ipos, v, func(e value.Value) bool {
					bind(fr, e)
					inner(fr)
					return !fr.Stop
				})
			}
		}
	}, false
}

// forInts compiles `for x in f(ARGS)` for a built-in f with Ints (see
// Builtin): its ints go into a buffer of the thread's, and x is an int.
// nil for other clauses.
func (c *compiler) forInts(cl *lang.ForClause) func(inner func(fr *engine.Frame)) func(fr *engine.Frame) {
	call, ok := cl.Iter.(*lang.Call)
	if !c.on(passes.FastLoops) || !ok || cl.Target.Tuple || len(call.Args) > 2 {
		return nil
	}
	bi := c.calledBuiltin(call)
	if bi == nil || bi.Ints == nil || len(call.Args) < bi.MinArgs || bi.MaxArgs >= 0 && len(call.Args) > bi.MaxArgs {
		return nil
	}
	args := c.exprs(call.Args)
	pos, ipos := call.Pos, lang.Start(cl.Iter)
	argPos := make([]engine.Pos, len(call.Args))
	for i, a := range call.Args {
		argPos[i] = lang.Start(a)
	}
	c.pattern(cl.Target)
	b := c.scope.names[cl.Target.Names[0].Name]
	b.IsInt = true
	slot := b.Slot
	return func(inner func(fr *engine.Frame)) func(fr *engine.Frame) {
		return func(fr *engine.Frame) {
			th := fr.Th
			// The arguments and the call as the general way makes them.
			var a, b2 value.Value
			if len(args) > 0 {
				a = args[0](fr)
			}
			if len(args) > 1 {
				b2 = args[1](fr)
			}
			ca := th.GetCall(bi.BName, pos, argPos)
			ca.Buf = [2]value.Value{a, b2}
			th.Calls = append(th.Calls, pos)
			buf := th.IntsBuf()
			xs := bi.Ints(ca, ca.Buf[:len(args)], buf[:0])
			th.PutCall(ca)
			th.Calls = th.Calls[:len(th.Calls)-1]
			for _, x := range xs {
				th.Tick(ipos)
				fr.Slots[slot] = value.Value{K: value.KInt, N: x}
				inner(fr)
				if fr.Stop {
					break
				}
			}
			th.PutInts(xs)
		}
	}
}

// expr compiles an expression to a closure.
func (c *compiler) expr(e lang.Expr) engine.EvalFn {
	c.count(e.Position())
	switch e := e.(type) {
	case *lang.IntLit:
		v := value.Int(e.Val)
		return func(*engine.Frame) value.Value { return v }
	case *lang.StrLit:
		v := value.Str(e.Val)
		return func(*engine.Frame) value.Value { return v }
	case *lang.BoolLit:
		v := value.Bool(e.Val)
		return func(*engine.Frame) value.Value { return v }
	case *lang.Ident:
		return c.ident(e)
	case *lang.ListLit:
		elems := c.exprs(e.Elems)
		return func(fr *engine.Frame) value.Value { return value.List(evalAll(fr, elems)) }
	case *lang.TupleLit:
		elems := c.exprs(e.Elems)
		return func(fr *engine.Frame) value.Value { return value.Tuple(evalAll(fr, elems)) }
	case *lang.SetLit:
		elems := c.exprs(e.Elems)
		pos := e.Pos
		return func(fr *engine.Frame) value.Value { return engine.BuildSet(fr.Th, pos, evalAll(fr, elems)) }
	case *lang.MapLit:
		keys, vals := c.exprs(e.Keys), c.exprs(e.Vals)
		pos := e.Pos
		return func(fr *engine.Frame) value.Value {
			return engine.BuildMap(fr.Th, pos, evalAll(fr, keys), evalAll(fr, vals))
		}
	case *lang.Comp:
		return c.comp(e)
	case *lang.SumOf:
		items := c.exprs(e.Items)
		poss := make([]engine.Pos, len(e.Items))
		for i, it := range e.Items {
			poss[i] = lang.Start(it)
		}
		return func(fr *engine.Frame) value.Value {
			vs := evalAll(fr, items)
			for i, v := range vs {
				if !v.IsGame() {
					value.Fail(poss[i], "sum of needs games, found %s %s", v.TypeName(), value.Shown(v))
				}
			}
			return value.SumOf(vs)
		}
	case *lang.IfExpr:
		if f := c.intExpr(e); f != nil {
			return func(fr *engine.Frame) value.Value { return value.Value{K: value.KInt, N: f(fr)} }
		}
		cond, a, b := c.cond(e.Cond, "the condition of if"), c.expr(e.Then), c.expr(e.Else)
		return func(fr *engine.Frame) value.Value {
			if cond(fr) {
				return a(fr)
			}
			return b(fr)
		}
	case *lang.Unary:
		x := c.expr(e.X)
		pos := e.Pos
		if f := operator.Unary[e.Op]; f != nil {
			return func(fr *engine.Frame) value.Value { return f(pos, x(fr)) }
		}
		// not
		cond := c.condAt(e.X, "the operand of not", pos)
		return func(fr *engine.Frame) value.Value { return value.Bool(!cond(fr)) }
	case *lang.Binary:
		return c.binary(e)
	case *lang.Chain:
		return c.chain(e)
	case *lang.Call:
		return c.call(e)
	case *lang.Index:
		pos := e.Pos
		if s := c.localSlot(e.X); s >= 0 && c.on(passes.Composite) {
			if fi := c.intExpr(e.Index); fi != nil {
				// An element of a local list or tuple.
				io := c.iopnd(e.Index, fi)
				return func(fr *engine.Frame) value.Value {
					v, i := fr.Slots[s], io.get(fr)
					if v.K == value.KList || v.K == value.KTuple {
						if el := v.Ref.(*value.Seq).Elems; uint64(i) < uint64(len(el)) {
							return el[i]
						}
					}
					return operator.Index(pos, v, value.Int(i))
				}
			}
		}
		x, i := c.expr(e.X), c.expr(e.Index)
		return func(fr *engine.Frame) value.Value { return operator.Index(pos, x(fr), i(fr)) }
	case *lang.Slice:
		x, lo, hi := c.expr(e.X), c.optExpr(e.Lo), c.optExpr(e.Hi)
		pos := e.Pos
		return func(fr *engine.Frame) value.Value { return operator.Slice(pos, x(fr), lo(fr), hi(fr)) }
	case *argExpr:
		return outside(c, e, c.expr)
	}
	panic(fmt.Sprintf("eval: unknown expression %T", e))
}

// optExpr compiles an optional expression: nil evaluates to none.
func (c *compiler) optExpr(e lang.Expr) engine.EvalFn {
	if e == nil {
		return func(*engine.Frame) value.Value { return value.None }
	}
	return c.expr(e)
}

func (c *compiler) exprs(es []lang.Expr) []engine.EvalFn {
	out := make([]engine.EvalFn, len(es))
	for i, e := range es {
		out[i] = c.expr(e)
	}
	return out
}

func evalAll(fr *engine.Frame, fs []engine.EvalFn) []value.Value {
	vs := make([]value.Value, len(fs))
	for i, f := range fs {
		vs[i] = f(fr)
	}
	return vs
}

func (c *compiler) ident(e *lang.Ident) engine.EvalFn {
	b := c.resolve(e)
	if b == nil {
		return func(*engine.Frame) value.Value { return value.None }
	}
	switch b.Kind {
	case bLocal:
		s := b.Slot
		return func(fr *engine.Frame) value.Value { return fr.Slots[s] }
	case bGlobal:
		s := b.Slot
		name, pos := e.Name, e.Pos
		if c.inFunc {
			return func(fr *engine.Frame) value.Value {
				v := fr.Th.Globals[s]
				if v.K == value.KNone {
					value.Fail(pos, "%q is used before its let statement has run", name)
				}
				return v
			}
		}
		return func(fr *engine.Frame) value.Value { return fr.Slots[s] }
	case bDef:
		return func(*engine.Frame) value.Value { return value.FuncValue(b.Fn) }
	case bGame:
		return func(*engine.Frame) value.Value { return value.FuncValue(b.Game) }
	default:
		v := value.FuncValue(b.Bi)
		return func(*engine.Frame) value.Value { return v }
	}
}

func (c *compiler) binary(e *lang.Binary) engine.EvalFn {
	pos := e.Pos
	if f := c.intExpr(e); f != nil {
		return func(fr *engine.Frame) value.Value { return value.Value{K: value.KInt, N: f(fr)} }
	}
	switch e.Op {
	case lang.OpAnd, lang.OpOr, lang.OpEq, lang.OpNe, lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
		if e.Op == lang.OpAnd || e.Op == lang.OpOr || c.intCompare(e) != nil {
			cond := c.cond(e, "")
			return func(fr *engine.Frame) value.Value { return value.Bool(cond(fr)) }
		}
	}
	switch e.Op {
	case lang.OpIn:
		x := c.expr(e.X)
		if r, ok := e.Y.(*lang.Binary); ok && r.Op == lang.OpRange {
			lo, hi := c.expr(r.X), c.expr(r.Y)
			rpos := r.Pos
			return func(fr *engine.Frame) value.Value {
				v, a, b := x(fr), lo(fr), hi(fr)
				if a.K != value.KInt || b.K != value.KInt {
					operator.TypeErr(rpos, lang.OpRange, a, b)
				}
				return value.Bool(v.K == value.KInt && a.N <= v.N && v.N <= b.N)
			}
		}
		if f := c.inSet(e, false); f != nil {
			return func(fr *engine.Frame) value.Value { return value.Bool(f(fr)) }
		}
		y := c.expr(e.Y)
		return func(fr *engine.Frame) value.Value { return value.Bool(operator.In(pos, x(fr), y(fr))) }
	case lang.OpNotIn:
		if f := c.inSet(e, true); f != nil {
			return func(fr *engine.Frame) value.Value { return value.Bool(f(fr)) }
		}
		x, y := c.expr(e.X), c.expr(e.Y)
		return func(fr *engine.Frame) value.Value { return value.Bool(!operator.In(pos, x(fr), y(fr))) }
	}
	x, y := c.expr(e.X), c.expr(e.Y)
	switch e.Op {
	case lang.OpAdd:
		return func(fr *engine.Frame) value.Value {
			a, b := x(fr), y(fr)
			if a.K == value.KInt && b.K == value.KInt {
				if s, ok := operator.AddOK(a.N, b.N); ok {
					return value.Int(s)
				}
			}
			return operator.Add(fr.Th, pos, a, b)
		}
	case lang.OpSub:
		return func(fr *engine.Frame) value.Value {
			a, b := x(fr), y(fr)
			if a.K == value.KInt && b.K == value.KInt {
				if s, ok := operator.SubOK(a.N, b.N); ok {
					return value.Int(s)
				}
			}
			return operator.Sub(pos, a, b)
		}
	case lang.OpEq:
		return func(fr *engine.Frame) value.Value {
			a, b := x(fr), y(fr)
			if a.K == value.KInt && b.K == value.KInt {
				return value.Bool(a.N == b.N)
			}
			return value.Bool(value.Equal(a, b))
		}
	case lang.OpNe:
		return func(fr *engine.Frame) value.Value {
			a, b := x(fr), y(fr)
			if a.K == value.KInt && b.K == value.KInt {
				return value.Bool(a.N != b.N)
			}
			return value.Bool(!value.Equal(a, b))
		}
	case lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
		op := e.Op
		return func(fr *engine.Frame) value.Value {
			a, b := x(fr), y(fr)
			if a.K == value.KInt && b.K == value.KInt {
				switch op {
				case lang.OpLt:
					return value.Bool(a.N < b.N)
				case lang.OpLe:
					return value.Bool(a.N <= b.N)
				case lang.OpGt:
					return value.Bool(a.N > b.N)
				}
				return value.Bool(a.N >= b.N)
			}
			return value.Bool(operator.Compare(pos, op, a, b))
		}
	}
	f, op := operator.Binary[e.Op], e.Op
	if f == nil {
		panic("eval: unknown operator " + op.String())
	}
	return func(fr *engine.Frame) value.Value { return f(fr.Th, pos, op, x(fr), y(fr)) }
}

// comp compiles list, set, map and sum comprehensions.
func (c *compiler) comp(e *lang.Comp) engine.EvalFn {
	c.push()
	defer c.pop()
	loops := c.clauses(e.Clauses)
	body := c.expr(e.Body)
	bpos := lang.Start(e.Body)
	var key engine.EvalFn
	if e.Key != nil {
		key = c.expr(e.Key)
	}
	kind := e.Kind
	return func(fr *engine.Frame) value.Value {
		var out, keys []value.Value
		// A sum of compact positions of one game keeps their keys only
		// (Sum).
		packed := kind == lang.SumComp
		var pg *engine.Game
		var pkeys []uint64
		run := loops(func(fr *engine.Frame) {
			if key != nil {
				keys = append(engine.RoomFor(fr.Th, bpos, keys), key(fr))
			}
			v := body(fr)
			if kind == lang.SumComp && !v.IsGame() {
				value.Fail(bpos, "sum of needs games, found %s %s", v.TypeName(), value.Shown(v))
			}
			if packed {
				if g, ok := v.Ref.(*engine.Game); ok && v.K == value.KPos && (pg == nil || pg == g) {
					pg = g
					pkeys = append(engine.Grown(fr.Th, bpos, pkeys, 1), uint64(v.N))
					return
				}
				packed = false
				out = engine.RoomForN(fr.Th, bpos, out, len(pkeys))
				for _, k := range pkeys {
					out = append(out, pg.PackedPosition(k))
				}
				pkeys = nil
			}
			out = append(engine.RoomFor(fr.Th, bpos, out), v)
		})
		stop := fr.Stop
		fr.Stop = false
		run(fr)
		fr.Stop = stop
		switch kind {
		case lang.ListComp:
			return value.List(out)
		case lang.SetComp:
			return engine.BuildSet(fr.Th, bpos, out)
		case lang.MapComp:
			return engine.BuildMap(fr.Th, bpos, keys, out)
		}
		if packed && len(pkeys) > 1 {
			return value.Value{K: value.KSum, Ref: &value.Sum{Game: pg, Keys: slices.Clip(pkeys)}}
		}
		if packed && len(pkeys) == 1 {
			return pg.PackedPosition(pkeys[0])
		}
		return value.SumOf(out)
	}
}

// call compiles a call: to a declared game (a position), a def, a built-in,
// or a function value.
func (c *compiler) call(e *lang.Call) engine.EvalFn {
	pos := e.Pos
	argPos := make([]engine.Pos, len(e.Args))
	for i, a := range e.Args {
		argPos[i] = lang.Start(a)
	}
	if id, ok := e.Fn.(*lang.Ident); ok {
		b := c.resolve(id)
		if b == nil {
			c.exprs(e.Args)
			return func(*engine.Frame) value.Value { return value.None }
		}
		switch b.Kind {
		case bGame:
			g := b.Game
			if len(e.Args) != g.NArgs {
				c.errorf(pos, "game %s takes %d argument%s, but %d %s given", g.GName, g.NArgs, value.Plural(g.NArgs), len(e.Args), value.WasWere(len(e.Args)))
			}
			args := c.exprs(e.Args)
			// b.game is read at run time: a REPL re-declaration replaces it.
			return func(fr *engine.Frame) value.Value {
				g := b.Game
				if len(args) != g.NArgs {
					value.Fail(pos, "game %s now takes %d argument%s, but %d %s given", g.GName, g.NArgs, value.Plural(g.NArgs), len(args), value.WasWere(len(args)))
				}
				if len(args) <= 3 && g.Check == nil {
					// Arguments that pack make a compact position: no
					// allocation.
					var buf [3]value.Value
					a := buf[:len(args)]
					for i, f := range args {
						a[i] = f(fr)
					}
					if r, ok := g.Packed(a); ok {
						return g.PackedPosition(r)
					}
					return g.PositionValue(slices.Clone(a))
				}
				a := evalAll(fr, args)
				g.CheckArity(pos, a)
				return g.PositionValue(a)
			}
		case bDef:
			if sub, fn, binds := c.inlineCall(e); sub != nil {
				set := c.compileBinds(binds)
				f := inlined(c, fn, func() engine.EvalFn { return c.expr(sub) })
				return inlineCallFn(set, pos, fn, f)
			}
			fn := b.Fn
			if len(e.Args) != len(fn.Params) {
				c.errorf(pos, "%s takes %d argument%s, but %d %s given", fn.FName, len(fn.Params), value.Plural(len(fn.Params)), len(e.Args), value.WasWere(len(e.Args)))
			}
			args := c.exprs(e.Args)
			return func(fr *engine.Frame) value.Value {
				fn := b.Fn
				if len(args) != len(fn.Params) {
					value.Fail(pos, "%s now takes %d argument%s, but %d %s given", fn.FName, len(fn.Params), value.Plural(len(fn.Params)), len(args), value.WasWere(len(args)))
				}
				return callDef(fr, pos, fn, args)
			}
		case bBuiltin:
			bi := b.Bi
			if len(e.Args) < bi.MinArgs || bi.MaxArgs >= 0 && len(e.Args) > bi.MaxArgs {
				c.errorf(pos, "%s takes %s, but %d %s given", bi.BName, engine.ArgCount(bi), len(e.Args), value.WasWere(len(e.Args)))
			}
			if len(e.Args) == 1 && bi.Fold != nil {
				if comp, ok := e.Args[0].(*lang.Comp); ok && comp.Kind == lang.ListComp {
					return c.foldCall(bi, comp, pos, argPos)
				}
			}
			if bi.SGArgs && len(e.Args) == 1 && c.isGameExpr(e.Args[0]) {
				sg := c.sgExpr(e.Args[0])
				isSG, isOutcome := bi.Query == engine.QuerySG, bi.Query == engine.QueryOutcome
				var probe func(fr *engine.Frame) (memo.Sgv, bool)
				if isSG || isOutcome {
					probe = c.sgProbe(e.Args[0])
				}
				return func(fr *engine.Frame) value.Value {
					if probe != nil {
						// Finished positions only: no search, no error.
						if v, ok := probe(fr); ok {
							if r, ok := quickSG(fr.Th.Engine, v, isSG); ok {
								return r
							}
						}
					}
					// The argument is evaluated first (its positions
					// recorded, not computed), then its positions are
					// computed in the order met, from this call (th.Calls),
					// and it is evaluated again with their values known:
					// the errors and their traces are those of the
					// argument made as a value and then asked for its SG
					// value. Inside a move rule too, sg asks for a value
					// now.
					th := fr.Th
					g, col := fr.Gen, th.Collect
					mark := col.Collecting()
					fr.Gen = col
					v := sg(fr)
					th.Calls = append(th.Calls, pos)
					for again := false; col.Solve(mark); again = true {
						if again {
							// (Still missing: computed as met.)
							fr.Gen = th.Direct
						}
						v = sg(fr)
					}
					fr.Gen = g
					if isSG || isOutcome {
						// The common cases, without a call.
						if r, ok := quickSG(th.Engine, v, isSG); ok {
							th.Calls = th.Calls[:len(th.Calls)-1]
							return r
						}
					}
					call := th.GetCall(bi.BName, pos, argPos)
					call.Buf[0] = th.Engine.StandIn(v)
					r := bi.Fn(call, call.Buf[:1])
					th.PutCall(call)
					th.Calls = th.Calls[:len(th.Calls)-1]
					return r
				}
			}
			if f := c.quickCall(bi, e, pos, argPos); f != nil {
				return f
			}
			args := c.exprs(e.Args)
			return func(fr *engine.Frame) value.Value {
				th := fr.Th
				var vs []value.Value
				var call *engine.Call
				if len(args) <= 2 {
					var a, b value.Value
					if len(args) > 0 {
						a = args[0](fr)
					}
					if len(args) > 1 {
						b = args[1](fr)
					}
					call = th.GetCall(bi.BName, pos, argPos)
					call.Buf = [2]value.Value{a, b}
					vs = call.Buf[:len(args)]
				} else {
					vs = evalAll(fr, args)
					call = th.GetCall(bi.BName, pos, argPos)
				}
				th.Calls = append(th.Calls, pos)
				r := bi.Fn(call, vs)
				th.PutCall(call)
				th.Calls = th.Calls[:len(th.Calls)-1]
				return r
			}
		}
	}
	fn := c.expr(e.Fn)
	args := c.exprs(e.Args)
	return func(fr *engine.Frame) value.Value {
		return engine.CallValue(fr, pos, argPos, fn(fr), evalAll(fr, args))
	}
}

// quickCall compiles a call of a built-in with Quick1 or Quick2 (see
// Builtin): nil when it has neither for the number of arguments.
func (c *compiler) quickCall(bi *engine.Builtin, e *lang.Call, pos engine.Pos, argPos []engine.Pos) (f engine.EvalFn) {
	if !c.on(passes.Composite) {
		return nil
	}
	defer func() {
		if f != nil {
			c.fired(passes.Composite)
		}
	}()
	switch {
	case len(e.Args) == 1 && bi.Quick1 != nil:
		x := c.expr(e.Args[0])
		return func(fr *engine.Frame) value.Value {
			a := x(fr)
			if r, ok := bi.Quick1(a); ok {
				return r
			}
			return callBuiltin2(fr, bi, pos, argPos, a, value.None, 1)
		}
	case len(e.Args) == 2 && bi.Quick2 != nil:
		x, y := c.expr(e.Args[0]), c.expr(e.Args[1])
		return func(fr *engine.Frame) value.Value {
			a, b := x(fr), y(fr)
			if r, ok := bi.Quick2(a, b); ok {
				return r
			}
			return callBuiltin2(fr, bi, pos, argPos, a, b, 2)
		}
	}
	return nil
}

// quickSG is what sg (isSG) or outcome returns for a game of value v,
// when that needs no call of the built-in: a finite value, an outcome.
func quickSG(e *engine.Engine, v memo.Sgv, isSG bool) (value.Value, bool) {
	switch {
	case isSG:
		return value.Value{K: value.KInt, N: int64(v)}, v >= 0
	case v == memo.SgMissing:
		return value.Value{}, false
	case v == 0:
		return outcomeP, true
	case v > 0 || e.Outcome(v) == "N":
		return outcomeN, true
	}
	return outcomeD, true
}

// foldCall streams the elements of a list comprehension into a built-in's
// Fold (len, min, max of [E for ...] build no list).
func (c *compiler) foldCall(bi *engine.Builtin, comp *lang.Comp, pos engine.Pos, argPos []engine.Pos) engine.EvalFn {
	slow := c.foldCallGeneric(bi, comp, pos, argPos)
	if f := c.fastFold(bi, comp, slow, pos, argPos); f != nil {
		return f
	}
	return slow
}

func (c *compiler) foldCallGeneric(bi *engine.Builtin, comp *lang.Comp, pos engine.Pos, argPos []engine.Pos) engine.EvalFn {
	c.push()
	defer c.pop()
	loops := c.clauses(comp.Clauses)
	body := c.expr(comp.Body)
	// Counting elements that cannot fail to evaluate: count them only.
	countOnly := false
	if bi.Count {
		switch b := comp.Body.(type) {
		case *lang.IntLit, *lang.StrLit, *lang.BoolLit:
			countOnly = true
		case *lang.Ident:
			countOnly = c.localSlot(b) >= 0 || c.scope.Lookup(b.Name) != nil && c.scope.Lookup(b.Name).Kind == bGlobal && !c.inFunc
		}
	}
	return func(fr *engine.Frame) value.Value {
		call := &engine.Call{Th: fr.Th, Name: bi.BName, Pos: pos, Args: argPos}
		var acc value.Value
		n := 0
		if countOnly {
			stop := fr.Stop
			fr.Stop = false
			loops(func(*engine.Frame) { n++ })(fr)
			fr.Stop = stop
			if n == 0 {
				return bi.Fn(call, []value.Value{value.List(nil)})
			}
			return value.Int(int64(n))
		}
		run := loops(func(fr *engine.Frame) {
			x := body(fr)
			if bi.Count {
				n++
				return
			}
			if bi.IntFold != 0 && x.K == value.KInt && n > 0 && acc.K == value.KInt {
				if bi.IntFold > 0 && x.N > acc.N || bi.IntFold < 0 && x.N < acc.N {
					acc = x
				}
			} else {
				acc = bi.Fold(call, acc, x, n)
			}
			n++
		})
		stop := fr.Stop
		fr.Stop = false
		run(fr)
		fr.Stop = stop
		if n == 0 {
			return bi.Fn(call, []value.Value{value.List(nil)})
		}
		if bi.Count {
			return value.Int(int64(n))
		}
		return acc
	}
}

// isGameExpr reports whether e is syntactically a game expression whose SG
// value can be streamed (a sum, a nimber, copies, a game position call).
func (c *compiler) isGameExpr(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.Call:
		if c.gameCallee(e) != nil {
			return true
		}
		// A def that inlines here (sgExpr inlines it the same way) whose
		// body is one.
		sub, fn, _ := c.inlineCall(e)
		return sub != nil && inlined(c, fn, func() bool { return c.isGameExpr(sub) })
	case *lang.SumOf:
		return true
	case *lang.Comp:
		return e.Kind == lang.SumComp
	case *lang.Unary:
		return e.Op == lang.OpNimber
	case *lang.Binary:
		return (e.Op == lang.OpAdd || e.Op == lang.OpMul) && (c.isGameExpr(e.X) || c.isGameExpr(e.Y))
	}
	return false
}

func callDef(fr *engine.Frame, pos engine.Pos, fn *engine.Func, args []engine.EvalFn) value.Value {
	th := fr.Th
	nf := th.NewFrame(max(fn.Nslots, fn.NslotsI))
	allInt := fn.BodyInt != nil
	for i, a := range args {
		v := a(fr)
		nf.Slots[i] = v
		allInt = allInt && v.K == value.KInt
	}
	return th.Invoke(nf, pos, fn, allInt)
}
