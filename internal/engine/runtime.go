package engine

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"io"
	"math"
	"slices"
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
	// checkpoint is Options.Checkpoint; savedAt when it was last written.
	Checkpoint string
	savedAt    time.Time
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

// release returns a frame's slots to the slab when it was the last taken.
func (th *Thread) release(fr *Frame) {
	n := len(fr.Slots)
	if fr.base+n == th.Sp && (n == 0 || &th.slab[fr.base] == &fr.Slots[0]) {
		th.Sp = fr.base
	}
	if th.Fsp > 0 && th.fpool[th.Fsp-1] == fr {
		th.Fsp--
	}
}

// Operators.

func TypeErr(pos Pos, op lang.Op, a, b Value) {
	Fail(pos, "cannot apply %q to %s and %s", op, a.TypeName(), b.TypeName())
}

func Overflow(pos Pos, op lang.Op, a, b int64) {
	Fail(pos, "integer overflow: %d %s %d does not fit in 64 bits", a, op, b)
}

// opAdd is a + b. th, when set, is the run: a concatenation accounts for
// its memory and polls its context (bulk.go).
func OpAdd(th *Thread, pos Pos, a, b Value) Value {
	switch {
	case a.K == KInt && b.K == KInt:
		c, ok := AddOK(a.N, b.N)
		if !ok {
			Overflow(pos, lang.OpAdd, a.N, b.N)
		}
		return Int(c)
	case a.K == KStr && b.K == KStr:
		return Str(concatStr(th, pos, a.Str(), b.Str()))
	case a.K == KList && b.K == KList:
		return List(concatElems(th, pos, a.Elems(), b.Elems()))
	case a.K == KTuple && b.K == KTuple:
		return Tuple(concatElems(th, pos, a.Elems(), b.Elems()))
	case a.IsGame() && b.IsGame():
		return sumOf(th, pos, a, b)
	case a.IsGame() && b.K == KInt || a.K == KInt && b.IsGame():
		Fail(pos, "cannot add %s and %s: write *k for a nim heap of size k", a.TypeName(), b.TypeName())
	}
	TypeErr(pos, lang.OpAdd, a, b)
	return None
}

func OpSub(pos Pos, a, b Value) Value {
	if a.K == KInt && b.K == KInt {
		c, ok := SubOK(a.N, b.N)
		if !ok {
			Overflow(pos, lang.OpSub, a.N, b.N)
		}
		return Int(c)
	}
	if a.K == KSet && b.K == KSet {
		return setMerge(a.Elems(), b.Elems(), true, false, false)
	}
	TypeErr(pos, lang.OpSub, a, b)
	return None
}

// maxCopies bounds k in k * G when the copies are built as a value.
const maxCopies = 1 << 20

// opMul is a * b (th as for opAdd).
func opMul(th *Thread, pos Pos, a, b Value) Value {
	switch {
	case a.K == KInt && b.K == KInt:
		c, ok := MulOK(a.N, b.N)
		if !ok {
			Overflow(pos, lang.OpMul, a.N, b.N)
		}
		return Int(c)
	case a.K == KInt && b.IsGame():
		return copies(th, pos, a.N, b)
	case a.IsGame() && b.K == KInt:
		return copies(th, pos, b.N, a)
	case a.K == KInt && isSeq(b):
		return repeat(th, pos, a.N, b)
	case isSeq(a) && b.K == KInt:
		return repeat(th, pos, b.N, a)
	}
	TypeErr(pos, lang.OpMul, a, b)
	return None
}

func copies(th *Thread, pos Pos, k int64, g Value) Value {
	if k < 0 {
		Fail(pos, "cannot take %d copies of a game: the count must be at least 0", k)
	}
	CheckCopies(pos, k, g)
	return SumOf(repeatElems(th, pos, []Value{g}, int(k)))
}

// CheckCopies fails when k >= 0 copies of game g are too many to build as
// a value.
func CheckCopies(pos Pos, k int64, g Value) {
	if k > maxCopies || k > 0 && int64(len(g.Parts()))*k > maxCopies {
		Fail(pos, "%d copies of a game are too many to build (at most %d); sg(k * G) needs no copies", k, maxCopies)
	}
}

func OpDiv(pos Pos, op lang.Op, a, b Value) Value {
	if a.K != KInt || b.K != KInt {
		TypeErr(pos, op, a, b)
	}
	if b.N == 0 {
		if op == lang.OpDiv {
			Fail(pos, "division by zero")
		}
		Fail(pos, "modulo by zero")
	}
	if a.N == math.MinInt64 && b.N == -1 {
		if op == lang.OpDiv {
			Overflow(pos, lang.OpDiv, a.N, b.N)
		}
		return Int(0)
	}
	if op == lang.OpDiv {
		return Int(a.N / b.N)
	}
	return Int(a.N % b.N)
}

