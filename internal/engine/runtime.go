package engine

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/lang"
)

// Pos is a source position.
type Pos = lang.Pos

// RuntimeError is an error raised while a script runs: a position, a
// sentence, and the call sites that led there (innermost first).
type RuntimeError struct {
	Pos   Pos
	Msg   string
	Trace []string
	// Stack is the Go stack of an internal error (a bug of grundy's),
	// for debugging; it is not part of the message.
	Stack string
	// Kind says what raised the error: set where it is raised.
	Kind ErrorKind
	// Flag is the command-line flag of the limit a limit error names, as
	// Msg shows it (" (--max-steps)"), or "".
	Flag string
}

// ErrorKind classifies a RuntimeError.
type ErrorKind uint8

// The kinds of runtime errors.
const (
	ErrRuntime     ErrorKind = iota // the script's own error: a division by zero, a failed assert, ...
	ErrLimit                        // a limit of the run was reached (Limits)
	ErrInterrupted                  // the run's context was cancelled (Ctrl-C, the caller's deadline)
)

// MsgWithoutFlag is Msg without the command-line flag it names (what the
// Go API shows: its limits are fields of Limits, not flags).
func (e *RuntimeError) MsgWithoutFlag() string {
	if e.Flag == "" {
		return e.Msg
	}
	return strings.Replace(e.Msg, " ("+e.Flag+")", "", 1)
}

// limitError is the error of a limit whose flag is flag ("" for none).
func LimitError(pos Pos, flag, format string, args ...any) *RuntimeError {
	e := Errorf(pos, format, args...)
	e.Kind, e.Flag = ErrLimit, flag
	return e
}

func (e *RuntimeError) Error() string { return lang.FormatPos(e.Pos) + ": " + e.Msg }

// fail raises a runtime error at pos.
func Fail(pos Pos, format string, args ...any) {
	panic(Errorf(pos, format, args...))
}

// MaxShownText bounds a piece of text an error message quotes (a value, a
// position, a Go error's text): values can be huge (a sum of millions of
// parts, a list doubled thirty times), and a message should stay a line.
const MaxShownText = 200

// Errorf makes the runtime error at pos with the message format fills
// in. Every string and error among args (the values and positions that
// the message quotes) is cut after MaxShownText bytes with "...": this is
// the one place where errors bound what they show.
func Errorf(pos Pos, format string, args ...any) *RuntimeError {
	shown := make([]any, len(args))
	for i, a := range args {
		switch a := a.(type) {
		case string:
			shown[i] = ClipShown(a)
		case error:
			shown[i] = ClipShown(a.Error())
		default:
			shown[i] = a
		}
	}
	return &RuntimeError{Pos: pos, Msg: fmt.Sprintf(format, shown...)}
}

// ClipShown cuts s after MaxShownText bytes (at a character boundary) and
// marks the cut with "...".
func ClipShown(s string) string {
	if len(s) <= MaxShownText {
		return s
	}
	cut := MaxShownText
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}

// Shown is v as an error message quotes it: as Repr shows it, cut after
// MaxShownText bytes with "...", and formatted only that far (a value of
// millions of elements is not formatted whole to be cut).
func Shown(v Value) fmt.Stringer { return shownValue{v} }

type shownValue struct{ v Value }

func (s shownValue) String() string { return ClipShown(formatMax(s.v, true, MaxShownText+1)) }

// frame is the activation of top-level code, a def, or a game's move rule.
type Frame struct {
	Slots []Value
	Th    *Thread
	Gen   *Gen     // how game positions are looked up (never nil)
	Stop  bool     // set by a generator that has seen enough options
	Scr   *Scratch // the list comprehension being built in a scratch (scratch.go)
	Sscr  *SetScratch
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
	yieldAt time.Duration // when its polls last yielded (pollYield)
	OutW    *bufio.Writer
	In      io.Reader
	InRead  bool
	ints    Value
	Globals []Value
	Engine  *Engine
	Direct  *Gen
	Collect *Gen    // MCollect: the first pass of sg(G) and the like
	slab    []Value // frames' slots are windows into this
	Sp      int     // slab in use
	fpool   []*Frame
	cpool   []*Call
	Csp     int   // calls of cpool in use
	Pools         // the buffers of for clauses and the scratches (scratch.go)
	Fsp     int   // frames of fpool in use
	Depth   int   // nested calls of defs
	Stack   int64 // their cost in Go stack (limits.go)
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
	Show    func(th *Thread, v Value)
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
		th.slab = make([]Value, max(1<<14, 2*n))
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
	return &Frame{Slots: make([]Value, n), Th: th, Gen: th.Direct, base: -1}
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
