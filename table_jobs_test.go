package grundy_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/grundy-lang/grundy"
)

// jobsSrc: Kayles declared (a row needs the memo of the rows before), a
// def that fails at one row, and a slow one.
const jobsSrc = `game k(n) moves k(a) + k(n - a - t) for t in [1, 2] for a in 0 .. n - t
def f(n) = if n == 300 then 1 / 0 else n * n
def slow(n) = len([i for i in 0 .. 20000 if (i * n) % 7 == 3])
`

// workers returns a NewWorker that loads src, and counts the
// interpreters it made.
func workers(t *testing.T, src string) (func(context.Context) (*grundy.Interpreter, error), *atomic.Int32) {
	var made atomic.Int32
	return func(ctx context.Context) (*grundy.Interpreter, error) {
		in := grundy.New(grundy.Config{})
		if err := in.Load(ctx, "t.game", src); err != nil {
			return nil, err
		}
		made.Add(1)
		return in, nil
	}, &made
}

// streamed runs TableWith with Format and Write and returns the rows'
// texts.
func streamed(t *testing.T, ctx context.Context, spec string, o grundy.TableOptions) ([]string, error) {
	t.Helper()
	in := grundy.New(grundy.Config{})
	mustLoad(t, in, jobsSrc)
	var rows []string
	gate := o.Format // (called first: a test's)
	o.Format = func(row, v grundy.Value) (string, error) {
		if gate != nil {
			gate(row, v)
		}
		return row.String() + " " + v.String(), nil
	}
	w := o.Write
	o.Write = func(text string) error {
		rows = append(rows, text)
		if w != nil {
			return w(text)
		}
		return nil
	}
	_, err := in.TableWith(ctx, "<table>", spec, o)
	return rows, err
}

// TestTableWithJobs: on three interpreters, the rows (streamed) and the
// grid are those of one; a failing row ends the table after the rows
// before it, with its error.
func TestTableWithJobs(t *testing.T) {
	nw, made := workers(t, jobsSrc)
	for _, spec := range []string{"sg(k(n)) for n in 0 .. 500 if n % 3 != 1", "f(n) for n in 0 .. 600"} {
		one, err1 := streamed(t, bg, spec, grundy.TableOptions{})
		// (The first row waits for another interpreter, which then
		// computes rows too.)
		var once sync.Once
		wait := func(grundy.Value, grundy.Value) (string, error) {
			once.Do(func() {
				for i := 0; i < 1000 && made.Load() == 0; i++ {
					time.Sleep(10 * time.Millisecond)
				}
			})
			return "", nil
		}
		three, err3 := streamed(t, bg, spec, grundy.TableOptions{Jobs: 3, NewWorker: nw, Format: wait})
		if strings.Join(one, "\n") != strings.Join(three, "\n") || fmt.Sprint(err1) != fmt.Sprint(err3) {
			t.Errorf("%s: one interpreter: %d rows, %v; three: %d rows, %v", spec, len(one), err1, len(three), err3)
		}
	}
	if made.Load() == 0 {
		t.Errorf("no interpreter was made")
	}
	in := grundy.New(grundy.Config{})
	mustLoad(t, in, jobsSrc)
	const grid = "sg(k(a) + k(b)) for a in 0 .. 40 for b in [5, 1, 5, 3] if a != b"
	t1, err := in.Table(bg, "<table>", grid)
	if err != nil {
		t.Fatal(err)
	}
	t3, err := in.TableWith(bg, "<table>", grid, grundy.TableOptions{Jobs: 3, NewWorker: nw})
	if err != nil || t3.Text() != t1.Text() || len(t3.Rows) != len(t1.Rows) || len(t3.Cols) != 3 {
		t.Errorf("grid on three: %v\n%s\nwant\n%s", err, t3.Text(), t1.Text())
	}
}

// TestTableWithCancel: a cancellation stops every interpreter; the rows
// written are the table's first, and the error says how many.
func TestTableWithCancel(t *testing.T) {
	nw, _ := workers(t, jobsSrc)
	ctx, cancel := context.WithCancel(bg)
	defer cancel()
	var n atomic.Int32
	rows, err := streamed(t, ctx, "slow(n) for n in 0 .. 100000", grundy.TableOptions{Jobs: 3, NewWorker: nw, Write: func(string) error {
		if n.Add(1) == 20 {
			cancel()
		}
		return nil
	}})
	e := asError(t, err, grundy.Canceled)
	if want := fmt.Sprintf("interrupted while computing the table: %d rows done, the last for n = %d", len(rows), len(rows)-1); !strings.HasPrefix(e.Msg, want) || len(rows) < 20 {
		t.Errorf("%d rows, error %q (want %q)", len(rows), e.Msg, want)
	}
	for i, r := range rows {
		if !strings.HasPrefix(r, fmt.Sprint(i)+" ") {
			t.Fatalf("row %d is %q", i, r)
		}
	}
	if !errors.Is(err, context.Canceled) {
		t.Errorf("%v does not wrap context.Canceled", err)
	}
}

// TestTableWithAuto: Auto starts the other interpreters only for slow
// rows (AutoJobs): a table of cheap rows is computed by one.
func TestTableWithAuto(t *testing.T) {
	for _, c := range []struct {
		rows    int64
		elapsed time.Duration
		want    bool
	}{
		{0, 100 * time.Millisecond, false}, // (too soon to say)
		{0, 200 * time.Millisecond, true},  // the first row is slow
		{3, 200 * time.Millisecond, true},
		{4, 200 * time.Millisecond, false},
		{1000, 10 * time.Second, false},
		{100, 10 * time.Second, true},
	} {
		if got := grundy.AutoJobs(c.rows, c.elapsed); got != c.want {
			t.Errorf("AutoJobs(%d, %v) = %v", c.rows, c.elapsed, got)
		}
	}
	nw, made := workers(t, jobsSrc)
	rows, err := streamed(t, bg, "sg(k(n)) for n in 0 .. 2000", grundy.TableOptions{Jobs: 4, Auto: true, NewWorker: nw})
	if err != nil || len(rows) != 2001 || made.Load() != 0 {
		t.Errorf("cheap rows: %v, %d rows, %d interpreters made", err, len(rows), made.Load())
	}
}

// TestTableWithFrom: Written says how far a table got; From goes on
// from there, and the rows of both runs are those of one run.
func TestTableWithFrom(t *testing.T) {
	nw, _ := workers(t, jobsSrc)
	const spec = "sg(k(n)) for n in 0 .. 300 if n % 4 != 1"
	all, err := streamed(t, bg, spec, grundy.TableOptions{})
	if err != nil {
		t.Fatal(err)
	}
	stop := errors.New("stop")
	var mu sync.Mutex
	var at grundy.TableProgress
	var n int
	first, err := streamed(t, bg, spec, grundy.TableOptions{Jobs: 2, NewWorker: nw,
		Write: func(string) error {
			if n++; n == 100 {
				return stop
			}
			return nil
		},
		Written: func(p grundy.TableProgress) { mu.Lock(); at = p; mu.Unlock() },
	})
	if err != stop || at.Rows != 99 || at.Last != strings.Fields(all[98])[0] {
		t.Fatalf("stopped: %v at %+v", err, at)
	}
	rest, err := streamed(t, bg, spec, grundy.TableOptions{Jobs: 2, NewWorker: nw, From: at})
	if got := append(first[:99], rest...); err != nil || strings.Join(got, "\n") != strings.Join(all, "\n") {
		t.Errorf("resumed: %v, %d + %d rows, want %d", err, 99, len(rest), len(all))
	}
}
