package compile

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/resolve"

	"github.com/grundy-lang/grundy/lang"
)

// SGFn evaluates a game expression to its SG value without building it.
type SGFn func(fr *engine.Frame) engine.Sgv

// ExecFn runs a statement.
type ExecFn func(fr *engine.Frame)

// The finite outcomes, made once.
var outcomeN, outcomeP, outcomeD = engine.Str("N"), engine.Str("P"), engine.Str("D")

// Env is what a compiler reads and writes of the session it compiles for
// (package eval's Session), what outlives one compile.
type Env struct {
	Th        *engine.Thread
	Engine    *engine.Engine
	Reg       *engine.Registry
	LaterLets map[string]engine.Pos // the lets of the file compiled last, by name
	Explain   []*engine.Explanation // what each declaration was compiled to, in source order
	// Streamed counts the game expressions compiled to streamed SG
	// closures (sgcompile.go): none without PassStream.
	Streamed int
}

// ExplainOf returns the explanation record of a declaration, emptied: a
// redeclaration starts afresh.
func (e *Env) ExplainOf(kind, name string, pos engine.Pos) *engine.Explanation {
	for _, x := range e.Explain {
		if x.Kind == kind && x.Name == name {
			x.Pos, x.Notes, x.Fired = pos, nil, 0
			return x
		}
	}
	x := &engine.Explanation{Kind: kind, Name: name, Pos: pos}
	e.Explain = append(e.Explain, x)
	return x
}

// Compiler compiles one file, REPL entry, expression or table: the state
// its generators share (each generator is a type of its own: valueGen,
// intGen, sgGen, inliner, tableGen, and the fast paths loops, clamps and
// builders) and the declarations (decl.go).
type Compiler struct {
	*resolve.Resolver
	Env *Env

	Vals   *ValueGen
	Ints   *IntGen
	SG     *SGGen
	Inl    *Inliner
	Tables *TableGen
	loops  *loops
	clamps *clamps
	build  *builders

	explaining *engine.Explanation           // the declaration whose notes are recorded
	defFired   map[*engine.Func]engine.Pass  // the passes that fired in a def's body (explainDef)
	Rejected   string                        // why the last fast path tried did not apply
	Built      string                        // the arguments the last sgComposite builds in scratch buffers (scratch.go)
	CurGame    *engine.Game                  // the game whose move rule is being compiled
	decls      map[lang.Stmt]*engine.Binding // each hoisted def and game's own binding
	nodes      int                           // expressions compiled (count)
}

// New returns a compiler for env whose names are bound in sc, the
// global slots below globals in use.
func New(env *Env, sc *resolve.Scope, globals int) *Compiler {
	r := &resolve.Resolver{Reg: env.Reg, Passes: env.Engine.On, LaterLets: env.LaterLets, Scope: sc, Globals: globals}
	c := &Compiler{Resolver: r, Env: env}
	c.Vals, c.Ints, c.SG, c.Inl, c.Tables = &ValueGen{c}, &IntGen{Compiler: c}, &SGGen{c}, &Inliner{c}, &TableGen{c}
	c.loops, c.clamps, c.build = &loops{Compiler: c}, &clamps{c}, &builders{c}
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
