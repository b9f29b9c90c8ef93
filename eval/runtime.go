package eval

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"runtime"
	"runtime/metrics"
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
}

func (e *RuntimeError) Error() string { return lang.FormatPos(e.Pos) + ": " + e.Msg }

// fail raises a runtime error at pos.
func fail(pos Pos, format string, args ...any) {
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

// frame is the activation of top-level code, a def, or a game's move rule.
type frame struct {
	slots []Value
	th    *Thread
	gen   *gen // how game positions are looked up (never nil)
	stop  bool // set by a generator that has seen enough options
	base  int  // where slots start in the thread's slab
}

// Limits bound a run. Zero fields mean the defaults.
type Limits struct {
	MaxStates int64         // positions visited (default 20,000,000)
	MaxDepth  int           // nested def calls (default 100,000)
	MaxSteps  int64         // evaluation steps: loop iterations, calls, positions (default 10,000,000,000)
	Timeout   time.Duration // wall time of one run (default: none; Ctrl-C or the context cancels)
	MaxMemory int64         // approximate heap and flat-table bytes (default 4 GiB)
}

const (
	defaultMaxStates = 20_000_000
	defaultMaxDepth  = 100_000
	defaultMaxSteps  = 10_000_000_000
	defaultMaxMemory = 4 << 30
)

// Thread is the state of one running program: output, input, globals, the
// call stack and the engine.
type Thread struct {
	out     *bufio.Writer
	in      io.Reader
	inRead  bool
	ints    Value
	globals []Value
	engine  *Engine
	direct  *gen
	slab    []Value // frames' slots are windows into this
	sp      int     // slab in use
	fpool   []*frame
	cpool   []*Call
	csp     int       // calls of cpool in use
	ipool   [][]int64 // buffers of for clauses over built-ins' ints
	isp     int       // of ipool in use
	fsp     int       // frames of fpool in use
	depth   int
	limits  Limits
	calls   []Pos // call sites of the running defs (for error traces)
	ctx     context.Context
	steps   int64
	// checkAt is the step at which limits are next checked.
	checkAt int64
	show    func(th *Thread, v Value)
	prog    *progress // nil unless Options.Progress is set
	// doing, when set, says what a long computation is doing and how far
	// it got; limit errors and interruptions append it.
	doing func() string
	// checkpoint is Options.Checkpoint; savedAt when it was last written.
	checkpoint string
	savedAt    time.Time
}

// newFrame returns a frame with n zeroed slots taken from the slab.
func (th *Thread) newFrame(n int) *frame {
	if th.sp+n > len(th.slab) {
		th.slab = make([]Value, max(1<<14, 2*n))
		th.sp = 0
	}
	base := th.sp
	s := th.slab[base : base+n : base+n]
	th.sp += n
	clear(s)
	var fr *frame
	if th.fsp < len(th.fpool) {
		fr = th.fpool[th.fsp]
	} else {
		fr = new(frame)
		th.fpool = append(th.fpool, fr)
	}
	th.fsp++
	*fr = frame{slots: s, th: th, gen: th.direct, base: base}
	return fr
}

// release returns a frame's slots to the slab when it was the last taken.
func (th *Thread) release(fr *frame) {
	n := len(fr.slots)
	if fr.base+n == th.sp && (n == 0 || &th.slab[fr.base] == &fr.slots[0]) {
		th.sp = fr.base
	}
	if th.fsp > 0 && th.fpool[th.fsp-1] == fr {
		th.fsp--
	}
}

// tick counts a step of work and, every few thousand steps, checks whether
// the run was cancelled.
func (th *Thread) tick(pos Pos) {
	th.steps++
	if th.steps >= th.checkAt {
		th.checkLimits(pos)
	}
}

// checkLimits runs every 4096 steps: cancellation, the step limit and,
// every 64 Ki steps, the memory budget.
func (th *Thread) checkLimits(pos Pos) {
	th.checkAt = th.steps + 4096
	if th.ctx != nil {
		th.poll(pos)
	}
	if th.steps > th.limits.MaxSteps {
		th.limitFail(pos, "step limit reached: more than %d evaluation steps (--max-steps)", th.limits.MaxSteps)
	}
	if th.steps&(1<<16-1) < 4096 {
		if m := heapBytes() + th.engine.flatBytes(); m > th.limits.MaxMemory {
			runtime.GC()
			if m = heapBytes() + th.engine.flatBytes(); m > th.limits.MaxMemory {
				th.limitFail(pos, "memory limit reached: more than %d MiB in use (--max-memory)", th.limits.MaxMemory>>20)
			}
		}
	}
}

// posText is position r of g as an error message quotes it (fail cuts
// it to MaxShownText bytes).
func posText(g *Game, r uint64) string {
	return Format(g.position(g.args(r)))
}

// limitFail reports a limit, naming the position being computed.
func (th *Thread) limitFail(pos Pos, format string, args ...any) {
	if th.doing != nil {
		fail(pos, "%s while %s", fmt.Sprintf(format, args...), th.doing())
	}
	if e := th.engine; e != nil && e.current != nil {
		format += " while computing %s"
		args = append(args[:len(args):len(args)], posText(e.current, e.currentR))
	}
	fail(pos, format, args...)
}

var heapSample = []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}

