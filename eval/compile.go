package eval

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/grundy-lang/grundy/lang"
)

// evalFn evaluates an expression in a frame.
type evalFn func(fr *frame) Value

// sgFn evaluates a game expression to its SG value without building it.
type sgFn func(fr *frame) sgv

// execFn runs a statement.
type execFn func(fr *frame)

// The finite outcomes, made once.
var outcomeN, outcomeP, outcomeD = Str("N"), Str("P"), Str("D")

// Builtin is a function implemented in Go. Package stdlib registers them.
type Builtin struct {
	BName   string
	Doc     string // one line: arguments, result, errors
	MinArgs int
	MaxArgs int // -1: any number
	// SGArgs: only the SG value of the (single) game argument matters, so
	// the compiler may pass a nimber or an infinite-value stand-in computed
	// by streaming instead of building the game (sg, outcome).
	SGArgs bool
	// Query says that the result of a call with one game argument is
	// that game's SG value (sg) or its outcome (outcome): a known value
	// answers the call without it, and a comparison of the call with an
	// int or an outcome string reads the memo table.
	Query Query
	// Pure says the built-in computes its result from its arguments
	// alone: it asks for no value of a game and runs no other code. The
	// passes read it (a rule that calls only pure built-ins may have its
	// options listed without computing them, for the loopy solver).
	Pure bool
	// IntRange says that with one or two int arguments the built-in is
	// the list of the ints A (0 with one) to B - 1, an error past
	// 10,000,000 of them (range): a for clause over it may run as a loop
	// over A .. B - 1 without making the list.
	IntRange bool
	// Sorts says that with one argument the result is the list of the
	// argument's elements in ascending order, when they are ints
	// (sorted): a list of ints built in a scratch buffer is sorted there.
	Sorts bool
	// Updates says that with three arguments X, I, V, the result is a
	// copy of the list or tuple X with its element I replaced by V when I
	// is an int from 0 to len(X) - 1 (update): done in a scratch buffer.
	Updates bool
	Fn      func(c *Call, args []Value) Value
	// Fold, when set, lets a call whose single argument is a list
	// comprehension stream the elements instead of building the list:
	// acc is the result so far, x the n-th element (from 0). With no
	// elements, Fn is called with the empty list.
	Fold func(c *Call, acc, x Value, n int) Value
	// IntFold, +1 or -1, says that Fold keeps the larger (smaller) of an
	// int result so far and an int element: the compiler then compares
	// ints without calling it.
	IntFold int
	// Count says that Fold is the number of elements.
	Count bool
	// Ints, when set, is Fn for a call whose result, a list of ints, only
	// a for clause iterates (for t in divisors(n)): it appends the
	// elements to buf and returns it, raising Fn's errors. The clause
	// reuses buf: no list is made.
	Ints func(c *Call, args []Value, buf []int64) []int64
	// Quick1 and Quick2, when set, compute the result of a call with one
	// (two) arguments for the common arguments, where Fn would give it
	// and raise no error, without a Call; false sends the call to Fn.
	Quick1 func(a Value) (Value, bool)
	Quick2 func(a, b Value) (Value, bool)
	// IntResult says that the result is always an int: a call is then
	// int arithmetic to the compiler (see intcompile.go).
	IntResult bool
}

// Query is what a built-in's result says of its game argument.
type Query uint8

// The queries.
const (
	QueryNone    Query = iota
	QuerySG            // the SG value, an int (sg)
	QueryOutcome       // the outcome, "N", "P" or "D" (outcome)
)

// Call is what a built-in sees of its call: the thread and the position.
type Call struct {
	Th   *Thread
	Name string // the built-in's name
	Pos  Pos
	Args []Pos // positions of the arguments
	buf  [2]Value
}

// getCall takes a Call from the thread's pool (calls nest LIFO).
func (th *Thread) getCall(name string, pos Pos, argPos []Pos) *Call {
	c := pooled(&th.cpool, &th.csp)
	*c = Call{Th: th, Name: name, Pos: pos, Args: argPos}
	return c
}

// pooled takes the next object of a pool used last in, first out (*sp
// of them are taken), making one when all are taken.
func pooled[T any](pool *[]*T, sp *int) *T {
	var x *T
	if *sp < len(*pool) {
		x = (*pool)[*sp]
	} else {
		x = new(T)
		*pool = append(*pool, x)
	}
	*sp++
	return x
}

func (th *Thread) putCall(c *Call) {
	if th.csp > 0 && th.cpool[th.csp-1] == c {
		th.csp--
	}
}

// Fail raises a runtime error at the call.
func (c *Call) Fail(format string, args ...any) { fail(c.Pos, format, args...) }

// ArgFail raises a runtime error about argument i (at the call, which is
// what runtime errors point at).
func (c *Call) ArgFail(i int, format string, args ...any) { fail(c.Pos, format, args...) }

// Tick counts a step of a long-running built-in, so that it can be
// cancelled.
func (c *Call) Tick() {
	if c.Th.ctx != nil {
		c.Th.poll(c.Pos)
	}
}

func (b *Builtin) Name() string     { return b.BName }
func (b *Builtin) kindName() string { return "built-in" }

var builtins = map[string]*Builtin{}

// Register adds a built-in; it panics on a duplicate name (a programming
// error in package stdlib).
func Register(b *Builtin) {
	if _, dup := builtins[b.BName]; dup {
		panic("eval: duplicate built-in " + b.BName)
	}
	builtins[b.BName] = b
}

// Builtins returns the registered built-ins sorted by name.
func Builtins() []*Builtin {
	out := make([]*Builtin, 0, len(builtins))
	for _, b := range builtins {
		out = append(out, b)
	}
	slices.SortFunc(out, func(a, b *Builtin) int { return strings.Compare(a.BName, b.BName) })
	return out
}

// Func is a compiled def.
type Func struct {
	name    string
	pos     Pos
	params  []string
	nslots  int
	body    evalFn
	bodyInt evalFn // the body compiled for int arguments
	nslotsI int
	// For inlining (inline.go): the declaration, the bindings of its
	// body's free names, and whether it may call itself.
	decl      *lang.DefStmt
	free      map[string]*binding
	recursive bool
	// recursiveKnown: recursive was computed with every def on the way
	// compiled (see recursiveNow).
	recursiveKnown bool
	// cost is what a call of the def counts toward the stack budget
	// (limits.go): the nesting of its body, and its own frames.
	cost int
}

