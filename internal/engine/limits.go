package engine

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"time"

	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/value"
)

// This file holds the limits of a run (Limits): steps, time and
// cancellation, memory, and the depth of nested calls. Every check that
// can stop a run is here; the operations that build big values, and the
// parser and the compiler, call them.
//
//   - Steps and time: tick counts a step; every checkEvery steps checkLimits
//     polls the context and the step limit (and, every 16 Ki steps, the
//     memory). An operation that is long without steps (copying, sorting,
//     printing a big value) polls the context itself every pollEvery elements.
//   - Memory: MemInUse is what the limit counts: the memory the Go
//     runtime holds (its heap, free pages not given back included, the
//     goroutines' stacks) and the memo's flat tables: the process's
//     resident set, less the program's own code. An operation that
//     builds a value calls alloc with its size before it allocates: a big
//     one is checked then, small ones add up until they are worth a check.
//   - Depth: each call of a def counts one nested call toward MaxDepth and
//     its cost in Go stack (a static bound, from the nesting of its body)
//     toward the stack budget, which the memory limit sets (enter, leave).
//     Nothing else nests on the Go stack without bound: the parser bounds
//     the nesting of expressions (lang.MaxNesting) and flattens long runs
//     of operators (lang.Chain), and values are printed, compared and
//     encoded without recursion.

// Tick counts a step of work and, every few thousand steps, checks whether
// the run was cancelled.
func (th *Thread) Tick(pos Pos) {
	th.Steps++
	if th.Steps >= th.CheckAt {
		th.CheckLimits(pos)
	}
}

// Ticks is n Ticks at pos (at once when no check falls among them).
func (th *Thread) Ticks(pos Pos, n int64) {
	if th.Steps+n < th.CheckAt {
		th.Steps += n
		return
	}
	for range n {
		th.Tick(pos)
	}
}

// Skip counts n steps made as before by a computation whose value was kept
// (package defcache): the checks of the limits that fall among them are
// made once, at pos, and the next one falls where it would have. It
// counts nothing and returns false when the step limit is reached among
// them: the caller makes the steps, and the limit stops it where it would.
func (th *Thread) Skip(pos Pos, n int64) bool {
	switch at := th.CheckAt; {
	case th.Steps+n < at:
		th.Steps += n
	case th.Steps+n > th.Limits.MaxSteps:
		return false
	default:
		th.Steps += n
		th.CheckLimits(pos)
		th.CheckAt = at + ((th.Steps-at)/checkEvery+1)*checkEvery
	}
	return true
}

// CheckLimits runs every checkEvery steps: cancellation, the step limit
// and, every 16 Ki steps when a millisecond has passed since it last
// did, the memory budget (reading it takes about as long as a thousand
// cheap steps, and 16 Ki steps of a fast loop take a few microseconds:
// the values a run builds are counted apart, by Alloc).
func (th *Thread) CheckLimits(pos Pos) {
	th.CheckAt = th.Steps + checkEvery
	if th.Ctx != nil {
		th.Poll(pos)
	}
	if th.Steps > th.Limits.MaxSteps {
		th.limitFail(pos, "--max-steps", "step limit reached: more than %d evaluation steps (--max-steps)", th.Limits.MaxSteps)
	}
	if th.Steps&(1<<14-1) < checkEvery {
		if now := int64(time.Since(processStart)); now-th.memAt >= memEvery || now < th.memAt {
			th.memAt = now
			th.checkMemory(pos, 0)
		}
	}
}

// memEvery is the least time between two reads of the memory by the
// steps (CheckLimits), in nanoseconds.
const memEvery = int64(time.Millisecond)

// processStart is the clock CheckLimits reads (monotonic).
var processStart = time.Now()