func heapBytes() int64 {
	metrics.Read(heapSample)
	if heapSample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(heapSample[0].Value.Uint64())
}

func (th *Thread) poll(pos Pos) {
	if th.prog != nil {
		th.prog.tick(th.engine.states)
	}
	if err := th.ctx.Err(); err != nil {
		if err == context.DeadlineExceeded && th.limits.Timeout > 0 {
			th.limitFail(pos, "time limit reached: the run took more than %v (--timeout)", th.limits.Timeout)
		}
		// (The caller's own deadline: a cancellation.)
		if th.doing != nil {
			fail(pos, "interrupted while %s", th.doing())
		}
		fail(pos, "interrupted")
	}
}

// Operators.

func typeErr(pos Pos, op string, a, b Value) {
	fail(pos, "cannot apply %q to %s and %s", op, a.TypeName(), b.TypeName())
}

func overflow(pos Pos, op string, a, b int64) {
	fail(pos, "integer overflow: %d %s %d does not fit in 64 bits", a, op, b)
}

func opAdd(pos Pos, a, b Value) Value {
	switch {
	case a.k == KInt && b.k == KInt:
		c, ok := addOK(a.n, b.n)
		if !ok {
			overflow(pos, "+", a.n, b.n)
		}
		return Int(c)
	case a.k == KStr && b.k == KStr:
		return Str(a.Str() + b.Str())
	case a.k == KList && b.k == KList:
		return List(slices.Concat(a.Elems(), b.Elems()))
	case a.k == KTuple && b.k == KTuple:
		return Tuple(slices.Concat(a.Elems(), b.Elems()))
	case a.IsGame() && b.IsGame():
		return SumOf([]Value{a, b})
	case a.IsGame() && b.k == KInt || a.k == KInt && b.IsGame():
		fail(pos, "cannot add %s and %s: write *k for a nim heap of size k", a.TypeName(), b.TypeName())
	}
	typeErr(pos, "+", a, b)
	return None
}

func opSub(pos Pos, a, b Value) Value {
	if a.k == KInt && b.k == KInt {
		c, ok := subOK(a.n, b.n)
		if !ok {
			overflow(pos, "-", a.n, b.n)
		}
		return Int(c)
	}
	if a.k == KSet && b.k == KSet {
		return setMerge(a.Elems(), b.Elems(), true, false, false)
	}
	typeErr(pos, "-", a, b)
	return None
}

// maxCopies bounds k in k * G when the copies are built as a value.
const maxCopies = 1 << 20

func opMul(pos Pos, a, b Value) Value {
	switch {
	case a.k == KInt && b.k == KInt:
		c, ok := mulOK(a.n, b.n)
		if !ok {
			overflow(pos, "*", a.n, b.n)
		}
		return Int(c)
	case a.k == KInt && b.IsGame():
		return copies(pos, a.n, b)
	case a.IsGame() && b.k == KInt:
		return copies(pos, b.n, a)
	case a.k == KInt && isSeq(b):
		return repeat(pos, a.n, b)
	case isSeq(a) && b.k == KInt:
		return repeat(pos, b.n, a)
	}
	typeErr(pos, "*", a, b)
	return None
}

func copies(pos Pos, k int64, g Value) Value {
	if k < 0 {
		fail(pos, "cannot take %d copies of a game: the count must be at least 0", k)
	}
	if k > maxCopies || k > 0 && int64(len(g.Parts()))*k > maxCopies {
		fail(pos, "%d copies of a game are too many to build (at most %d); sg(k * G) needs no copies", k, maxCopies)
	}
	gs := make([]Value, k)
	for i := range gs {
		gs[i] = g
	}
	return SumOf(gs)
}

func opDiv(pos Pos, op string, a, b Value) Value {
	if a.k != KInt || b.k != KInt {
		typeErr(pos, op, a, b)
	}
	if b.n == 0 {
		if op == "/" {
			fail(pos, "division by zero")
		}
		fail(pos, "modulo by zero")
	}
	if a.n == math.MinInt64 && b.n == -1 {
		if op == "/" {
			overflow(pos, "/", a.n, b.n)
		}
		return Int(0)
	}
	if op == "/" {
		return Int(a.n / b.n)
	}
	return Int(a.n % b.n)
}

func opXor(pos Pos, a, b Value) Value {
	if a.k == KInt && b.k == KInt {
		return Int(a.n ^ b.n)
	}
	if a.k == KSet && b.k == KSet {
		return setMerge(a.Elems(), b.Elems(), true, false, true)
	}
	typeErr(pos, "^", a, b)
	return None
}

