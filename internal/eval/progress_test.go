package eval

import (
	"context"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/progress"
)

// TestProgress: a run reports its progress (positions visited since it
// began, never fewer than before) once it is due, and then that it is
// done; a run that never reported does not report its end. The delays are set to 0 or to an hour so that nothing depends
// on the clock.
func TestProgress(t *testing.T) {
	defer func(a, e time.Duration) { progress.After, progress.Every = a, e }(progress.After, progress.Every)
	var got []progress.Report
	s := NewSession(Options{Progress: func(p progress.Report) { got = append(got, p) }})
	ctx := context.Background()
	// (Not a take-and-break game, whose heaps the engine would not visit.)
	const src = "game g(n) moves g(n - 1) if n > 0 | g(n / 2) if n > 1\n"
	if err := s.ExecFile(ctx, "t.game", src); err != nil {
		t.Fatal(err)
	}

	progress.After, progress.Every = time.Hour, time.Hour
	if _, err := s.Eval(ctx, "t", "sg(g(200000))"); err != nil {
		t.Fatal(err)
	}
	if len(got) != 0 {
		t.Fatalf("reports before they are due: %+v", got)
	}

	progress.After, progress.Every = 0, 0
	if _, err := s.Eval(ctx, "t", "sg(g(400000))"); err != nil {
		t.Fatal(err)
	}
	if len(got) < 3 {
		t.Fatalf("%d reports of a run of 200000 positions", len(got))
	}
	last := got[len(got)-1]
	if !last.Done {
		t.Errorf("the last report is not Done: %+v", last)
	}
	for i, p := range got[:len(got)-1] {
		if p.Done || i > 0 && p.States < got[i-1].States {
			t.Errorf("report %d: %+v after %+v", i, p, got[max(i-1, 0)])
		}
	}
	if last.States < 200000 || last.States > 400000 {
		t.Errorf("the run visited %d positions, not about 200000 (the new ones, and some of them again)", last.States)
	}

	// A later run that is not due reports nothing, not even its end.
	got = nil
	progress.After, progress.Every = time.Hour, time.Hour
	if _, err := s.Eval(ctx, "t", "sg(g(500000))"); err != nil {
		t.Fatal(err)
	}
	if len(got) != 0 {
		t.Errorf("reports of a run not due: %+v", got)
	}
}