func (f *Func) Name() string     { return f.name }
func (f *Func) kindName() string { return "function" }

type bindKind uint8

const (
	bGlobal bindKind = iota
	bLocal
	bDef
	bGame
	bBuiltin
)

type binding struct {
	kind  bindKind
	slot  int
	isInt bool // the slot always holds an int (see intcompile.go)
	fn    *Func
	game  *Game
	bi    *Builtin
}

type scope struct {
	parent *scope
	names  map[string]*binding
}

func (s *scope) lookup(name string) *binding {
	for ; s != nil; s = s.parent {
		if b, ok := s.names[name]; ok {
			return b
		}
	}
	return nil
}

// compiler resolves and compiles one file or REPL entry.
type compiler struct {
	bareEntry  *lang.Ident  // the lone name of the REPL entry being compiled
	explaining *Explanation // the declaration whose notes are recorded
	rejected   string       // why the last fast path tried did not apply
	fastDesc   string       // what the last fast loop compiled is
	built      string       // the arguments the last sgComposite builds in scratch buffers (scratch.go)
	curGame    *Game        // the game whose move rule is being compiled
	s          *Session
	errs       lang.ErrorList
	scope      *scope
	inFunc     bool                   // compiling a def body or a game's moves
	nslots     int                    // slots of the function being compiled
	globals    int                    // global slots in use
	decls      map[lang.Stmt]*binding // each hoisted def and game's own binding
	// fileScope is the scope of the file or REPL entry being compiled
	// (what def bodies and move rules see besides their own names).
	fileScope *scope
	notInt    map[intKey]bool // expressions known not to be int-typed
	inlining  []*Func         // defs whose bodies are being inlined (inline.go)
	trace     []Pos           // the calls of int-closed inlined bodies (intinline.go)
	sweep     sweepFunc       // of the last fast loop compiled (fastloop.go)
	probe     probeFunc       // of the last fast loop compiled (its runs for each value of the for clauses before its own)
	hidden    int             // hidden locals made for inlined arguments
	nodes     int             // expressions compiled (count)
}

// count counts an expression compiled and, every few thousand, checks the
// limits of the call that compiles (its context and its memory).
func (c *compiler) count(pos Pos) {
	c.nodes++
	if c.nodes%4096 == 0 {
		if err := c.s.th.parseCheck(pos, 0); err != nil {
			panic(err)
		}
	}
}

func (c *compiler) errorf(pos Pos, format string, args ...any) {
	e := lang.Errorf(pos, format, args...)
	for _, old := range c.errs {
		if old.Pos == e.Pos && old.Msg == e.Msg {
			return // game moves are compiled twice
		}
	}
	c.errs = append(c.errs, e)
}

func (c *compiler) push() { c.scope = &scope{parent: c.scope, names: map[string]*binding{}} }
func (c *compiler) pop()  { c.scope = c.scope.parent }

