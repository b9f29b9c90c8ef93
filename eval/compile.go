package eval

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/resolve"

	"github.com/grundy-lang/grundy/lang"
)

// sgFn evaluates a game expression to its SG value without building it.
type sgFn func(fr *engine.Frame) engine.Sgv

// execFn runs a statement.
type execFn func(fr *engine.Frame)

// The finite outcomes, made once.
var outcomeN, outcomeP, outcomeD = engine.Str("N"), engine.Str("P"), engine.Str("D")

// compiler compiles one file, REPL entry, expression or table: the state
// its generators share (each generator is a type of its own: valueGen,
// intGen, sgGen, inliner, tableGen, and the fast paths loops, clamps and
// builders) and the declarations (decl.go).
type compiler struct {
	*resolve.Resolver
	s *Session

	vals   *valueGen
	ints   *intGen
	sg     *sgGen
	inl    *inliner
	tab    *tableGen
	loops  *loops
	clamps *clamps
	build  *builders

	explaining *engine.Explanation           // the declaration whose notes are recorded
	defFired   map[*engine.Func]engine.Pass  // the passes that fired in a def's body (explainDef)
	rejected   string                        // why the last fast path tried did not apply
	built      string                        // the arguments the last sgComposite builds in scratch buffers (scratch.go)
	curGame    *engine.Game                  // the game whose move rule is being compiled
	decls      map[lang.Stmt]*engine.Binding // each hoisted def and game's own binding
	nodes      int                           // expressions compiled (count)
}

// newCompiler returns a compiler for session s whose names are bound in
// sc.
func newCompiler(s *Session, sc *resolve.Scope) *compiler {
	r := &resolve.Resolver{Reg: s.reg, Passes: s.engine.On, LaterLets: s.laterLets, Scope: sc, Globals: s.globals}
	c := &compiler{Resolver: r, s: s}
	c.vals, c.ints, c.sg, c.inl, c.tab = &valueGen{c}, &intGen{compiler: c}, &sgGen{c}, &inliner{c}, &tableGen{c}
	c.loops, c.clamps, c.build = &loops{compiler: c}, &clamps{c}, &builders{c}
	return c
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