// maxRange bounds the length of a range built as a list.
const maxRange = 10_000_000

func opRange(th *Thread, pos Pos, a, b Value) Value {
	if a.k != KInt || b.k != KInt {
		typeErr(pos, "..", a, b)
	}
	if b.n < a.n {
		return List(nil)
	}
	if n, ok := subOK(b.n, a.n); !ok || n >= maxRange {
		fail(pos, "the range %d .. %d is too long to build as a list (at most %d elements)", a.n, b.n, maxRange)
	}
	xs := make([]Value, b.n-a.n+1)
	for i := range xs {
		if i&(1<<16-1) == 0 && th.ctx != nil {
			th.poll(pos)
		}
		xs[i] = Int(a.n + int64(i))
	}
	return List(xs)
}

func opNeg(pos Pos, a Value) Value {
	if a.k != KInt {
		fail(pos, "cannot negate %s", a.TypeName())
	}
	if a.n == math.MinInt64 {
		fail(pos, "integer overflow: -(%d) does not fit in 64 bits", a.n)
	}
	return Int(-a.n)
}

func opNimber(pos Pos, a Value) Value {
	if a.k != KInt {
		fail(pos, "a nimber needs an int size, found %s", a.TypeName())
	}
	if a.n < 0 {
		fail(pos, "a nimber cannot be negative (*%d)", a.n)
	}
	if a.n > math.MaxInt32 {
		fail(pos, "nimber *%d is too large (at most *%d)", a.n, math.MaxInt32)
	}
	return Nimber(a.n)
}

func opCompare(pos Pos, op string, a, b Value) bool {
	switch op {
	case "==":
		return Equal(a, b)
	case "!=":
		return !Equal(a, b)
	}
	if a.k == KInf || b.k == KInf {
		fail(pos, "cannot compare an infinite SG value with %q (only == and != apply)", op)
	}
	c := orderCompare(pos, op, a, b)
	switch op {
	case "<":
		return c < 0
	case "<=":
		return c <= 0
	case ">":
		return c > 0
	}
	return c >= 0
}

// orderCompare orders two values for <, <=, > and >=: ints, strings and
// bools among themselves, and lists and tuples element by element.
func orderCompare(pos Pos, op string, a, b Value) int {
	if a.k == KInf || b.k == KInf {
		fail(pos, "cannot compare an infinite SG value with %q (only == and != apply)", op)
	}
	if a.k != b.k || !(a.k == KInt || a.k == KStr || a.k == KList || a.k == KTuple || a.k == KBool) {
		fail(pos, "cannot compare %s with %s using %q", a.TypeName(), b.TypeName(), op)
	}
	if a.k == KList || a.k == KTuple {
		x, y := a.Elems(), b.Elems()
		for i := 0; i < len(x) && i < len(y); i++ {
			if c := orderCompare(pos, op, x[i], y[i]); c != 0 {
				return c
			}
		}
		return len(x) - len(y)
	}
	return Compare(a, b)
}

func opIn(pos Pos, x, coll Value) bool {
	switch coll.k {
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
		if x.k != KStr {
			fail(pos, "\"in\" a string needs a string on the left, found %s", x.TypeName())
		}
		return strings.Contains(coll.Str(), x.Str())
	}
	fail(pos, "\"in\" needs a list, set, map, range or string on the right, found %s", coll.TypeName())
	return false
}

func opIndex(pos Pos, x, i Value) Value {
	switch x.k {
	case KList, KTuple:
		e := x.Elems()
		if i.k != KInt {
			fail(pos, "a %s index must be an int, found %s", x.TypeName(), i.TypeName())
		}
		if i.n < 0 || i.n >= int64(len(e)) {
			fail(pos, "index %d out of range (the %s has %d element%s)", i.n, x.TypeName(), len(e), plural(len(e)))
		}
		return e[i.n]
	case KStr:
		s := []rune(x.Str())
		if i.k != KInt {
			fail(pos, "a string index must be an int, found %s", i.TypeName())
		}
		if i.n < 0 || i.n >= int64(len(s)) {
			fail(pos, "index %d out of range (the string has %d character%s)", i.n, len(s), plural(len(s)))
		}
		return Str(string(s[i.n]))
	case KMap:
		m := x.Map()
		j, ok := slices.BinarySearchFunc(m.Keys, i, Compare)
		if !ok {
			fail(pos, "key %s not found in the map", Repr(i))
		}
		return m.Vals[j]
	}
	fail(pos, "cannot index %s", x.TypeName())
	return None
}

func needBool(pos Pos, v Value, what string) bool {
	if v.k != KBool {
		fail(pos, "%s must be true or false, found %s %s", what, v.TypeName(), Repr(v))
	}
	return v.n != 0
}

// iterate calls f for each element of an iterable value, in order; f
// returns false to stop.
func iterate(pos Pos, v Value, f func(Value) bool) {
	switch v.k {
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
		fail(pos, "cannot iterate over %s", v.TypeName())
	}
}
