package grundy

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestTableWithAutoSwitch: with Auto, a table with one for clause runs
// on this interpreter alone until the rule says its rows are slow (here:
// after 30 rows), then the others join it from the row after: the rows,
// streamed or returned, are those of one interpreter.
func TestTableWithAutoSwitch(t *testing.T) {
	defer func(f func(int64, time.Duration) bool) { autoRule = f }(autoRule)
	autoRule = func(rows int64, _ time.Duration) bool { return rows >= 30 }
	const src = "game k(n) moves k(a) + k(n - a - t) for t in [1, 2] for a in 0 .. n - t\ndef slow(n) = len([i for i in 0 .. 30000 if (i * n) % 7 == 3])\n"
	const spec = "sg(k(n)) + slow(n) * 0 for n in 0 .. 400 if n % 3 != 2"
	var made atomic.Int32
	newWorker := func(ctx context.Context) (*Interpreter, error) {
		w := New(Config{})
		if err := w.Load(ctx, "t.game", src); err != nil {
			return nil, err
		}
		made.Add(1)
		return w, nil
	}
	in := New(Config{})
	if err := in.Load(context.Background(), "t.game", src); err != nil {
		t.Fatal(err)
	}
	one, err := in.Table(context.Background(), "<table>", spec)
	if err != nil {
		t.Fatal(err)
	}
	// Returned (the text format).
	fresh := New(Config{})
	fresh.Load(context.Background(), "t.game", src)
	got, err := fresh.TableWith(context.Background(), "<table>", spec, TableOptions{Jobs: 3, Auto: true, NewWorker: newWorker})
	if err != nil || got.TextWithHeader() != one.TextWithHeader() {
		t.Errorf("returned: %v\n%s\nwant\n%s", err, got.TextWithHeader(), one.TextWithHeader())
	}
	// Streamed, with the progress.
	fresh = New(Config{})
	fresh.Load(context.Background(), "t.game", src)
	var b strings.Builder
	var last TableProgress
	_, err = fresh.TableWith(context.Background(), "<table>", spec, TableOptions{Jobs: 3, Auto: true, NewWorker: newWorker,
		Format:  func(row, v Value) (string, error) { return row.String() + " " + v.String() + "\n", nil },
		Write:   func(s string) error { b.WriteString(s); return nil },
		Written: func(p TableProgress) { last = p },
	})
	var want strings.Builder
	for i, r := range one.Rows {
		want.WriteString(r.String() + " " + one.Cells[i][0].String() + "\n")
	}
	if err != nil || b.String() != want.String() || last.Rows != int64(len(one.Rows)) || last.Iterations != 401 || last.Last != "400" {
		t.Errorf("streamed: %v, progress %+v\n%s\nwant\n%s", err, last, b.String(), want.String())
	}
	if made.Load() == 0 {
		t.Errorf("the rule held, and no other interpreter was made")
	}
}
