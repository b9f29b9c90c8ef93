package engine

import (
	"bufio"
	"context"
	"io"
	"time"

	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Pos is a source position.
type Pos = lang.Pos

// frame is the activation of top-level code, a def, or a game's move rule.
type Frame struct {
	Slots []value.Value
	Th    *Thread
	Gen   *Gen           // how game positions are looked up (never nil)
	Stop  bool           // set by a generator that has seen enough options
	Scr   *value.Scratch // the list comprehension being built in a scratch (scratch.go)
	Sscr  *value.SetScratch
	base  int // where slots start in the thread's slab
}

// Limits bound a run. Zero fields mean the defaults.
type Limits struct {
	MaxStates int64         // positions visited (default 20,000,000)
	MaxDepth  int           // nested def calls (default 100,000)
	MaxSteps  int64         // evaluation steps: loop iterations, calls, positions (default 10,000,000,000)
	Timeout   time.Duration // wall time of one run (default: none; Ctrl-C or the context cancels)
	MaxMemory int64         // approximate heap, stack and flat-table bytes (default DefaultMaxMemory)
}

const (
	DefaultMaxStates = 20_000_000
	DefaultMaxDepth  = 100_000
	DefaultMaxSteps  = 10_000_000_000
)

// Thread is the state of one running program: output, input, globals, the
// call stack and the engine.
type Thread struct {
	yieldAt     time.Duration // when its polls last yielded (pollYield)
	OutW        *bufio.Writer
	In          io.Reader
	InRead      bool
	ints        value.Value
	Globals     []value.Value
	Engine      *Engine
	Direct      *Gen
	Collect     *Gen          // MCollect: the first pass of sg(G) and the like
	slab        []value.Value // frames' slots are windows into this
	Sp          int           // slab in use
	fpool       []*Frame
	cpool       []*Call
	Csp         int   // calls of cpool in use
	value.Pools       // the buffers of for clauses and the scratches (scratch.go)
	Fsp         int   // frames of fpool in use
	Depth       int   // nested calls of defs
	Stack       int64 // their cost in Go stack (limits.go)
	// maxStack is the stack budget of a run, in units of cost.
	MaxStack int64
	// segBase is Stack where the goroutine running the innermost call
	// began (onNewStack).
	segBase int64
	// allocated counts the bytes of values built since the memory was
	// last checked (alloc).
	Allocated int64
	Limits    Limits
	Calls     []Pos // call sites of the running defs (for error traces)
	Stmt      Pos   // the top-level statement running
	Ctx       context.Context
	Steps     int64
	// checkAt is the step at which limits are next checked.
	CheckAt int64
	Show    func(th *Thread, v value.Value)
	Prog    *Meter // nil unless Options.Progress is set
	// doing, when set, says what a long computation is doing and how far
	// it got; limit errors and interruptions append it.
	Doing func() string
	// Checkpoint is Options.Checkpoint.
	Checkpoint string
}

// newFrame returns a frame with n zeroed slots taken from the slab.
func (th *Thread) NewFrame(n int) *Frame {
	if th.Sp+n > len(th.slab) {
		th.slab = make([]value.Value, max(1<<14, 2*n))
		th.Sp = 0
	}
	base := th.Sp
	s := th.slab[base : base+n : base+n]
	th.Sp += n
	clear(s)
	fr := pooled(&th.fpool, &th.Fsp)
	*fr = Frame{Slots: s, Th: th, Gen: th.Direct, base: base}
	return fr
}

// LooseFrame returns a frame with n slots of its own, not taken from the
// slab (Release leaves the slab as it is).
func (th *Thread) LooseFrame(n int) *Frame {
	return &Frame{Slots: make([]value.Value, n), Th: th, Gen: th.Direct, base: -1}
}

// Release returns a frame's slots to the slab when it was the last taken.
func (th *Thread) Release(fr *Frame) {
	n := len(fr.Slots)
	if fr.base+n == th.Sp && (n == 0 || &th.slab[fr.base] == &fr.Slots[0]) {
		th.Sp = fr.base
	}
	if th.Fsp > 0 && th.fpool[th.Fsp-1] == fr {
		th.Fsp--
	}
}

// format is formatMax without a bound for the run th, printing at pos: it
// polls the run's context and accounts for the text's memory as it grows.
func (th *Thread) Format(pos Pos, v value.Value, quote bool) string {
	w := value.ValueWriter{Th: th, Pos: pos}
	w.Value(v, quote)
	return w.String()
}

// Format is the text print shows for v, as the call's run builds it
// (see Thread.format): str(X).
func (c *Call) Format(v value.Value) string { return c.Th.Format(c.Pos, v, false) }

// Repr is Repr of v as the run builds it, polling its context and
// accounting for the text's memory (the REPL shows values with it).
func (th *Thread) Repr(v value.Value) string { return th.Format(th.Stmt, v, true) }
