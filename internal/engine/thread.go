package engine

import (
	"bufio"
	"context"
	"crypto/sha256"
	"io"
	"strconv"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/internal/progress"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Pos is a source position.
type Pos = lang.Pos

// Frame is the activation of top-level code, a def, or a game's move rule.
type Frame struct {
	Slots []value.Value
	Th    *Thread
	Gen   *Gen           // how game positions are looked up (never nil)
	Stop  bool           // set by a generator that has seen enough options
	Scr   *value.Scratch // the list comprehension being built in a scratch (package value)
	Sscr  *value.SetScratch
	Acc   any // the comprehension being accumulated (package compile's)
	base  int // where slots start in the thread's slab
}

// Limits bound a run. Zero fields mean the defaults.
type Limits struct {
	MaxStates int64         // positions visited (default 20,000,000)
	MaxDepth  int           // nested def calls (default 100,000)
	MaxSteps  int64         // evaluation steps: loop iterations, calls, positions (default 10,000,000,000)
	Timeout   time.Duration // wall time of one run (default: none; Ctrl-C or the context cancels)
	MaxMemory int64         // approximate heap, stack and flat-table bytes (default DefaultMaxMemory)
	// AllMemos makes MaxMemory count the flat tables of every session of
	// the process, not this session's alone: the sessions computing one
	// table together (package eval's TableJobs) share one limit.
	AllMemos bool
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
	Vec         []int64 // package vecint's lanes (a run of it never nests)
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
	value.Pools       // the buffers of for clauses and the scratches (package value)
	Fsp         int   // frames of fpool in use
	Depth       int   // nested calls of defs
	Stack       int64 // their cost in Go stack (limits.go)
	DepthHW     int   // the most Depth has been since package defcache lowered it
	StackHW     int64 // and Stack
	// maxStack is the stack budget of a run, in units of cost.
	MaxStack int64
	// segBase is Stack where the goroutine running the innermost call
	// began (onNewStack).
	segBase int64
	// allocated counts the bytes of values built since the memory was
	// last checked (alloc).
	Allocated int64
	// memAt is when the steps last read the memory (CheckLimits), in
	// nanoseconds since the process started.
	memAt  int64
	Limits Limits
	Calls  []Pos // call sites of the running defs (for error traces)
	Stmt   Pos   // the top-level statement running
	Ctx    context.Context
	Steps  int64
	// checkAt is the step at which limits are next checked.
	CheckAt int64
	Show    func(th *Thread, v value.Value)
	Prog    *progress.Meter // nil unless Options.Progress is set
	// doing, when set, says what a long computation is doing and how far
	// it got; limit errors and interruptions append it.
	Doing func() string
	// Checkpoint is Options.Checkpoint.
	Checkpoint string
	// SolverThreads is the number of threads a take-and-break solver
	// may use (0: as many as GOMAXPROCS, at most 2); 1 in the sessions
	// of a table computed by several (package eval's TableJobs), which
	// keep the cores busy themselves.
	SolverThreads int
	// Program is a digest of the sources the thread has run and of the
	// standard input ints() read (NoteProgram): a checkpoint keeps the
	// pruned search's values for the program of the digest (package
	// solve). ProgramKnown is false when the session also has
	// definitions written in Go, which no digest covers: then they are
	// not kept.
	Program      [sha256.Size]byte
	ProgramKnown bool
	// Builtins is what the built-ins keep between calls (package
	// stdlib's caches).
	Builtins any
	// Parts is what the pruned search's option lists keep between
	// options (package partgen's caches).
	Parts any
	// Defs is what the calls of defs keep of their values (package
	// defcache's tables).
	Defs any
	// Accs are the records of comprehensions done, free for the next
	// (package compile's: comprehensions nest, last in first out).
	Accs []any
}

// NoteProgram adds to the thread's Program digest a text it runs (a
// script, an entry: kind "source") or reads ("input").
func (th *Thread) NoteProgram(kind, text string) {
	h := sha256.New()
	h.Write(th.Program[:])
	h.Write([]byte(kind + " " + strconv.Itoa(len(text)) + "\n" + text))
	h.Sum(th.Program[:0])
}

// NewFrame returns a frame with n zeroed slots taken from the slab.
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

// Format is formatMax without a bound for the run th, printing at pos: it
// polls the run's context and accounts for the text's memory as it grows.
func (th *Thread) Format(pos Pos, v value.Value, quote bool) string {
	w := value.ValueWriter{Th: th, Pos: pos}
	w.Value(v, quote)
	return w.String()
}

// Repr is Repr of v as the run builds it, polling its context and
// accounting for the text's memory (the REPL shows values with it).
func (th *Thread) Repr(v value.Value) string { return th.Format(th.Stmt, v, true) }

// GetCall takes a Call from the thread's pool (calls nest LIFO).
func (th *Thread) GetCall(name string, pos Pos, argPos []Pos) *Call {
	c := pooled(&th.cpool, &th.Csp)
	*c = Call{Th: th, Name: name, Pos: pos, Args: argPos}
	return c
}

func (th *Thread) PutCall(c *Call) {
	if th.Csp > 0 && th.cpool[th.Csp-1] == c {
		th.Csp--
	}
}

// Invoke runs a def's body in frame nf (its arguments already in place);
// allInt selects the body compiled for int arguments.
func (th *Thread) Invoke(nf *Frame, pos Pos, fn *Func, allInt bool) value.Value {
	th.Tick(pos)
	th.Enter(pos, fn)
	th.Calls = append(th.Calls, pos)
	body := fn.Body
	if allInt {
		body = fn.BodyInt
	}
	var v value.Value
	if th.Stack-th.segBase < segmentUnits {
		v = body(nf)
	} else {
		v = th.onNewStack(body, nf)
	}
	th.Calls = th.Calls[:len(th.Calls)-1]
	th.Leave(fn)
	th.Release(nf)
	return v
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

// callPos is the innermost call of the run (the script's call that led
// here), or the statement running when there is none.
func (th *Thread) callPos() Pos {
	if n := len(th.Calls); n > 0 {
		return th.Calls[n-1]
	}
	return th.Stmt
}

// FailHere raises a runtime error at the innermost call of the run (the
// script's call that led here).
func (th *Thread) FailHere(format string, args ...any) {
	pos := Pos{}
	if n := len(th.Calls); n > 0 {
		pos = th.Calls[n-1]
	}
	value.Fail(pos, format, args...)
}

// Output and input.

func (th *Thread) ExprResult(v value.Value) {
	if th.Show != nil {
		th.Show(th, v)
		return
	}
	th.Write(th.Format(th.Stmt, v, false) + "\n")
}

// Out is where print writes (buffered; flushed when a run ends).
func (th *Thread) Out() *bufio.Writer { return th.OutW }

// OutputError is a failure to write what a script prints (a pipe closed
// by its reader, a full disk): the run stops there, since nothing it
// prints later can arrive either.
type OutputError struct{ Err error }

func (e OutputError) Error() string { return "writing output: " + e.Err.Error() }

func (e OutputError) Unwrap() error { return e.Err }

// CallerError is an error that a function of the embedding program,
// called by the run (a table's rows handed out as they are computed),
// returned: the run stops and returns Err as it is.
type CallerError struct{ Err error }

func (e CallerError) Error() string { return e.Err.Error() }

func (e CallerError) Unwrap() error { return e.Err }

// Write writes text to the output, stopping the run when it cannot (the
// buffer reports the writer's first error on every later write).
func (th *Thread) Write(text string) {
	if _, err := th.OutW.WriteString(text); err != nil {
		panic(OutputError{err})
	}
}

// readInput reads all of standard input for ints(), accounting for its
// memory as it grows (a huge input fails with the memory limit's error).
func (th *Thread) readInput(c *Call) []byte {
	data := make([]byte, 0, 4096)
	for {
		if len(data) == cap(data) {
			n := 2 * cap(data)
			c.Alloc(int64(n))
			data = append(make([]byte, 0, n), data...)
		}
		k, err := th.In.Read(data[len(data):cap(data)])
		data = data[:len(data)+k]
		if err == io.EOF {
			return data
		}
		if err != nil {
			c.Fail("ints(): reading standard input: %v", err)
		}
		c.Tick()
	}
}

// forWords calls f with each word of data (split at white space, as
// strings.Fields splits) and the number of its line.
func forWords(data []byte, f func(line int, w []byte)) {
	line, start := 1, -1
	for i := 0; i < len(data); {
		r, n := rune(data[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRune(data[i:])
		}
		if unicode.IsSpace(r) {
			if start >= 0 {
				f(line, data[start:i])
				start = -1
			}
			if r == '\n' {
				line++
			}
		} else if start < 0 {
			start = i
		}
		i += n
	}
	if start >= 0 {
		f(line, data[start:])
	}
}

// Ints returns all whitespace-separated integers of standard input as a
// list (read once, then remembered).
func (th *Thread) Ints(c *Call) value.Value {
	if th.InRead {
		return th.ints
	}
	if th.In == nil {
		c.Fail("ints(): this program has no standard input")
	}
	data := th.readInput(c)
	th.NoteProgram("input", string(data))
	// The words, as strings.Fields splits each line: counted first, so
	// that the list is accounted for and made once.
	words := 0
	forWords(data, func(int, []byte) { words++ })
	out := c.Alloced(words)
	forWords(data, func(line int, w []byte) {
		c.Poll(len(out))
		n, err := strconv.ParseInt(string(w), 10, 64)
		if err != nil {
			s := string(w)
			if len(s) > 20 {
				s = s[:20] + "..."
			}
			c.Fail("ints(): standard input line %d has %q, which is not a 64-bit integer", line, s)
		}
		out = append(out, value.Int(n))
	})
	th.InRead = true
	th.ints = value.List(out)
	return th.ints
}

// CallDef calls def fn with the values of args at pos.
func CallDef(fr *Frame, pos Pos, fn *Func, args []EvalFn) value.Value {
	th := fr.Th
	nf := th.NewFrame(fn.FrameSize())
	allInt := fn.BodyInt != nil
	for i, a := range args {
		v := a(fr)
		nf.Slots[i] = v
		allInt = allInt && v.K == value.KInt
	}
	return th.Invoke(nf, pos, fn, allInt)
}

// CallBuiltin2 calls built-in bi at pos with n <= 2 arguments a, b,
// held in the Call.
func CallBuiltin2(fr *Frame, bi *Builtin, pos Pos, argPos []Pos, a, b value.Value, n int) value.Value {
	th := fr.Th
	call := th.GetCall(bi.BName, pos, argPos)
	call.Buf = [2]value.Value{a, b}
	th.Calls = append(th.Calls, pos)
	r := bi.Fn(call, call.Buf[:n])
	th.PutCall(call)
	th.Calls = th.Calls[:len(th.Calls)-1]
	return r
}

// CallBuiltinArgs calls built-in bi at pos with the values of args (a
// built-in's call as compiled, without a fast path of its own).
func CallBuiltinArgs(fr *Frame, bi *Builtin, pos Pos, argPos []Pos, args []EvalFn) value.Value {
	var vs [2]value.Value
	if len(args) <= 2 {
		for i, f := range args {
			vs[i] = f(fr)
		}
		return CallBuiltin2(fr, bi, pos, argPos, vs[0], vs[1], len(args))
	}
	all := make([]value.Value, len(args))
	for i, f := range args {
		all[i] = f(fr)
	}
	th := fr.Th
	call := th.GetCall(bi.BName, pos, argPos)
	th.Calls = append(th.Calls, pos)
	r := bi.Fn(call, all)
	th.PutCall(call)
	th.Calls = th.Calls[:len(th.Calls)-1]
	return r
}