func OpXor(pos Pos, a, b Value) Value {
	if a.K == KInt && b.K == KInt {
		return Int(a.N ^ b.N)
	}
	if a.K == KSet && b.K == KSet {
		return setMerge(a.Elems(), b.Elems(), true, false, true)
	}
	TypeErr(pos, lang.OpXor, a, b)
	return None
}

// maxRange bounds the length of a range built as a list.
const MaxRange = 10_000_000

func opRange(th *Thread, pos Pos, a, b Value) Value {
	if a.K != KInt || b.K != KInt {
		TypeErr(pos, lang.OpRange, a, b)
	}
	if b.N < a.N {
		return List(nil)
	}
	if n, ok := SubOK(b.N, a.N); !ok || n >= MaxRange {
		Fail(pos, "the range %d .. %d is too long to build as a list (at most %d elements)", a.N, b.N, MaxRange)
	}
	n := int(b.N - a.N + 1)
	allocIf(th, pos, elemsBytes(n))
	xs := make([]Value, n)
	for i := range xs {
		if i&(copyChunk-1) == 0 {
			pollIf(th, pos)
		}
		xs[i] = Int(a.N + int64(i))
	}
	return List(xs)
}

func opNeg(pos Pos, a Value) Value {
	if a.K != KInt {
		Fail(pos, "cannot negate %s", a.TypeName())
	}
	if a.N == math.MinInt64 {
		Fail(pos, "integer overflow: -(%d) does not fit in 64 bits", a.N)
	}
	return Int(-a.N)
}

func OpNimber(pos Pos, a Value) Value {
	if a.K != KInt {
		Fail(pos, "a nimber needs an int size, found %s", a.TypeName())
	}
	if a.N < 0 {
		Fail(pos, "a nimber cannot be negative (*%d)", a.N)
	}
	if a.N > math.MaxInt32 {
		Fail(pos, "nimber *%d is too large (at most *%d)", a.N, math.MaxInt32)
	}
	return Nimber(a.N)
}

func OpCompare(pos Pos, op lang.Op, a, b Value) bool {
	switch op {
	case lang.OpEq:
		return Equal(a, b)
	case lang.OpNe:
		return !Equal(a, b)
	}
	if a.K == KInf || b.K == KInf {
		Fail(pos, "cannot compare an infinite SG value with %q (only == and != apply)", op)
	}
	c := orderCompare(pos, op, a, b)
	switch op {
	case lang.OpLt:
		return c < 0
	case lang.OpLe:
		return c <= 0
	case lang.OpGt:
		return c > 0
	}
	return c >= 0
}

// orderCompare orders two values for <, <=, > and >=: ints, strings and
// bools among themselves, and lists and tuples element by element (walked
// without recursion, however deeply they nest, and remembering the pairs
// found equal as Compare does).
func orderCompare(pos Pos, op lang.Op, a, b Value) int {
	steps := recSteps
	if c, ok := orderCompareRec(pos, op, a, b, 0, &steps); ok {
		return c
	}
	return orderCompareIter(pos, op, a, b)
}

// orderCompareRec is orderCompare by recursion, within recDepth and
// *steps (see compareRec); false when the values are too deep or too big
// for it. It raises the errors orderCompareIter raises, in the same order.
func orderCompareRec(pos Pos, op lang.Op, a, b Value, depth int, steps *int) (int, bool) {
	*steps--
	if depth > recDepth || *steps < 0 {
		return 0, false
	}
	if a.K == KInf || b.K == KInf {
		Fail(pos, "cannot compare an infinite SG value with %q (only == and != apply)", op)
	}
	if a.K != b.K || !(a.K == KInt || a.K == KStr || a.K == KList || a.K == KTuple || a.K == KBool) {
		Fail(pos, "cannot compare %s with %s using %q", a.TypeName(), b.TypeName(), op)
	}
	if a.K != KList && a.K != KTuple {
		return Compare(a, b), true
	}
	x, y := a.Elems(), b.Elems()
	for i := 0; i < len(x) && i < len(y); i++ {
		if x[i].K == KInt && y[i].K == KInt {
			if c := cmp.Compare(x[i].N, y[i].N); c != 0 {
				return c, true
			}
			continue
		}
		if c, ok := orderCompareRec(pos, op, x[i], y[i], depth+1, steps); !ok || c != 0 {
			return c, ok
		}
	}
	return len(x) - len(y), true
}

