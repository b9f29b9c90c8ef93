package engine

import (
	"context"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/value"
)

// testThread is a thread with generous limits, outside any session.
func testThread() *Thread {
	th := &Thread{Limits: Limits{MaxDepth: 1 << 20, MaxSteps: 1 << 62, MaxMemory: 1 << 30, MaxStates: 1 << 20}}
	th.Engine = NewEngine(th, func(*Engine) Solver { return nil })
	th.MaxStack = th.StackBudget()
	return th
}

// countDown is a def f(n) = if n == 0 then g() else n + f(n - 1) whose
// bottom calls g: called through Invoke as a compiled def is.
func countDown(th *Thread, cost int, bottom func() value.Value) *Func {
	fn := &Func{FName: "f", Cost: cost, Nslots: 1}
	fn.Body = func(fr *Frame) value.Value {
		n := fr.Slots[0].Int()
		if n == 0 {
			return bottom()
		}
		nf := th.NewFrame(1)
		nf.Slots[0] = value.Int(n - 1)
		return value.Int(n + th.Invoke(nf, Pos{Line: 1, Column: 1}, fn, false).Int())
	}
	return fn
}

func call(th *Thread, fn *Func, n int64) value.Value {
	nf := th.NewFrame(1)
	nf.Slots[0] = value.Int(n)
	return th.Invoke(nf, Pos{Line: 2, Column: 1}, fn, false)
}

// TestDeepCallsOnSeveralStacks: a recursion deeper than a stack segment
// goes on on other goroutines (one more each segmentUnits of cost, the
// others waiting); its value is the same; an error raised at its bottom
// reaches the top as it was raised.
func TestDeepCallsOnSeveralStacks(t *testing.T) {
	const cost = 16
	const segments = 6
	depth := int64(segments * segmentUnits / cost)
	th := testThread()
	top := runtime.NumGoroutine()
	var bottom int
	fn := countDown(th, cost, func() value.Value {
		bottom = runtime.NumGoroutine()
		return value.Int(0)
	})
	if got, want := call(th, fn, depth).Int(), depth*(depth+1)/2; got != want {
		t.Fatalf("f(%d) = %d, want %d", depth, got, want)
	}
	if bottom-top < segments-1 {
		t.Errorf("%d goroutines at the bottom of %d calls, %d at the top: want %d more", bottom, depth, top, segments-1)
	}
	if th.Depth != 0 || th.Stack != 0 || th.segBase != 0 {
		t.Errorf("after the calls: depth %d, stack %d, segment base %d", th.Depth, th.Stack, th.segBase)
	}

	want := value.Errorf(Pos{Line: 3, Column: 4}, "at the bottom")
	fn = countDown(th, cost, func() value.Value { panic(want) })
	func() {
		defer func() {
			if r := recover(); r != want {
				t.Errorf("raised %v, want %v", r, want)
			}
		}()
		call(th, fn, depth)
	}()
	if th.segBase != 0 {
		t.Errorf("after the error: segment base %d", th.segBase)
	}
}

// TestBigSliceNotMadeWhenStopped: a slice too big to clear between two
// polls is not made for a run already stopped: the interruption instead.
func TestBigSliceNotMadeWhenStopped(t *testing.T) {
	th := testThread()
	ctx, cancel := context.WithCancel(context.Background())
	th.Ctx = ctx
	n := 4 * bigMakeBytes / ValueBytes
	if s := MakeSlice[value.Value](th, Pos{}, 0, n); cap(s) != n {
		t.Fatalf("cap %d, want %d", cap(s), n)
	}
	cancel()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	func() {
		defer func() {
			e, ok := recover().(*value.RuntimeError)
			if !ok || e.Kind != value.ErrInterrupted {
				t.Errorf("raised %v, want the interruption", e)
			}
		}()
		MakeSlice[value.Value](th, Pos{}, 0, n)
		t.Error("made a slice for a stopped run")
	}()
	runtime.ReadMemStats(&after)
	if d := after.TotalAlloc - before.TotalAlloc; d >= bigMakeBytes {
		t.Errorf("%d bytes allocated", d)
	}
}

// TestPollLetsReadyGoroutinesRun: on one CPU, a goroutine made ready
// (as os/signal's, which cancels the run on SIGINT) runs at the run's
// next polls, not when the scheduler would preempt the run. (One yield in
// 61 takes the yielding goroutine back first: the scheduler's fairness to
// its global queue; two polls in a row do not.) A run yields at most
// once every yieldGap: a poll sooner does not.
func TestPollLetsReadyGoroutinesRun(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	th := testThread()
	th.Ctx = context.Background()
	for range 200 {
		var ran atomic.Bool
		done := make(chan struct{})
		go func() { ran.Store(true); close(done) }()
		th.yieldAt = -yieldGap // (the last yield long ago)
		th.Poll(Pos{})
		if !ran.Load() {
			th.yieldAt = -yieldGap
			th.Poll(Pos{})
		}
		if !ran.Load() {
			t.Fatal("a ready goroutine did not run at two polls")
		}
		<-done
	}
	th.yieldAt = time.Since(clockBase)
	at := th.yieldAt
	th.Poll(Pos{})
	if th.yieldAt != at {
		t.Error("a poll right after a yield yielded again")
	}
}

// TestPrintPollsStoppedRun: a Thread is the run a value's text is written
// in (value.Run): a text of several chunks polls the run between them,
// so a stopped run raises its interruption there.
func TestPrintPollsStoppedRun(t *testing.T) {
	th := testThread()
	ctx, cancel := context.WithCancel(context.Background())
	th.Ctx = ctx
	w := value.ValueWriter{Th: th}
	big := strings.Repeat("y", 2<<20)
	w.Str(big)
	w.Str(big)
	cancel()
	defer func() {
		if e, ok := recover().(*value.RuntimeError); !ok || e.Kind != value.ErrInterrupted {
			t.Errorf("raised %v, want the interruption", e)
		}
	}()
	_ = w.String()
	t.Error("String of a stopped run returned")
}

// TestAllMemosMemory: with AllMemos, the memory limit counts the flat
// tables of every session of the process (those of the other sessions
// computing a table with this one), not this one's alone.
func TestAllMemosMemory(t *testing.T) {
	th := testThread()
	const others = 1 << 30 // (as if other sessions' tables took 1 GiB)
	memo.FlatLive.Add(others)
	defer memo.FlatLive.Add(-others)
	th.Limits.MaxMemory = goBytes() + others/2
	if err := th.memErr(Pos{Line: 1, Column: 1}, 0); err != nil {
		t.Fatalf("its own tables only: %v", err)
	}
	th.Limits.AllMemos = true
	if err := th.memErr(Pos{Line: 1, Column: 1}, 0); err == nil || !strings.Contains(err.Msg, "memory limit reached") {
		t.Errorf("every session's tables: %v", err)
	}
}
