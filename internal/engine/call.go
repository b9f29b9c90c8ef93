package engine

import (
	"fmt"
	"slices"

	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// EvalFn evaluates an expression in a frame.
type EvalFn func(fr *Frame) value.Value

// Try evaluates f, ok false when it raised the script's own error (its
// trace undone; a limit reached or an interruption goes on up): what a
// fast path that may give up evaluates where the plain path would fail.
func Try(fr *Frame, f EvalFn) (v value.Value, ok bool) {
	th := fr.Th
	calls := len(th.Calls)
	defer func() {
		if r := recover(); r != nil {
			if e, isErr := r.(*value.RuntimeError); !isErr || e.Kind != value.ErrRuntime {
				panic(r)
			}
			th.Calls = th.Calls[:calls]
			ok = false
		}
	}()
	return f(fr), true
}

// Builtin is a function implemented in Go. Package stdlib registers them.
type Builtin struct {
	BName   string
	Doc     string // one line: arguments, result, errors
	MinArgs int
	MaxArgs int // -1: any number
	// Test: called with no arguments, the built-in is this test of the
	// session's state, which cannot fail (a guard of the planner's,
	// proof.GlobalIntsCall); Test1, with one, this test of its value
	// (proof.IntsCall): a condition runs them without making a call.
	Test  func(fr *Frame) bool
	Test1 func(v value.Value) bool
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
	// Joins says that with two arguments XS, SEP the result is the
	// string of the strings of the list or tuple XS with SEP between
	// them, when they are strings (join): a list of strings built in a
	// scratch buffer is joined there.
	Joins bool
	// OnInts, when set, is the result of a call of two arguments whose
	// argument ListArg is a list of ints (ints), computed on those ints
	// in place from them and the other argument's value: the result's
	// ints (a list), or false where Fn must be called instead. It raises
	// no error. A list of ints built in a scratch is changed there.
	OnInts  func(th *Thread, ints []int64, other value.Value) ([]int64, bool)
	ListArg int
	Fn      func(c *Call, args []value.Value) value.Value
	// Fold, when set, lets a call whose single argument is a list
	// comprehension stream the elements instead of building the list:
	// acc is the result so far, x the n-th element (from 0). With no
	// elements, Fn is called with the empty list.
	Fold func(c *Call, acc, x value.Value, n int) value.Value
	// IntFold, +1 or -1, says that Fold keeps the larger (smaller) of an
	// int result so far and an int element: the compiler then compares
	// ints without calling it.
	IntFold int
	// Count says that Fold is the number of elements.
	Count bool
	// AllAny is +1 for all and -1 for any: a call whose single argument
	// is a list comprehension may evaluate its elements in order without
	// the list, the first element that is false (true) deciding it and
	// a non-bool met before one does being Fn's error (package compile's
	// allAnyFold).
	AllAny int
	// Sums says that the built-in is the int sum of the elements (sum):
	// a call whose single argument is a list comprehension may add its
	// elements in order without the list, the first element that is not
	// an int or overflows the sum being Fn's error, raised when the
	// comprehension is done (package compile's sumFold).
	Sums bool
	// Ints, when set, is Fn for a call whose result, a list of ints, only
	// a for clause iterates (for t in divisors(n)): it appends the
	// elements to buf and returns it, raising Fn's errors. The clause
	// reuses buf: no list is made.
	Ints func(c *Call, args []value.Value, buf []int64) []int64
	// Quick1 and Quick2, when set, compute the result of a call with one
	// (two) arguments for the common arguments, where Fn would give it
	// and raise no error, without a Call; false sends the call to Fn.
	Quick1 func(a value.Value) (value.Value, bool)
	Quick2 func(a, b value.Value) (value.Value, bool)
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
	Buf  [2]value.Value
}

// Fail raises a runtime error at the call.
func (c *Call) Fail(format string, args ...any) { value.Fail(c.Pos, format, args...) }

// ArgFail raises a runtime error about argument i (at the call, which is
// what runtime errors point at).
func (c *Call) ArgFail(i int, format string, args ...any) { value.Fail(c.Pos, format, args...) }

// Tick counts a step of a long-running built-in, so that it can be
// cancelled.
func (c *Call) Tick() {
	if c.Th.Ctx != nil {
		c.Th.Poll(c.Pos)
	}
}

func (b *Builtin) Name() string { return b.BName }

func (b *Builtin) KindName() string { return "built-in" }

// Func is a compiled def.
type Func struct {
	FName   string
	Pos     Pos
	Params  []string
	Nslots  int
	Body    EvalFn
	BodyInt EvalFn // the body compiled for int arguments
	NslotsI int
	// For inlining (inline.go): the declaration, the bindings of its
	// body's free names, and whether it may call itself.
	Decl      *lang.DefStmt
	Free      map[string]*Binding
	Recursive bool
	// recursiveKnown: recursive was computed with every def on the way
	// compiled (see recursiveNow).
	RecursiveKnown bool
	// InlineSize is resolve.InlineSize's answer, once every def on the
	// way is compiled (0: not known).
	InlineSize int
	// cost is what a call of the def counts toward the stack budget
	// (limits.go): the nesting of its body, and its own frames.
	Cost  int
	Extra int // slots of its frame past both bodies' (package tailcall's)
}

// FrameSize is the slots of a frame of a call of f.
func (f *Func) FrameSize() int { return max(f.Nslots, f.NslotsI) + f.Extra }

func (f *Func) Name() string { return f.FName }

func (f *Func) KindName() string { return "function" }

type BindKind uint8

type Binding struct {
	Kind  BindKind
	Slot  int
	IsInt bool // the slot always holds an int (see intcompile.go)
	// IntElems: the slot always holds a list or tuple of ints (a
	// parameter in the variant compiled for such arguments).
	IntElems bool
	Fn       *Func
	Game     *Game
	Bi       *Builtin
}

func ArgCount(b *Builtin) string {
	switch {
	case b.MaxArgs < 0:
		return fmt.Sprintf("at least %d argument%s", b.MinArgs, value.Plural(b.MinArgs))
	case b.MinArgs == b.MaxArgs:
		return fmt.Sprintf("%d argument%s", b.MinArgs, value.Plural(b.MinArgs))
	}
	return fmt.Sprintf("%d to %d arguments", b.MinArgs, b.MaxArgs)
}

// CallValue calls a function value.
func CallValue(fr *Frame, pos Pos, argPos []Pos, f value.Value, args []value.Value) value.Value {
	if f.K != value.KFunc {
		value.Fail(pos, "cannot call %s %s", f.TypeName(), value.Shown(f))
	}
	switch fn := f.Callable().(type) {
	case *Builtin:
		if len(args) < fn.MinArgs || fn.MaxArgs >= 0 && len(args) > fn.MaxArgs {
			value.Fail(pos, "%s takes %s, but %d %s given", fn.BName, ArgCount(fn), len(args), value.WasWere(len(args)))
		}
		return fn.Fn(&Call{Th: fr.Th, Name: fn.BName, Pos: pos, Args: argPos}, args)
	case *Func:
		if len(args) != len(fn.Params) {
			value.Fail(pos, "%s takes %d argument%s, but %d %s given", fn.FName, len(fn.Params), value.Plural(len(fn.Params)), len(args), value.WasWere(len(args)))
		}
		nf := fr.Th.NewFrame(fn.FrameSize())
		copy(nf.Slots, args)
		allInt := fn.BodyInt != nil
		for _, a := range args {
			allInt = allInt && a.K == value.KInt
		}
		return fr.Th.Invoke(nf, pos, fn, allInt)
	case *Game:
		if len(args) != fn.NArgs {
			value.Fail(pos, "game %s takes %d argument%s, but %d %s given", fn.GName, fn.NArgs, value.Plural(fn.NArgs), len(args), value.WasWere(len(args)))
		}
		fn.CheckArity(pos, args)
		return fn.PositionValue(args)
	}
	value.Fail(pos, "cannot call %s", f.TypeName())
	return value.None
}

// Format is the text print shows for v, as the call's run builds it
// (see Thread.format): str(X).
func (c *Call) Format(v value.Value) string { return c.Th.Format(c.Pos, v, false) }

// Built-ins build big values through these.

// Sort sorts xs stably by Compare, polling the run's context as it goes.
func (c *Call) Sort(xs []value.Value) { sortValues(c.Th, c.Pos, xs) }

// SetOf is SetOf for the call's run (its sort polls the context).
func (c *Call) SetOf(elems []value.Value) value.Value { return BuildSet(c.Th, c.Pos, elems) }

// AllocValues accounts for n values about to be built (see Alloc).
func (c *Call) AllocValues(n int) { c.Th.Alloc(c.Pos, ElemsBytes(n)) }

// Poll polls the run's context every pollEvery calls, i counting them:
// for a built-in's loop over the elements of a big value.
func (c *Call) Poll(i int) { c.Th.PollN(c.Pos, i) }

// Clone returns a copy of xs, accounting for its memory and polling as it
// copies.
func (c *Call) Clone(xs []value.Value) []value.Value {
	return AppendElems(c.Th, c.Pos, c.Alloced(len(xs)), xs)
}

// Alloced returns an empty slice with room for n values, accounted for.
func (c *Call) Alloced(n int) []value.Value {
	c.AllocValues(n)
	return MakeSlice[value.Value](c.Th, c.Pos, 0, n)
}

// Alloc accounts for a value of n bytes a built-in is about to build
// (see alloc): it fails with the memory limit's error when there is no
// room for it.
func (c *Call) Alloc(n int64) { c.Th.Alloc(c.Pos, n) }

// InlineCallFn runs an inlined call of fn: its hidden locals set (set
// may be nil), then the body f with the call's position on the calls
// (for the trace of an error) and counted as a nested call (the same
// limit error, at the same call, as a call of the def would raise).
func InlineCallFn[F ~func(*Frame) T, T any](set func(*Frame), pos Pos, fn *Func, f F) F {
	return func(fr *Frame) T {
		if set != nil {
			set(fr)
		}
		th := fr.Th
		th.Enter(pos, fn)
		th.Calls = append(th.Calls, pos)
		v := f(fr)
		th.Calls = th.Calls[:len(th.Calls)-1]
		th.Leave(fn)
		return v
	}
}

// InlineFoldFn is InlineCallFn for a fold (len, min, max, sum, any, all)
// that streams the comprehension an inlined def returns: an error the
// fold raises itself, at one of the positions own, is raised as after the
// call, as when the def is called and returns its list: the call off the
// trace.
func InlineFoldFn(set func(*Frame), pos Pos, fn *Func, f EvalFn, own ...Pos) EvalFn {
	inner := InlineCallFn(set, pos, fn, f)
	return func(fr *Frame) value.Value {
		th := fr.Th
		n := len(th.Calls)
		defer func() {
			if r := recover(); r != nil {
				if e, ok := r.(*value.RuntimeError); ok && e.Pos.Line != 0 && slices.Contains(own, e.Pos) && ownCalls(th.Calls, n, pos, own) {
					// (The built-in's own frame, if any, stays.)
					th.Calls = append(th.Calls[:n], th.Calls[n+1:]...)
					th.Leave(fn)
				}
				panic(r)
			}
		}()
		return inner(fr)
	}
}

// ownCalls reports whether calls holds, from n on, the inlined call at
// pos and then only frames of the fold itself (at positions of own).
func ownCalls(calls []Pos, n int, pos Pos, own []Pos) bool {
	if len(calls) <= n || calls[n] != pos {
		return false
	}
	for _, c := range calls[n+1:] {
		if !slices.Contains(own, c) {
			return false
		}
	}
	return true
}
