package value

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unsafe"
)

// TestValueWriterChunks: a run's text is kept in chunks of about
// textChunk bytes (no builder doubles past that: a copy the run cannot
// stop), a big string is a chunk of its own, and String gives the text
// written, polling between the chunks (a stopped run: the interruption).
func TestValueWriterChunks(t *testing.T) {
	run := &testRun{}
	w := ValueWriter{Th: run}
	var want strings.Builder
	big := strings.Repeat("y", 2*textChunk)
	for i := 0; i < 400_000; i++ {
		s := "item, "
		if i == 200_000 {
			s = big
		}
		w.Str(s)
		want.WriteString(s)
		if w.B.Cap() > 2*textChunk+len(s) {
			t.Fatalf("after %d bytes the builder holds %d", w.Len(), w.B.Cap())
		}
	}
	if w.Len() != want.Len() || w.String() != want.String() {
		t.Fatalf("the text differs: %d bytes, want %d", w.Len(), want.Len())
	}
	if len(w.done) < 3 {
		t.Errorf("%d chunks of %d bytes", len(w.done), w.Len())
	}
	shared := false
	for _, c := range w.done {
		shared = shared || unsafe.StringData(c) == unsafe.StringData(big)
	}
	if !shared {
		t.Error("the big string was copied")
	}
	run.stopped = true
	defer func() {
		if e, ok := recover().(*RuntimeError); !ok || e.Kind != ErrInterrupted {
			t.Errorf("raised %v, want the interruption", e)
		}
	}()
	_ = w.String()
	t.Error("String of a stopped run returned")
}

// testRun is a run without limits that can be stopped: it then raises the
// interruption at its next poll, as package engine's Thread does.
type testRun struct {
	stopped bool
	out     strings.Builder
}

func (r *testRun) Alloc(Pos, int64) {}

func (r *testRun) PollCtx(pos Pos) {
	if r.stopped {
		panic(&RuntimeError{Pos: pos, Msg: "interrupted", Kind: ErrInterrupted})
	}
}

func (r *testRun) PollN(pos Pos, i int) {
	if i&1023 == 1023 {
		r.PollCtx(pos)
	}
}

func (r *testRun) Write(text string) { r.out.WriteString(text) }

// TestComparePairs: Compare of tuples by its shortcut for pairs of ints
// is the general comparison's, for pairs and other tuples alike.
func TestComparePairs(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	elem := func() Value {
		if r.IntN(8) == 0 {
			return Str("a")
		}
		return Int(r.Int64N(5) - 2)
	}
	tuple := func() Value {
		n := 2
		if r.IntN(4) == 0 {
			n = 1 + r.IntN(3)
		}
		es := make([]Value, n)
		for i := range es {
			es[i] = elem()
		}
		return Tuple(es)
	}
	for range 20000 {
		a, b := tuple(), tuple()
		if got, want := Compare(a, b), compare(a, b, 0); got != want {
			t.Fatalf("Compare(%s, %s) = %d, want %d", Shown(a), Shown(b), got, want)
		}
	}
}