// PosText is position r of g as an error message quotes it: cut (Errorf
// cuts it to MaxShownText bytes; its arguments can be huge lists, which
// are not printed whole).
func PosText(g *Game, r uint64) string {
	if g.Shown != nil {
		return value.FormatMax(g.Shown(r), false, value.MaxShownText+1)
	}
	if tf := g.TupleOf; tf != nil {
		return value.FormatMax(tf.Of.PositionValue(tf.Args(r)), false, value.MaxShownText+1)
	}
	return value.FormatMax(g.PositionValue(g.Args(r)), false, value.MaxShownText+1)
}

// limitErr is the error of a limit, naming the position being computed.
// flag is the limit's command-line flag, which the message names.
func (th *Thread) limitErr(pos Pos, flag, format string, args ...any) *value.RuntimeError {
	if th.Doing != nil {
		return value.LimitError(pos, flag, "%s while %s", fmt.Sprintf(format, args...), th.Doing())
	}
	if e := th.Engine; e != nil && e.Current != nil {
		format += " while computing %s"
		args = append(args[:len(args):len(args)], PosText(e.Current, e.CurrentR))
	}
	return value.LimitError(pos, flag, format, args...)
}

// limitFail raises a limit's error.
func (th *Thread) limitFail(pos Pos, flag, format string, args ...any) {
	panic(th.limitErr(pos, flag, format, args...))
}

// Time and cancellation.

// ctxErr is the error of a run whose context is done (its time limit, a
// cancellation), or nil.
func (th *Thread) ctxErr(pos Pos) *value.RuntimeError {
	if th.Ctx == nil {
		return nil
	}
	err := th.Ctx.Err()
	if err == nil {
		return nil
	}
	if err == context.DeadlineExceeded && th.Limits.Timeout > 0 {
		return th.limitErr(pos, "--timeout", "time limit reached: the run took more than %v (--timeout)", th.Limits.Timeout)
	}
	// (The caller's own deadline: a cancellation.)
	e := value.Errorf(pos, "interrupted")
	if th.Doing != nil {
		e = value.Errorf(pos, "interrupted while %s", th.Doing())
	}
	e.Kind = value.ErrInterrupted
	return e
}

// Poll raises the run's cancellation, if its context is done (and
// shows progress, when asked).
func (th *Thread) Poll(pos Pos) {
	th.pollYield()
	if th.Prog != nil {
		th.Prog.Tick(th.Engine.States)
	}
	if err := th.ctxErr(pos); err != nil {
		panic(err)
	}
}

// pollYield lets the goroutines that are ready run first: the ones that
// carry a SIGINT to the run's context (os/signal's, then the context's),
// a time limit's timer. The scheduler would preempt the run for them, but
// only after 10 ms or more, once per hop; on a loaded machine, where the
// process has one CPU at a time, that was most of the 100-300 ms from a
// SIGINT to its message (a parse of a 50 MB script). A yield is not
// free (with another CPU idle it wakes a thread: about 10 us), and polls
// come every 20 us or so in a search: a run yields at most once every
// yieldGap (a yield at every poll doubled the CPU time of a search of a
// million positions), so a SIGINT's three hops wait a few ms at most. (In
// a browser every poll yields: poll_js.go.)
func (th *Thread) pollYield() {
	if yieldGap > 0 {
		now := time.Since(clockBase)
		if now-th.yieldAt < yieldGap {
			return
		}
		th.yieldAt = now
	}
	runtime.Gosched()
}

// clockBase is the origin of the monotonic clock pollYield reads.
var clockBase = time.Now()

// PollCtx raises the run's cancellation, if it has a context and it is
// done (and shows progress, when asked).
func (th *Thread) PollCtx(pos Pos) {
	if th.Ctx != nil {
		th.Poll(pos)
	}
}

// PollN polls every pollEvery calls with i counting up: for loops over the
// elements of a big value.
func (th *Thread) PollN(pos Pos, i int) {
	if i&(pollEvery-1) == pollEvery-1 && th.Ctx != nil {
		th.Poll(pos)
	}
}

// Memory.

