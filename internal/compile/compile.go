package compile

import (
	"strings"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/kernel"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// SGFn evaluates a game expression to its SG value without building it.
type SGFn func(fr *engine.Frame) memo.Sgv

// ExecFn runs a statement.
type ExecFn func(fr *engine.Frame)

// The finite outcomes, made once.

// Env is what a compiler reads and writes of the session it compiles for
// (package eval's Session), what outlives one compile.
type Env struct {
	Th      *engine.Thread
	Engine  *engine.Engine
	Reg     *engine.Registry
	Explain []*passes.Explanation // what each declaration was compiled to, in source order
	// Streamed counts the game expressions compiled to streamed SG
	// closures (sgcompile.go): none without PassStream.
	Streamed int
	// Fast makes the fast paths of a compiler (package fastpath's New).
	Fast func(c *Compiler) Fast
}

// Fast is what the fast paths compile (package fastpath): loops over the
// memo tables and arguments built in scratch buffers. Each returns nil
// where its shape does not fit (or its pass is off), and the compiler
// takes the general way.
type Fast interface {
	// Tuples compiles, once g's rule is, the hidden game that stores as k
	// ints a parameter always a tuple of k ints, or clears g.Tuples.
	Tuples(g *engine.Game, d *lang.GameStmt)
	// Alt compiles a move rule's alternative for the SG search with int
	// parameters as a fast loop, or returns (Run nil) why it is not one.
	Alt(alt *lang.Alt) (FastAlt, string)
	// Sum compiles `sum of g(ARGS) for x in A .. B` (slow: the general way).
	Sum(e *lang.Comp, slow SGFn) SGFn
	// Fold compiles a fold of a list comprehension by built-in bi (len,
	// min, max of [E for ...]; slow: the general way).
	Fold(bi *engine.Builtin, comp *lang.Comp, slow engine.EvalFn, pos engine.Pos, argPos []engine.Pos) engine.EvalFn
	// Composite compiles a position of game b, its arguments built in scratches.
	Composite(e *lang.Call, b *engine.Binding) SGFn
	// InSet compiles X in S (not: X not in S) as a bit of a set's bitmap.
	InSet(e *lang.Binary, not bool) BoolFn
	// Walk compiles the last for clause of a move rule, over the range
	// r, with the position call as its body (streamed), as a walk of
	// keys, or returns nil and why it is not one.
	Walk(call *lang.Call, r RangeWalk) (func(fr *engine.Frame), string)
	// Built compiles X + Y with an operand that is a slice or a concatenation
	// of one (b[:i] + "X" + b[i + 1:]), or join(X, SEP) of a list built, in
	// a scratch buffer: one value made, not one per operator (no list).
	Built(e lang.Expr) engine.EvalFn
	// StrTest compiles X == want (eq) or X != want, X an index or a slice
	// of a string: its bytes compared in place.
	StrTest(x lang.Expr, want string, eq bool) BoolFn
	// SetExpr compiles X - Y, X | Y, X & Y or X ^ Y with a set literal or comprehension as an operand as words.
	SetExpr(e *lang.Binary) engine.EvalFn
	// Words compiles a move rule's alternative whose option's list of 0s and
	// 1s or set over a universe is kept as words (packages bitlists,
	// wordsets, setsweep); the string says what it is, the pass which one.
	Words(alt *lang.Alt) (func(fr *engine.Frame), string, passes.Pass)
	// CallProbe returns the probe of an alternative whose option is one
	// position of a game of one int argument, its clauses run by loops.
	CallProbe(body lang.Expr, loops func(func(fr *engine.Frame)) func(fr *engine.Frame)) engine.ProbeFunc
	// DefCall compiles call e of a def (b), compiled as plain, to keep
	// its values by its arguments, or returns nil.
	DefCall(e *lang.Call, b *engine.Binding, plain engine.EvalFn) engine.EvalFn
	// Parts compiles the option body of a move rule for the pruned
	// search's lists (engine.Game.GenParts): a sum of regions of cells
	// each listed as its game and rows; nil for other bodies.
	Parts(body lang.Expr) func(fr *engine.Frame)
	// EqFor returns the indexes of the elements that can pass the if
	// clause ifc after for clause cl (package eqindex; ok false: all).
	EqFor(cl *lang.ForClause, ifc *lang.IfClause, bind func(fr *engine.Frame, v value.Value)) func(fr *engine.Frame, coll value.Value) ([]int64, bool)
	// EqSet returns the loop over a set that visits only the elements that
	// can pass the if clause ifc after for clause cl, ascending, each once,
	// or reports false having run nothing (package eqindex; nil: none).
	EqSet(cl *lang.ForClause, ifc *lang.IfClause, bind func(fr *engine.Frame, v value.Value), ipos engine.Pos) func(fr *engine.Frame, coll value.Value, inner func(fr *engine.Frame)) bool
	// ConstIter is iter, for clause cl's iterable, kept while the lets it reads stay (package eqindex).
	ConstIter(cl *lang.ForClause, iter engine.EvalFn) engine.EvalFn
	// Lanes compiles int expression e for runs of values of the range
	// variable bound to x (package vecint): it computes e for x = lo, lo
	// + 1, ..., n of them (good until its next run), or reports false
	// (the caller computes them one by one); nil where e has no such plan.
	Lanes(e lang.Expr, x *engine.Binding) func(fr *engine.Frame, lo int64, n int) ([]int64, bool)
	// EqRange is EqFor of a for clause over a range of one name (slot).
	EqRange(cl *lang.ForClause, ifc *lang.IfClause, slot int) func(fr *engine.Frame, a, b int64) ([]int64, bool)
	// RangeMask is the ints of a range of at most 64 that its if clause passes (t) and may pass, bits from a (package rangemask; nil, false: all).
	RangeMask(cl *lang.ForClause, ifc *lang.IfClause, slot int) func(fr *engine.Frame, a, b int64) (t, maybe uint64, ok bool)
	// DefGame returns what wraps the body of def fn (declared by d, its
	// explanation x), compiled in its frame (package defgame).
	DefGame(fn *engine.Func, d *lang.DefStmt, x *passes.Explanation) func(body engine.EvalFn) engine.EvalFn
}

// RangeWalk is the last for clause of a move rule when it is over a range
// of one name and takes no if clause in (Fast.Walk): the range's bounds
// (its guard applied), the name and its slot, and the range's position.
type RangeWalk struct {
	Bounds func(fr *engine.Frame) (lo, hi int64)
	Var    *lang.Name
	Slot   int
	RPos   engine.Pos
}

// FastAlt is a move rule's alternative compiled as a fast loop.
type FastAlt struct {
	Run   func(fr *engine.Frame)
	Probe engine.ProbeFunc // its runs for each value of the for clauses before its own (nil: none)
	Sweep engine.SweepFunc // its sweep (nil: none)
	Row   kernel.RowAlt    // its part of a row sweep (nil: none)
	Desc  string           // what it is, for the explanation
}

// ExplainOf returns the explanation record of a declaration, emptied: a
// redeclaration starts afresh.
func (e *Env) ExplainOf(kind, name string, pos engine.Pos) *passes.Explanation {
	for _, x := range e.Explain {
		if x.Kind == kind && x.Name == name {
			x.Pos, x.Notes, x.Fired = pos, nil, 0
			return x
		}
	}
	x := &passes.Explanation{Kind: kind, Name: name, Pos: pos}
	if !strings.HasPrefix(name, resolve.HiddenPrefix) { // (a hidden game's is its maker's to say)
		e.Explain = append(e.Explain, x)
	}
	return x
}

// Compiler compiles one file, REPL entry, expression or table: the state
// its generators share (each generator is a type of its own: ValueGen,
// IntGen, SGGen, Inliner, TableGen, and the fast paths, Fast) and the
// declarations (decl.go).
type Compiler struct {
	*resolve.Resolver
	Env *Env

	Vals   *ValueGen
	Ints   *IntGen
	SG     *SGGen
	Inl    *Inliner
	Tables *TableGen
	fast   Fast

	explaining *passes.Explanation           // the declaration whose notes are recorded
	defFired   map[*engine.Func]passes.Pass  // the passes that fired in a def's body (explainDef)
	defNotes   map[*engine.Func][]string     // the notes of the fast paths of a def's body (explainDef)
	Built      string                        // the arguments the last Fast.Composite builds in scratch buffers
	CurGame    *engine.Game                  // the game whose move rule is being compiled
	decls      map[lang.Stmt]*engine.Binding // each hoisted def and game's own binding
	nodes      int                           // expressions compiled (count)
	end        *resolve.Site                 // the end of the file compiled (explainDef)
	planning   map[*lang.Comp]bool           // comprehensions planned, being compiled (planComp)
	parts      bool                          // compiling a rule's GenParts (partsGen)
	partsUsed  bool                          // an alternative of it lists its parts
	wordAlts   int                           // alternatives compiled as words (Fast.Words)
}

// New returns a compiler for env of code the resolve pass has resolved,
// the global slots below globals in use.
func New(env *Env, globals int) *Compiler {
	r := resolve.New(env.Reg, env.Engine.On, globals)
	c := &Compiler{Resolver: r, Env: env}
	c.Vals, c.Ints, c.SG, c.Inl, c.Tables = &ValueGen{c}, &IntGen{c: c}, &SGGen{c: c}, &Inliner{c}, &TableGen{c}
	c.fast = env.Fast(c)
	return c
}

// count counts an expression compiled and, every few thousand, checks the
// limits of the call that compiles (its context and its memory).
func (c *Compiler) count(pos engine.Pos) {
	c.nodes++
	if c.nodes%4096 == 0 {
		if err := c.Env.Th.ParseCheck(pos, 0); err != nil {
			panic(err)
		}
	}
}