// newVar binds name to a fresh slot in the innermost scope.
func (c *compiler) newVar(name string) *binding {
	var b *binding
	if c.inFunc {
		b = &binding{kind: bLocal, slot: c.nslots}
		c.nslots++
	} else {
		b = &binding{kind: bGlobal, slot: c.globals}
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
	for n := range builtins {
		seen[n] = true
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func (c *compiler) resolve(id *lang.Ident) *binding {
	if b := c.scope.lookup(id.Name); b != nil {
		return b
	}
	if bi, ok := builtins[id.Name]; ok {
		return &binding{kind: bBuiltin, bi: bi}
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
	c.s.laterLets = map[string]Pos{}
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
	declared := map[string]Pos{}
	for _, st := range f.Stmts {
		var name *lang.Name
		var b *binding
		switch d := st.(type) {
		case *lang.DefStmt:
			name = d.Name
			fn := &Func{name: d.Name.Name, pos: d.Name.Pos, decl: d}
			for _, p := range lang.ParamNames(d.Params) {
				fn.params = append(fn.params, p.Name)
			}
			b = &binding{kind: bDef, fn: fn}
		case *lang.GameStmt:
			name = d.Name
			g := c.s.engine.newGame(d.Name.Name, d.Name.Pos, len(lang.ParamNames(d.Params)))
			b = &binding{kind: bGame, game: g}
		default:
			continue
		}
		if c.decls == nil {
			c.decls = map[lang.Stmt]*binding{}
		}
		if prev, dup := declared[name.Name]; dup && !repl {
			c.errorf(name.Pos, "%q is already declared at line %d", name.Name, prev.Line)
			c.decls[st] = nil // reported: compile nothing for it
			continue
		}
		declared[name.Name] = name.Pos
		c.scope.names[name.Name] = b
		if c.decls == nil {
			c.decls = map[lang.Stmt]*binding{}
		}
		c.decls[st] = b
	}
	var code []execFn
	for _, st := range f.Stmts {
		if e := c.stmt(st); e != nil {
			pos := stmtPos(st)
			code = append(code, func(fr *frame) {
				fr.th.stmt = pos
				e(fr)
			})
		}
	}
	// Defs are explained once all are compiled: whether one is recursive
	// is known only then.
	for _, st := range f.Stmts {
		if d, ok := st.(*lang.DefStmt); ok {
			if b := c.decls[st]; b != nil && b.kind == bDef && b.fn.free != nil {
				c.explainDef(b.fn, d)
			}
		}
	}
	return code
}

// explainDef records how calls of def fn are compiled.
func (c *compiler) explainDef(fn *Func, d *lang.DefStmt) {
	x := c.s.explainOf("def", fn.name, d.Name.Pos)
	switch {
	case !c.on(PassInline):
		x.Notes = append(x.Notes, "called, not inlined (inlining is switched off)")
	case recursiveNow(fn):
		x.Notes = append(x.Notes, "recursive: called, not inlined")
	case c.intClosedDef(fn, 0):
		x.Notes = append(x.Notes, "int arithmetic: inlined as int code where it is called with int arguments")
	default:
		x.Notes = append(x.Notes, "inlined where it is called, when its body is small and its names mean the same there")
	}
}

// stmtPos is where a statement starts.
func stmtPos(st lang.Stmt) Pos {
	switch st := st.(type) {
	case *lang.LetStmt:
		return st.Pos
	case *lang.DefStmt:
		return st.Pos
	case *lang.GameStmt:
		return st.Pos
	case *lang.PrintStmt:
		return st.Pos
	case *lang.AssertStmt:
		return st.Pos
	case *lang.ForStmt:
		return st.Pos
	case *lang.TableStmt:
		return st.Pos
	case *lang.ExprStmt:
		return st.Pos
	}
	return Pos{}
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
			return func(fr *frame) { bind(fr, val(fr)) }
		}
		isInt := c.intExpr(st.Value) != nil
		b := c.newVar(st.Pattern().Names[0].Name)
		b.isInt = isInt // always an int once bound: int arithmetic in rules
		slot := b.slot
		return func(fr *frame) { fr.slots[slot] = val(fr) }
	case *lang.DefStmt:
		b, top := c.decls[st]
		if top && b == nil {
			return nil
		}
		if b == nil || b.kind != bDef || b.fn.pos != st.Name.Pos {
			if c.scope.parent != nil || b == nil {
				c.errorf(st.Pos, "a def must be at the top level, not inside a for statement")
			}
			return nil
		}
		c.compileDef(b.fn, st)
		return nil
	case *lang.GameStmt:
		b, top := c.decls[st]
		if top && b == nil {
			return nil
		}
		if b == nil || b.kind != bGame || b.game.pos != st.Name.Pos {
			if c.scope.parent != nil || b == nil {
				c.errorf(st.Pos, "a game must be declared at the top level, not inside a for statement")
			}
			return nil
		}
		c.compileGame(b.game, st)
		return nil
	case *lang.PrintStmt:
		args := make([]evalFn, len(st.Args))
		for i, a := range st.Args {
			args[i] = c.expr(a)
		}
		pos := st.Pos
		return func(fr *frame) {
			w := valueWriter{th: fr.th, pos: pos}
			for i, a := range args {
				if i > 0 {
					w.str(" ")
				}
				w.value(a(fr), false)
			}
			w.str("\n")
			fr.th.write(w.b.String())
		}
	case *lang.AssertStmt:
		cond := c.expr(st.Cond)
		var msg evalFn
		if st.Msg != nil {
			msg = c.expr(st.Msg)
		}
		pos, cpos := st.Pos, lang.Start(st.Cond)
		return func(fr *frame) {
			v := cond(fr)
			if v.k != KBool {
				fail(cpos, "assert needs true or false, found %s %s", v.TypeName(), Shown(v))
			}
			if v.n == 0 {
				if msg != nil {
					fail(pos, "assertion failed: %s", fr.th.format(pos, msg(fr), false))
				}
				fail(pos, "assertion failed")
			}
		}
	case *lang.ForStmt:
		iter := c.expr(st.Iter)
		c.push()
		target := st.Target.(*lang.Pattern)
		bind := c.pattern(target)
		if r, ok := st.Iter.(*lang.Binary); ok && r.Op == lang.OpRange && !target.Tuple {
			c.scope.names[target.Names[0].Name].isInt = true // a range binds ints
		}
		body := c.stmts(st.Body)
		c.pop()
		ipos := lang.Start(st.Iter)
		return func(fr *frame) {
			iterate(ipos, iter(fr), func(v Value) bool {
				fr.th.tick(ipos)
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
		return func(fr *frame) { fr.th.exprResult(x(fr)) }
	}
	panic(fmt.Sprintf("eval: unknown statement %T", st))
}

// pattern binds the names of a for target to fresh slots and returns the
// code that assigns a value to them.
func (c *compiler) pattern(p *lang.Pattern) func(fr *frame, v Value) {
	slots := make([]int, len(p.Names))
	for i, n := range p.Names {
		slots[i] = c.newVar(n.Name).slot
	}
	if !p.Tuple {
		s := slots[0]
		return func(fr *frame, v Value) { fr.slots[s] = v }
	}
	pos := p.Pos
	return func(fr *frame, v Value) {
		if v.k != KTuple && v.k != KList {
			fail(pos, "cannot unpack %s %s into %d names", v.TypeName(), Shown(v), len(slots))
		}
		e := v.Elems()
		if len(e) != len(slots) {
			fail(pos, "cannot unpack %s of %d elements into %d names", v.TypeName(), len(e), len(slots))
		}
		for i, s := range slots {
			fr.slots[s] = e[i]
		}
	}
}

// function compiles a def body or game move rule in its own frame.
func (c *compiler) function(params []*lang.Name, intParams bool, f func()) int {
	saveScope, saveIn, saveN := c.scope, c.inFunc, c.nslots
	c.scope = &scope{parent: c.topScope(), names: map[string]*binding{}}
	c.inFunc, c.nslots = true, 0
	seen := map[string]bool{}
	for _, p := range params {
		if seen[p.Name] {
			c.errorf(p.Pos, "parameter %q appears twice", p.Name)
		}
		seen[p.Name] = true
		c.newVar(p.Name).isInt = intParams
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

func (c *compiler) compileDef(fn *Func, d *lang.DefStmt) {
	fn.cost = 2 + lang.Depth(d.Body)
	fn.nslots = c.function(lang.ParamNames(d.Params), false, func() {
		fn.body = c.expr(d.Body)
		c.recordFree(fn, d.Body)
	})
	if len(lang.ParamNames(d.Params)) > 0 {
		n := len(c.errs)
		fn.nslotsI = c.function(lang.ParamNames(d.Params), true, func() {
			fn.bodyInt = c.expr(d.Body)
		})
		c.errs = c.errs[:n]
	}
}

// compileGame compiles a game's moves four times: option values (moves,
// winning, the loopy solver) and streamed SG values, each for any position
// and for positions whose arguments are all ints (packed keys), where the
// parameters are known to be ints.
func (c *compiler) compileGame(g *Game, d *lang.GameStmt) {
	// (Last, once g's explanation is complete: tupleflat.go.)
	defer c.flattenTuples(g, d)
	g.decl = d
	g.pure = c.pureRule(d)
	x := c.s.explainOf("game", g.name, d.Name.Pos)
	if g.pure {
		defer func() {
			x.Notes = append(x.Notes, "its rule is pure: with cycles, the loopy solver lists options without computing them")
		}()
	}
	g.sweep = nil
	params := lang.ParamNames(d.Params)
	g.explain, g.probes, g.userTried = x, nil, false
	alts := func(sg, ints bool) func(fr *frame) {
		var gens []func(fr *frame)
		var probes []probeFunc
		if sg && ints {
			c.explaining = x
			defer func() {
				if len(params) == 1 && len(probes) == len(d.Alts) && g.pure {
					g.probes = probes
					c.note("its alternatives are loops over heaps of itself: period, periodic and a heap from %d on check whether it is a take-and-break game", userAt)
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
					if len(d.Alts) == 1 && len(params) == 1 {
						g.sweep = c.sweep
						if g.sweep != nil {
							c.note("positions are computed in runs from 0 upwards (a sweep) when a deep chain is asked")
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
				}
				if call, ok := body.(*lang.Call); ok && (ints || c.on(PassComposite)) && c.gameCallee(call) != nil {
					// One position per move: a missing one can be
					// resumed (gen.pend).
					gens = append(gens, loops(func(fr *frame) {
						gn := fr.gen
						gn.tracing = true
						v := sgBody(fr)
						gn.tracing = false
						gn.emitSG(v)
					}))
				} else {
					gens = append(gens, loops(func(fr *frame) { fr.gen.emitSG(sgBody(fr)) }))
				}
			} else {
				valBody := c.expr(body)
				bpos := lang.Start(body)
				gens = append(gens, loops(func(fr *frame) { fr.gen.emitVal(bpos, valBody(fr)) }))
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
	g.nslots = c.function(params, false, func() {
		g.genVal = alts(false, false)
		g.genSG = alts(true, false)
	})
	n := len(c.errs)
	g.nslots = max(g.nslots, c.function(params, true, func() {
		g.genSGInt = alts(true, true)
		g.genValInt = alts(false, true)
	}))
	c.errs = c.errs[:n]
}

// seqGenSG is seqGen for the SG search with int parameters: it numbers
// the alternatives (gen.alt), and a resumed run starts at the one it
// stopped in (gen.skipAlt).
func seqGenSG(gens []func(fr *frame)) func(fr *frame) {
	if len(gens) == 1 {
		return gens[0]
	}
	return func(fr *frame) {
		gn := fr.gen
		i := int32(0)
		if gn.skip {
			i = gn.skipAlt
		}
		for ; i < int32(len(gens)); i++ {
			gn.alt = i
			gens[i](fr)
			if fr.stop {
				return
			}
		}
	}
}

func seqGen(gens []func(fr *frame)) func(fr *frame) {
	if len(gens) == 1 {
		return gens[0]
	}
	return func(fr *frame) {
		for _, g := range gens {
			g(fr)
			if fr.stop {
				return
			}
		}
	}
}

// clauses compiles comprehension clauses (binding their names in the
// current scope) and returns a function that wraps a body in the loops.
func (c *compiler) clauses(cls []lang.Clause) func(body func(fr *frame)) func(fr *frame) {
	type step func(inner func(fr *frame)) func(fr *frame)
	var steps []step
	for i := 0; i < len(cls); i++ {
		switch cl := cls[i].(type) {
		case *lang.IfClause:
			cond := c.cond(cl.Cond, "an if clause's condition")
			steps = append(steps, func(inner func(fr *frame)) func(fr *frame) {
				return func(fr *frame) {
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
	return func(body func(fr *frame)) func(fr *frame) {
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
func (c *compiler) forClause(cl *lang.ForClause, ifc *lang.IfClause) (step func(inner func(fr *frame)) func(fr *frame), tookIf bool) {
	ipos := lang.Start(cl.Iter)
	// A range iterates without building a list.
	if r, ok := cl.Iter.(*lang.Binary); ok && r.Op == lang.OpRange {
		lo, hi := c.rangeBounds(r)
		bind := c.pattern(cl.Target)
		slot := -1
		var cond boolFn
		if !cl.Target.Tuple {
			b := c.scope.names[cl.Target.Names[0].Name]
			b.isInt = true
			slot = b.slot
			if ifc != nil {
				cond = c.cond(ifc.Cond, "an if clause's condition")
			}
		}
		rpos := r.Pos
		return func(inner func(fr *frame)) func(fr *frame) {
			return func(fr *frame) {
				a, b := lo(fr), hi(fr)
				th := fr.th
				for i := a; i <= b; i++ {
					th.tick(rpos)
					if slot >= 0 {
						fr.slots[slot] = Value{k: KInt, n: i}
					} else {
						bind(fr, Int(i))
					}
					if cond == nil || cond(fr) {
						inner(fr)
					}
					if fr.stop || i == b {
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
	return func(inner func(fr *frame)) func(fr *frame) {
		return func(fr *frame) {
			v := iter(fr)
			switch v.k {
			case KList, KTuple, KSet:
				for _, e := range v.Elems() {
					fr.th.tick(ipos)
					bind(fr, e)
					inner(fr)
					if fr.stop {
						return
					}
				}
			default:
				iterate(ipos, v, func(e Value) bool {
					bind(fr, e)
					inner(fr)
					return !fr.stop
				})
			}
		}
	}, false
}

// forInts compiles `for x in f(ARGS)` for a built-in f with Ints (see
// Builtin): its ints go into a buffer of the thread's, and x is an int.
// nil for other clauses.
func (c *compiler) forInts(cl *lang.ForClause) func(inner func(fr *frame)) func(fr *frame) {
	call, ok := cl.Iter.(*lang.Call)
	if !c.on(PassFastLoops) || !ok || cl.Target.Tuple || len(call.Args) > 2 {
		return nil
	}
	id, ok := call.Fn.(*lang.Ident)
	if !ok || c.scope.lookup(id.Name) != nil {
		return nil
	}
	bi := builtins[id.Name]
	if bi == nil || bi.Ints == nil || len(call.Args) < bi.MinArgs || bi.MaxArgs >= 0 && len(call.Args) > bi.MaxArgs {
		return nil
	}
	args := c.exprs(call.Args)
	pos, ipos := call.Pos, lang.Start(cl.Iter)
	argPos := make([]Pos, len(call.Args))
	for i, a := range call.Args {
		argPos[i] = lang.Start(a)
	}
	c.pattern(cl.Target)
	b := c.scope.names[cl.Target.Names[0].Name]
	b.isInt = true
	slot := b.slot
	return func(inner func(fr *frame)) func(fr *frame) {
		return func(fr *frame) {
			th := fr.th
			// The arguments and the call as the general way makes them.
			var a, b2 Value
			if len(args) > 0 {
				a = args[0](fr)
			}
			if len(args) > 1 {
				b2 = args[1](fr)
			}
			ca := th.getCall(bi.BName, pos, argPos)
			ca.buf = [2]Value{a, b2}
			th.calls = append(th.calls, pos)
			buf := th.intsBuf()
			xs := bi.Ints(ca, ca.buf[:len(args)], buf[:0])
			th.putCall(ca)
			th.calls = th.calls[:len(th.calls)-1]
			for _, x := range xs {
				th.tick(ipos)
				fr.slots[slot] = Value{k: KInt, n: x}
				inner(fr)
				if fr.stop {
					break
				}
			}
			th.putInts(xs)
		}
	}
}

// intsBuf returns a buffer for forInts, putInts gives it back (last out,
// first in; one a run left by an error is not used again until the next
// statement).
func (th *Thread) intsBuf() []int64 {
	if th.isp == len(th.ipool) {
		th.ipool = append(th.ipool, nil)
	}
	th.isp++
	return th.ipool[th.isp-1]
}

func (th *Thread) putInts(buf []int64) {
	th.isp--
	th.ipool[th.isp] = buf
}

// expr compiles an expression to a closure.
func (c *compiler) expr(e lang.Expr) evalFn {
	c.count(e.Position())
	switch e := e.(type) {
	case *lang.IntLit:
		v := Int(e.Val)
		return func(*frame) Value { return v }
	case *lang.StrLit:
		v := Str(e.Val)
		return func(*frame) Value { return v }
	case *lang.BoolLit:
		v := Bool(e.Val)
		return func(*frame) Value { return v }
	case *lang.Ident:
		return c.ident(e)
	case *lang.ListLit:
		elems := c.exprs(e.Elems)
		return func(fr *frame) Value { return List(evalAll(fr, elems)) }
	case *lang.TupleLit:
		elems := c.exprs(e.Elems)
		return func(fr *frame) Value { return Tuple(evalAll(fr, elems)) }
	case *lang.SetLit:
		elems := c.exprs(e.Elems)
		pos := e.Pos
		return func(fr *frame) Value { return setOf(fr.th, pos, evalAll(fr, elems)) }
	case *lang.MapLit:
		keys, vals := c.exprs(e.Keys), c.exprs(e.Vals)
		pos := e.Pos
		return func(fr *frame) Value { return mapOf(fr.th, pos, evalAll(fr, keys), evalAll(fr, vals)) }
	case *lang.Comp:
		return c.comp(e)
	case *lang.SumOf:
		items := c.exprs(e.Items)
		poss := make([]Pos, len(e.Items))
		for i, it := range e.Items {
			poss[i] = lang.Start(it)
		}
		return func(fr *frame) Value {
			vs := evalAll(fr, items)
			for i, v := range vs {
				if !v.IsGame() {
					fail(poss[i], "sum of needs games, found %s %s", v.TypeName(), Shown(v))
				}
			}
			return SumOf(vs)
		}
	case *lang.IfExpr:
		if f := c.intExpr(e); f != nil {
			return func(fr *frame) Value { return Value{k: KInt, n: f(fr)} }
		}
		cond, a, b := c.cond(e.Cond, "the condition of if"), c.expr(e.Then), c.expr(e.Else)
		return func(fr *frame) Value {
			if cond(fr) {
				return a(fr)
			}
			return b(fr)
		}
	case *lang.Unary:
		x := c.expr(e.X)
		pos := e.Pos
		if f := unaryOps[e.Op]; f != nil {
			return func(fr *frame) Value { return f(pos, x(fr)) }
		}
		// not
		cond := c.condAt(e.X, "the operand of not", pos)
		return func(fr *frame) Value { return Bool(!cond(fr)) }
	case *lang.Binary:
		return c.binary(e)
	case *lang.Chain:
		return c.chain(e)
	case *lang.Call:
		return c.call(e)
	case *lang.Index:
		pos := e.Pos
		if s := c.localSlot(e.X); s >= 0 && c.on(PassComposite) {
			if fi := c.intExpr(e.Index); fi != nil {
				// An element of a local list or tuple.
				io := c.iopnd(e.Index, fi)
				return func(fr *frame) Value {
					v, i := fr.slots[s], io.get(fr)
					if v.k == KList || v.k == KTuple {
						if el := v.ref.(*Seq).Elems; uint64(i) < uint64(len(el)) {
							return el[i]
						}
					}
					return opIndex(pos, v, Int(i))
				}
			}
		}
		x, i := c.expr(e.X), c.expr(e.Index)
		return func(fr *frame) Value { return opIndex(pos, x(fr), i(fr)) }
	case *lang.Slice:
		x, lo, hi := c.expr(e.X), c.optExpr(e.Lo), c.optExpr(e.Hi)
		pos := e.Pos
		return func(fr *frame) Value { return opSlice(pos, x(fr), lo(fr), hi(fr)) }
	case *argExpr:
		return outside(c, e, c.expr)
	}
	panic(fmt.Sprintf("eval: unknown expression %T", e))
}

// optExpr compiles an optional expression: nil evaluates to none.
func (c *compiler) optExpr(e lang.Expr) evalFn {
	if e == nil {
		return func(*frame) Value { return None }
	}
	return c.expr(e)
}

func (c *compiler) exprs(es []lang.Expr) []evalFn {
	out := make([]evalFn, len(es))
	for i, e := range es {
		out[i] = c.expr(e)
	}
	return out
}

func evalAll(fr *frame, fs []evalFn) []Value {
	vs := make([]Value, len(fs))
	for i, f := range fs {
		vs[i] = f(fr)
	}
	return vs
}

func (c *compiler) ident(e *lang.Ident) evalFn {
	b := c.resolve(e)
	if b == nil {
		return func(*frame) Value { return None }
	}
	switch b.kind {
	case bLocal:
		s := b.slot
		return func(fr *frame) Value { return fr.slots[s] }
	case bGlobal:
		s := b.slot
		name, pos := e.Name, e.Pos
		if c.inFunc {
			return func(fr *frame) Value {
				v := fr.th.globals[s]
				if v.k == KNone {
					fail(pos, "%q is used before its let statement has run", name)
				}
				return v
			}
		}
		return func(fr *frame) Value { return fr.slots[s] }
	case bDef:
		return func(*frame) Value { return FuncValue(b.fn) }
	case bGame:
		return func(*frame) Value { return FuncValue(b.game) }
	default:
		v := FuncValue(b.bi)
		return func(*frame) Value { return v }
	}
}

func (c *compiler) binary(e *lang.Binary) evalFn {
	pos := e.Pos
	if f := c.intExpr(e); f != nil {
		return func(fr *frame) Value { return Value{k: KInt, n: f(fr)} }
	}
	switch e.Op {
	case lang.OpAnd, lang.OpOr, lang.OpEq, lang.OpNe, lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
		if e.Op == lang.OpAnd || e.Op == lang.OpOr || c.intCompare(e) != nil {
			cond := c.cond(e, "")
			return func(fr *frame) Value { return Bool(cond(fr)) }
		}
	}
	switch e.Op {
	case lang.OpIn:
		x := c.expr(e.X)
		if r, ok := e.Y.(*lang.Binary); ok && r.Op == lang.OpRange {
			lo, hi := c.expr(r.X), c.expr(r.Y)
			rpos := r.Pos
			return func(fr *frame) Value {
				v, a, b := x(fr), lo(fr), hi(fr)
				if a.k != KInt || b.k != KInt {
					typeErr(rpos, lang.OpRange, a, b)
				}
				return Bool(v.k == KInt && a.n <= v.n && v.n <= b.n)
			}
		}
		if f := c.inSet(e, false); f != nil {
			return func(fr *frame) Value { return Bool(f(fr)) }
		}
		y := c.expr(e.Y)
		return func(fr *frame) Value { return Bool(opIn(pos, x(fr), y(fr))) }
	case lang.OpNotIn:
		if f := c.inSet(e, true); f != nil {
			return func(fr *frame) Value { return Bool(f(fr)) }
		}
		x, y := c.expr(e.X), c.expr(e.Y)
		return func(fr *frame) Value { return Bool(!opIn(pos, x(fr), y(fr))) }
	}
	x, y := c.expr(e.X), c.expr(e.Y)
	switch e.Op {
	case lang.OpAdd:
		return func(fr *frame) Value {
			a, b := x(fr), y(fr)
			if a.k == KInt && b.k == KInt {
				if s, ok := addOK(a.n, b.n); ok {
					return Int(s)
				}
			}
			return opAdd(fr.th, pos, a, b)
		}
	case lang.OpSub:
		return func(fr *frame) Value {
			a, b := x(fr), y(fr)
			if a.k == KInt && b.k == KInt {
				if s, ok := subOK(a.n, b.n); ok {
					return Int(s)
				}
			}
			return opSub(pos, a, b)
		}
	case lang.OpEq:
		return func(fr *frame) Value {
			a, b := x(fr), y(fr)
			if a.k == KInt && b.k == KInt {
				return Bool(a.n == b.n)
			}
			return Bool(Equal(a, b))
		}
	case lang.OpNe:
		return func(fr *frame) Value {
			a, b := x(fr), y(fr)
			if a.k == KInt && b.k == KInt {
				return Bool(a.n != b.n)
			}
			return Bool(!Equal(a, b))
		}
	case lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
		op := e.Op
		return func(fr *frame) Value {
			a, b := x(fr), y(fr)
			if a.k == KInt && b.k == KInt {
				switch op {
				case lang.OpLt:
					return Bool(a.n < b.n)
				case lang.OpLe:
					return Bool(a.n <= b.n)
				case lang.OpGt:
					return Bool(a.n > b.n)
				}
				return Bool(a.n >= b.n)
			}
			return Bool(opCompare(pos, op, a, b))
		}
	}
	f, op := binaryOps[e.Op], e.Op
	if f == nil {
		panic("eval: unknown operator " + op.String())
	}
	return func(fr *frame) Value { return f(fr.th, pos, op, x(fr), y(fr)) }
}

// comp compiles list, set, map and sum comprehensions.
func (c *compiler) comp(e *lang.Comp) evalFn {
	c.push()
	defer c.pop()
	loops := c.clauses(e.Clauses)
	body := c.expr(e.Body)
	bpos := lang.Start(e.Body)
	var key evalFn
	if e.Key != nil {
		key = c.expr(e.Key)
	}
	kind := e.Kind
	return func(fr *frame) Value {
		var out, keys []Value
		// A sum of compact positions of one game keeps their keys only
		// (Sum).
		packed := kind == lang.SumComp
		var pg *Game
		var pkeys []uint64
		run := loops(func(fr *frame) {
			if key != nil {
				keys = append(roomFor(fr.th, bpos, keys), key(fr))
			}
			v := body(fr)
			if kind == lang.SumComp && !v.IsGame() {
				fail(bpos, "sum of needs games, found %s %s", v.TypeName(), Shown(v))
			}
			if packed {
				if g, ok := v.ref.(*Game); ok && v.k == KPos && (pg == nil || pg == g) {
					pg = g
					pkeys = append(grown(fr.th, bpos, pkeys, 1), uint64(v.n))
					return
				}
				packed = false
				out = roomForN(fr.th, bpos, out, len(pkeys))
				for _, k := range pkeys {
					out = append(out, pg.packedPosition(k))
				}
				pkeys = nil
			}
			out = append(roomFor(fr.th, bpos, out), v)
		})
		stop := fr.stop
		fr.stop = false
		run(fr)
		fr.stop = stop
		switch kind {
		case lang.ListComp:
			return List(out)
		case lang.SetComp:
			return setOf(fr.th, bpos, out)
		case lang.MapComp:
			return mapOf(fr.th, bpos, keys, out)
		}
		if packed && len(pkeys) > 1 {
			return Value{k: KSum, ref: &Sum{game: pg, keys: slices.Clip(pkeys)}}
		}
		if packed && len(pkeys) == 1 {
			return pg.packedPosition(pkeys[0])
		}
		return SumOf(out)
	}
}

// call compiles a call: to a declared game (a position), a def, a built-in,
// or a function value.
func (c *compiler) call(e *lang.Call) evalFn {
	pos := e.Pos
	argPos := make([]Pos, len(e.Args))
	for i, a := range e.Args {
		argPos[i] = lang.Start(a)
	}
	if id, ok := e.Fn.(*lang.Ident); ok {
		b := c.resolve(id)
		if b == nil {
			c.exprs(e.Args)
			return func(*frame) Value { return None }
		}
		switch b.kind {
		case bGame:
			g := b.game
			if len(e.Args) != g.arity {
				c.errorf(pos, "game %s takes %d argument%s, but %d %s given", g.name, g.arity, plural(g.arity), len(e.Args), wasWere(len(e.Args)))
			}
			args := c.exprs(e.Args)
			// b.game is read at run time: a REPL re-declaration replaces it.
			return func(fr *frame) Value {
				g := b.game
				if len(args) != g.arity {
					fail(pos, "game %s now takes %d argument%s, but %d %s given", g.name, g.arity, plural(g.arity), len(args), wasWere(len(args)))
				}
				if len(args) <= 3 && g.check == nil {
					// Arguments that pack make a compact position: no
					// allocation.
					var buf [3]Value
					a := buf[:len(args)]
					for i, f := range args {
						a[i] = f(fr)
					}
					if r, ok := g.packed(a); ok {
						return g.packedPosition(r)
					}
					return g.position(slices.Clone(a))
				}
				a := evalAll(fr, args)
				g.checkArgs(pos, a)
				return g.position(a)
			}
		case bDef:
			if sub, fn, binds := c.inlineCall(e); sub != nil {
				set := c.compileBinds(binds)
				f := inlined(c, fn, func() evalFn { return c.expr(sub) })
				return inlineCallFn(set, pos, fn, f)
			}
			fn := b.fn
			if len(e.Args) != len(fn.params) {
				c.errorf(pos, "%s takes %d argument%s, but %d %s given", fn.name, len(fn.params), plural(len(fn.params)), len(e.Args), wasWere(len(e.Args)))
			}
			args := c.exprs(e.Args)
			return func(fr *frame) Value {
				fn := b.fn
				if len(args) != len(fn.params) {
					fail(pos, "%s now takes %d argument%s, but %d %s given", fn.name, len(fn.params), plural(len(fn.params)), len(args), wasWere(len(args)))
				}
				return callDef(fr, pos, fn, args)
			}
		case bBuiltin:
			bi := b.bi
			if len(e.Args) < bi.MinArgs || bi.MaxArgs >= 0 && len(e.Args) > bi.MaxArgs {
				c.errorf(pos, "%s takes %s, but %d %s given", bi.BName, argCount(bi), len(e.Args), wasWere(len(e.Args)))
			}
			if len(e.Args) == 1 && bi.Fold != nil {
				if comp, ok := e.Args[0].(*lang.Comp); ok && comp.Kind == lang.ListComp {
					return c.foldCall(bi, comp, pos, argPos)
				}
			}
			if bi.SGArgs && len(e.Args) == 1 && c.isGameExpr(e.Args[0]) {
				sg := c.sgExpr(e.Args[0])
				isSG, isOutcome := bi.Query == QuerySG, bi.Query == QueryOutcome
				var probe func(fr *frame) (sgv, bool)
				if isSG || isOutcome {
					probe = c.sgProbe(e.Args[0])
				}
				return func(fr *frame) Value {
					if probe != nil {
						// Finished positions only: no search, no error.
						if v, ok := probe(fr); ok {
							if r, ok := quickSG(fr.th.engine, v, isSG); ok {
								return r
							}
						}
					}
					th := fr.th
					th.calls = append(th.calls, pos)
					// Inside a move rule too, sg asks for a value now.
					g := fr.gen
					fr.gen = th.direct
					v := sg(fr)
					fr.gen = g
					if isSG || isOutcome {
						// The common cases, without a call.
						if r, ok := quickSG(th.engine, v, isSG); ok {
							th.calls = th.calls[:len(th.calls)-1]
							return r
						}
					}
					call := th.getCall(bi.BName, pos, argPos)
					call.buf[0] = th.engine.standIn(v)
					r := bi.Fn(call, call.buf[:1])
					th.putCall(call)
					th.calls = th.calls[:len(th.calls)-1]
					return r
				}
			}
			if f := c.quickCall(bi, e, pos, argPos); f != nil {
				return f
			}
			args := c.exprs(e.Args)
			return func(fr *frame) Value {
				th := fr.th
				var vs []Value
				var call *Call
				if len(args) <= 2 {
					var a, b Value
					if len(args) > 0 {
						a = args[0](fr)
					}
					if len(args) > 1 {
						b = args[1](fr)
					}
					call = th.getCall(bi.BName, pos, argPos)
					call.buf = [2]Value{a, b}
					vs = call.buf[:len(args)]
				} else {
					vs = evalAll(fr, args)
					call = th.getCall(bi.BName, pos, argPos)
				}
				th.calls = append(th.calls, pos)
				r := bi.Fn(call, vs)
				th.putCall(call)
				th.calls = th.calls[:len(th.calls)-1]
				return r
			}
		}
	}
	fn := c.expr(e.Fn)
	args := c.exprs(e.Args)
	return func(fr *frame) Value { return callValue(fr, pos, argPos, fn(fr), evalAll(fr, args)) }
}

// quickCall compiles a call of a built-in with Quick1 or Quick2 (see
// Builtin): nil when it has neither for the number of arguments.
func (c *compiler) quickCall(bi *Builtin, e *lang.Call, pos Pos, argPos []Pos) evalFn {
	if !c.on(PassComposite) {
		return nil
	}
	switch {
	case len(e.Args) == 1 && bi.Quick1 != nil:
		x := c.expr(e.Args[0])
		return func(fr *frame) Value {
			a := x(fr)
			if r, ok := bi.Quick1(a); ok {
				return r
			}
			return callBuiltin2(fr, bi, pos, argPos, a, None, 1)
		}
	case len(e.Args) == 2 && bi.Quick2 != nil:
		x, y := c.expr(e.Args[0]), c.expr(e.Args[1])
		return func(fr *frame) Value {
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
func quickSG(e *Engine, v sgv, isSG bool) (Value, bool) {
	switch {
	case isSG:
		return Value{k: KInt, n: int64(v)}, v >= 0
	case v == sgMissing:
		return Value{}, false
	case v == 0:
		return outcomeP, true
	case v > 0 || e.outcome(v) == "N":
		return outcomeN, true
	}
	return outcomeD, true
}

// foldCall streams the elements of a list comprehension into a built-in's
// Fold (len, min, max of [E for ...] build no list).
func (c *compiler) foldCall(bi *Builtin, comp *lang.Comp, pos Pos, argPos []Pos) evalFn {
	slow := c.foldCallGeneric(bi, comp, pos, argPos)
	if f := c.fastFold(bi, comp, slow, pos, argPos); f != nil {
		return f
	}
	return slow
}

func (c *compiler) foldCallGeneric(bi *Builtin, comp *lang.Comp, pos Pos, argPos []Pos) evalFn {
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
			countOnly = c.localSlot(b) >= 0 || c.scope.lookup(b.Name) != nil && c.scope.lookup(b.Name).kind == bGlobal && !c.inFunc
		}
	}
	return func(fr *frame) Value {
		call := &Call{Th: fr.th, Name: bi.BName, Pos: pos, Args: argPos}
		var acc Value
		n := 0
		if countOnly {
			stop := fr.stop
			fr.stop = false
			loops(func(*frame) { n++ })(fr)
			fr.stop = stop
			if n == 0 {
				return bi.Fn(call, []Value{List(nil)})
			}
			return Int(int64(n))
		}
		run := loops(func(fr *frame) {
			x := body(fr)
			if bi.Count {
				n++
				return
			}
			if bi.IntFold != 0 && x.k == KInt && n > 0 && acc.k == KInt {
				if bi.IntFold > 0 && x.n > acc.n || bi.IntFold < 0 && x.n < acc.n {
					acc = x
				}
			} else {
				acc = bi.Fold(call, acc, x, n)
			}
			n++
		})
		stop := fr.stop
		fr.stop = false
		run(fr)
		fr.stop = stop
		if n == 0 {
			return bi.Fn(call, []Value{List(nil)})
		}
		if bi.Count {
			return Int(int64(n))
		}
		return acc
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func wasWere(n int) string {
	if n == 1 {
		return "was"
	}
	return "were"
}

func argCount(b *Builtin) string {
	switch {
	case b.MaxArgs < 0:
		return fmt.Sprintf("at least %d argument%s", b.MinArgs, plural(b.MinArgs))
	case b.MinArgs == b.MaxArgs:
		return fmt.Sprintf("%d argument%s", b.MinArgs, plural(b.MinArgs))
	}
	return fmt.Sprintf("%d to %d arguments", b.MinArgs, b.MaxArgs)
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

func callDef(fr *frame, pos Pos, fn *Func, args []evalFn) Value {
	th := fr.th
	nf := th.newFrame(max(fn.nslots, fn.nslotsI))
	allInt := fn.bodyInt != nil
	for i, a := range args {
		v := a(fr)
		nf.slots[i] = v
		allInt = allInt && v.k == KInt
	}
	return th.invoke(nf, pos, fn, allInt)
}

// invoke runs a def's body in frame nf (its arguments already in place);
// allInt selects the body compiled for int arguments.
func (th *Thread) invoke(nf *frame, pos Pos, fn *Func, allInt bool) Value {
	th.tick(pos)
	th.enter(pos, fn)
	th.calls = append(th.calls, pos)
	body := fn.body
	if allInt {
		body = fn.bodyInt
	}
	v := body(nf)
	th.calls = th.calls[:len(th.calls)-1]
	th.leave(fn)
	th.release(nf)
	return v
}

// callValue calls a function value.
func callValue(fr *frame, pos Pos, argPos []Pos, f Value, args []Value) Value {
	if f.k != KFunc {
		fail(pos, "cannot call %s %s", f.TypeName(), Shown(f))
	}
	switch fn := f.Callable().(type) {
	case *Builtin:
		if len(args) < fn.MinArgs || fn.MaxArgs >= 0 && len(args) > fn.MaxArgs {
			fail(pos, "%s takes %s, but %d %s given", fn.BName, argCount(fn), len(args), wasWere(len(args)))
		}
		return fn.Fn(&Call{Th: fr.th, Name: fn.BName, Pos: pos, Args: argPos}, args)
	case *Func:
		if len(args) != len(fn.params) {
			fail(pos, "%s takes %d argument%s, but %d %s given", fn.name, len(fn.params), plural(len(fn.params)), len(args), wasWere(len(args)))
		}
		nf := fr.th.newFrame(max(fn.nslots, fn.nslotsI))
		copy(nf.slots, args)
		allInt := fn.bodyInt != nil
		for _, a := range args {
			allInt = allInt && a.k == KInt
		}
		return fr.th.invoke(nf, pos, fn, allInt)
	case *Game:
		if len(args) != fn.arity {
			fail(pos, "game %s takes %d argument%s, but %d %s given", fn.name, fn.arity, plural(fn.arity), len(args), wasWere(len(args)))
		}
		fn.checkArgs(pos, args)
		return fn.position(args)
	}
	fail(pos, "cannot call %s", f.TypeName())
	return None
}