// orderCompareIter is orderCompare without recursion.
func orderCompareIter(pos Pos, op lang.Op, a, b Value) int {
	type pair struct {
		x, y   []Value
		i      int
		ka, kb any
	}
	var stack []pair
	var equal map[refPair]bool
	steps := 0
	for {
		steps++
		if steps == memoAfter {
			equal = map[refPair]bool{}
		}
		if a.K == KInf || b.K == KInf {
			Fail(pos, "cannot compare an infinite SG value with %q (only == and != apply)", op)
		}
		if a.K != b.K || !(a.K == KInt || a.K == KStr || a.K == KList || a.K == KTuple || a.K == KBool) {
			Fail(pos, "cannot compare %s with %s using %q", a.TypeName(), b.TypeName(), op)
		}
		if a.K == KList || a.K == KTuple {
			// (Not skipped when a is b: its elements may not be
			// orderable, which is an error.)
			if !equal[refPair{a.Ref, b.Ref}] {
				stack = append(stack, pair{x: a.Elems(), y: b.Elems(), ka: a.Ref, kb: b.Ref})
			}
		} else if c := Compare(a, b); c != 0 {
			return c
		}
		for {
			if len(stack) == 0 {
				return 0
			}
			t := &stack[len(stack)-1]
			if t.i < len(t.x) && t.i < len(t.y) {
				a, b = t.x[t.i], t.y[t.i]
				t.i++
				if t.i == len(t.x) && len(t.x) == len(t.y) && (equal == nil || len(t.x) == 1) {
					stack = stack[:len(stack)-1] // only its last pair is left (see compareIter)
				}
				break
			}
			if c := len(t.x) - len(t.y); c != 0 {
				return c
			}
			if equal != nil {
				equal[refPair{t.ka, t.kb}] = true
			}
			stack = stack[:len(stack)-1]
		}
	}
}

func OpIn(pos Pos, x, coll Value) bool {
	switch coll.K {
	case KList, KTuple:
		for _, e := range coll.Elems() {
			if Equal(x, e) {
				return true
			}
		}
		return false
	case KSet:
		_, ok := slices.BinarySearchFunc(coll.Elems(), x, Compare)
		return ok
	case KMap:
		_, ok := slices.BinarySearchFunc(coll.Map().Keys, x, Compare)
		return ok
	case KStr:
		if x.K != KStr {
			Fail(pos, "\"in\" a string needs a string on the left, found %s", x.TypeName())
		}
		return strings.Contains(coll.Str(), x.Str())
	}
	Fail(pos, "\"in\" needs a list, set, map, range or string on the right, found %s", coll.TypeName())
	return false
}

func OpIndex(pos Pos, x, i Value) Value {
	switch x.K {
	case KList, KTuple:
		e := x.Elems()
		if i.K != KInt {
			Fail(pos, "a %s index must be an int, found %s", x.TypeName(), i.TypeName())
		}
		if i.N < 0 || i.N >= int64(len(e)) {
			Fail(pos, "index %d out of range (the %s has %d element%s)", i.N, x.TypeName(), len(e), Plural(len(e)))
		}
		return e[i.N]
	case KStr:
		s := []rune(x.Str())
		if i.K != KInt {
			Fail(pos, "a string index must be an int, found %s", i.TypeName())
		}
		if i.N < 0 || i.N >= int64(len(s)) {
			Fail(pos, "index %d out of range (the string has %d character%s)", i.N, len(s), Plural(len(s)))
		}
		return Str(string(s[i.N]))
	case KMap:
		m := x.Map()
		j, ok := slices.BinarySearchFunc(m.Keys, i, Compare)
		if !ok {
			Fail(pos, "key %s not found in the map", Shown(i))
		}
		return m.Vals[j]
	}
	Fail(pos, "cannot index %s", x.TypeName())
	return None
}

func NeedBool(pos Pos, v Value, what string) bool {
	if v.K != KBool {
		Fail(pos, "%s must be true or false, found %s %s", what, v.TypeName(), Shown(v))
	}
	return v.N != 0
}

// iterate calls f for each element of an iterable value, in order; f
// returns false to stop.
func Iterate(pos Pos, v Value, f func(Value) bool) {
	switch v.K {
	case KList, KTuple, KSet:
		for _, e := range v.Elems() {
			if !f(e) {
				return
			}
		}
	case KMap:
		for _, e := range v.Map().Keys {
			if !f(e) {
				return
			}
		}
	case KStr:
		for _, r := range v.Str() {
			if !f(Str(string(r))) {
				return
			}
		}
	default:
		Fail(pos, "cannot iterate over %s", v.TypeName())
	}
}