// memSamples are the runtime's counts the limit reads: all the memory
// the Go runtime has mapped, and the part of it that it has given back to
// the system.
var memSamples = []metrics.Sample{
	{Name: "/memory/classes/total:bytes"},
	{Name: "/memory/classes/heap/released:bytes"},
}

// DefaultMaxMemory is the memory limit of a session that sets none: half
// the memory of the machine (or of the container the process runs in),
// 4 GiB where that is not known, and at least 256 MiB.
func DefaultMaxMemory() int64 {
	m := machineMemory() / 2
	if m <= 0 {
		return 4 << 30
	}
	return max(m, 256<<20)
}

// goBytes is the Go memory the limit counts: what the Go runtime holds
// of the system's memory, as the kernel counts it in the process's
// resident set (and as the runtime's own memory limit counts it): the
// heap's objects, live or dead and not yet collected, and its free pages
// not yet given back to the system (after a collection, as much as the
// objects again, until the runtime reuses or returns them), the
// goroutines' stacks and the runtime's own structures. (Counting the
// objects alone, the limit saw half of what the process held, or less.)
func goBytes() int64 {
	metrics.Read(memSamples)
	total, released := memSamples[0].Value, memSamples[1].Value
	if total.Kind() != metrics.KindUint64 || released.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(total.Uint64() - released.Uint64())
}

// MemInUse is the memory the limit counts: the Go runtime's (goBytes)
// and the memo's tables mapped from the system outside the Go heap (flat
// tables, key tables: the session's, or every session's with AllMemos).
func (th *Thread) MemInUse() int64 {
	if th.Limits.AllMemos {
		return goBytes() + memo.FlatLive.Load()
	}
	return goBytes() + th.Engine.MappedBytes()
}

// memErr is the memory limit's error when the memory in use and need
// more bytes would pass the limit (after a garbage collection that gives
// the free memory back to the system, when without it they would), or
// nil.
func (th *Thread) memErr(pos Pos, need int64) *value.RuntimeError {
	th.Allocated = 0
	if th.MemInUse()+need <= th.Limits.MaxMemory {
		return nil
	}
	debug.FreeOSMemory()
	if th.MemInUse()+need <= th.Limits.MaxMemory {
		return nil
	}
	return th.limitErr(pos, "--max-memory", "memory limit reached: more than %d MiB in use (--max-memory)", th.Limits.MaxMemory>>20)
}

// HasRoom reports whether the process has room for need more bytes under
// a memory limit of limit bytes (after giving free memory back to the
// system, when without it it has not), as a run's limit counts the
// memory (MemInUse, of all the process's games): for work done outside a
// run, such as drawing a plot of its values.
func HasRoom(limit, need int64) bool {
	if ProcessMemory()+need <= limit {
		return true
	}
	debug.FreeOSMemory()
	return ProcessMemory()+need <= limit
}

// ProcessMemory is MemInUse of the whole process: what a limit of
// AllMemos counts.
func ProcessMemory() int64 { return goBytes() + memo.FlatLive.Load() }

// checkMemory raises memErr.
func (th *Thread) checkMemory(pos Pos, need int64) {
	if err := th.memErr(pos, need); err != nil {
		panic(err)
	}
}

// allocSlack is how many bytes of small values may be built between two
// checks of the memory: a 32nd of the limit, at most 64 MiB.
func (th *Thread) allocSlack() int64 { return min(th.Limits.MaxMemory/32, 64<<20) }

// Alloc accounts for a value of n bytes about to be built at pos: when
// it is big, or the small ones since the last check add up, it checks
// that the memory limit leaves room for it (and fails if not).
func (th *Thread) Alloc(pos Pos, n int64) {
	th.Allocated += n
	if th.Allocated < th.allocSlack() {
		return
	}
	th.checkMemory(pos, n)
}

// Churn counts n bytes allocated at pos that need no room of their own
// (the key of a new position and its decoded arguments): they bring the
// next check of the memory nearer, as small values do (alloc).
func (th *Thread) Churn(pos Pos, n int64) {
	th.Allocated += n
	if th.Allocated >= th.allocSlack() {
		th.checkMemory(pos, 0)
	}
}

// Sizes of what values hold, for alloc.
const (
	ValueBytes = 32 // a Value
	seqBytes   = 24 // a Seq or Set's header, besides its elements
)

// ElemsBytes is the size of n values in a slice.
func ElemsBytes(n int) int64 { return int64(n) * ValueBytes }

// ParseCheck is the lang.Check of a parse run by the session: the run's
// context and its memory limit.
func (th *Thread) ParseCheck(pos Pos, need int64) error {
	th.pollYield()
	if err := th.ctxErr(pos); err != nil {
		return err
	}
	if err := th.memErr(pos, need); err != nil {
		return err
	}
	return nil
}

// Depth of nested calls.

// stackUnitBytes is the Go stack a unit of call cost stands for: a level
// of nesting of the closures a body compiles to. Measured on bodies of
// each kind of expression (a run of +, brackets, comprehensions, calls of
// built-ins, if): 75 to 250 bytes a level.
const stackUnitBytes = 256

// maxStackBytes bounds the Go stack of a run: Go's own bound is 1 GB (a
// stack grows by doubling, so 512 MiB in practice), and passing it is
// fatal, not an error.
const maxStackBytes = 256 << 20

// StackBudget is the run's budget of call cost: the stack half the memory
// limit leaves room for, at most maxStackBytes.
func (th *Thread) StackBudget() int64 {
	return min(th.Limits.MaxMemory/2, maxStackBytes) / stackUnitBytes
}

// Enter accounts for a call of fn at pos: one more nested call, and its
// cost in Go stack.
func (th *Thread) Enter(pos Pos, fn *Func) {
	th.Depth++
	th.Stack += int64(fn.Cost)
	th.DepthHW, th.StackHW = max(th.DepthHW, th.Depth), max(th.StackHW, th.Stack)
	// (Its stack, and what it builds as it goes deeper, bring the next
	// check of the memory nearer.)
	th.Churn(pos, int64(fn.Cost)*stackUnitBytes)
	if th.Depth > th.Limits.MaxDepth {
		th.Depth, th.Stack = 0, 0
		panic(value.LimitError(pos, "", "too many nested calls (more than %d): is the recursion of %s unbounded?", th.Limits.MaxDepth, fn.FName))
	}
	if th.Stack > th.MaxStack {
		depth := th.Depth
		th.Depth, th.Stack = 0, 0
		panic(value.LimitError(pos, "", "too many nested calls (%d deep, with their expressions more than %d levels): is the recursion of %s unbounded?", depth, th.MaxStack, fn.FName))
	}
}

// segmentUnits is the call cost one goroutine's stack holds: a deeper
// recursion goes on on a new goroutine (onNewStack), 4 MiB of stack at
// a time.
const segmentUnits = (4 << 20) / stackUnitBytes

// onNewStack runs body(nf) on a new goroutine, the calling one waiting,
// and returns its value or raises its panic. A deep recursion runs on a
// chain of such stacks, none past a few MiB: one stack of hundreds of
// MiB would be copied whole each time it doubled, and scanned whole by
// the collector, with the run stopped meanwhile (up to ~400 ms with no
// poll of the context, for a recursion 100,000 deep).
//
//go:noinline
func (th *Thread) onNewStack(body func(*Frame) value.Value, nf *Frame) value.Value {
	saved := th.segBase
	th.segBase = th.Stack
	var v value.Value
	var raised any
	panicked := true
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() {
			if panicked {
				raised = recover()
			}
		}()
		v = body(nf)
		panicked = false
	}()
	<-done
	th.segBase = saved
	if panicked {
		panic(raised)
	}
	return v
}

// Leave ends a call entered with enter.
func (th *Thread) Leave(fn *Func) {
	th.Depth--
	th.Stack -= int64(fn.Cost)
}

// pollEvery is how many cheap operations (steps of a chain, elements
// copied or printed) go between checks of the run's context.
const pollEvery = 1024
