package eval

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/progress"
	"github.com/grundy-lang/grundy/internal/solve"
	"github.com/grundy-lang/grundy/internal/value"
)

// TestPeriodSearch: period, periodic and sg of a take-and-break family
// use its table of values and prove as soon as the values do: .127 is
// proved with the values of heaps 0 .. 93166 (the bound of Guy and Smith
// for preperiod 46578 and period 4: 2p + q + t = 93163, checked for q
// more heaps) and not with one heap fewer.
func TestPeriodSearch(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ src, want string }{
		{`print periodic(octal("0.127"), 93165)`, "observed to 93165"},
		{`print periodic(octal("0.127"), 93166), period(octal("0.127"), 93166)`, "proved (46578, 4, 0)"},
		{`print period(octal("0.127")), periodic(octal("0.127"))`, "(46578, 4, 0) proved"},
		{`print periodic(kayles, 100), sg(kayles(10 ** 18)) == sg(kayles(71 + (10 ** 18 - 71) % 12)), sg(octal("0.56")(10 ** 9)) == sg(octal("0.56")(326640 + (10 ** 9 - 326640) % 144))`, "proved true true"},
		// (3000 heaps of Officers from the table, no period searched for:
		// the heap is below 65536; the same game declared.)
		{"game off(n) moves off(n - 1) if n > 1 | off(a) + off(n - 1 - a) for a in 1 .. (n - 1) / 2\n" +
			`print sg(octal("0.6")(3000)) == sg(off(3000)), periodic(octal("0.6"), 3000)`, "true none found to 3000"},
	} {
		var out strings.Builder
		s := NewSession(Options{Stdout: &out})
		if err := s.ExecFile(ctx, "t.game", c.src); err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		if got := strings.TrimSpace(out.String()); got != c.want {
			t.Errorf("%s: %q, want %q", c.src, got, c.want)
		}
	}
}

// TestPeriodSearchProgress: a long search reports heaps, not positions,
// and how far it got; Ctrl-C (the context canceled) stops it with an
// error that says so.
func TestPeriodSearchProgress(t *testing.T) {
	defer func(a, e time.Duration) { progress.After, progress.Every = a, e }(progress.After, progress.Every)
	progress.After, progress.Every = 0, 0
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got []progress.Report
	s := NewSession(Options{Progress: func(p progress.Report) {
		got = append(got, p)
		if strings.Contains(p.Detail, "candidate period 144") && p.States > 400000 {
			cancel()
		}
	}})
	err := s.ExecFile(ctx, "t.game", `print period(octal("0.56"))`)
	var ge *value.RuntimeError
	if !errors.As(err, &ge) || !strings.HasPrefix(ge.Msg, `interrupted while searching the period of octal("0.56"): heaps 0 .. `) ||
		!strings.Contains(ge.Msg, "computed, last exception so far 326639 for the candidate period 144") {
		t.Fatalf("error %v", err)
	}
	if len(got) < 2 || got[0].Units != `heaps of octal("0.56")` || !strings.HasPrefix(got[0].Detail, "heaps 0 .. ") {
		t.Fatalf("reports %+v", got[:min(len(got), 3)])
	}
	for i := 1; i < len(got)-1; i++ {
		if got[i].States < got[i-1].States {
			t.Errorf("report %d: %+v after %+v", i, got[i], got[i-1])
		}
	}
	// The session goes on; the search goes on from where it stopped.
	var out strings.Builder
	s2 := NewSession(Options{Stdout: &out})
	if err := s2.ExecFile(context.Background(), "t.game", `print period(octal("0.56"))`); err != nil || strings.TrimSpace(out.String()) != "(326640, 144, 0)" {
		t.Errorf("%v %q", err, out.String())
	}
}

// TestCheckpoint: a search stopped (Ctrl-C) saves its values to the
// checkpoint file, and a later session goes on from them; a file that is
// not a checkpoint is an error that names it.
func TestCheckpoint(t *testing.T) {
	defer func(a, e time.Duration) { progress.After, progress.Every = a, e }(progress.After, progress.Every)
	progress.After, progress.Every = 0, 0
	file := t.TempDir() + "/cp"
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := NewSession(Options{Checkpoint: file, Progress: func(p progress.Report) {
		if p.States > 200000 {
			cancel()
		}
	}})
	err := s.ExecFile(ctx, "t.game", `print period(octal("0.56"))`)
	if err == nil || !strings.Contains(err.Error(), "interrupted while searching") {
		t.Fatalf("error %v", err)
	}
	saved := 0
	for _, pd := range solve.Tables(s.env.Engine) {
		saved = max(saved, pd.Solver.Len())
	}
	if saved < 200000 {
		t.Fatalf("%d values when stopped", saved)
	}
	var out strings.Builder
	s2 := NewSession(Options{Stdout: &out, Checkpoint: file})
	if err := s2.ExecFile(context.Background(), "t.game", `print sg(octal("0.56")(100))`); err != nil {
		t.Fatal(err)
	}
	restored := 0
	for _, pd := range solve.Tables(s2.env.Engine) {
		restored = max(restored, pd.Solver.Len())
	}
	if restored < saved {
		t.Errorf("%d values restored, %d saved", restored, saved)
	}
	if err := s2.ExecFile(context.Background(), "t.game", `print period(octal("0.56"))`); err != nil || !strings.HasSuffix(out.String(), "(326640, 144, 0)\n") {
		t.Errorf("%v %q", err, out.String())
	}
	if err := os.WriteFile(file, []byte("not one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s3 := NewSession(Options{Checkpoint: file})
	err = s3.ExecFile(context.Background(), "t.game", `print sg(kayles(5))`)
	if err == nil || !strings.Contains(err.Error(), "--checkpoint "+file+" is not a checkpoint") {
		t.Errorf("error %v", err)
	}
}

// TestTableStopSaysHowFar: a table of a take-and-break family's values
// stopped (a step limit) says how many rows it computed; a search for
// the period on the way says how far it got too.
func TestTableStopSaysHowFar(t *testing.T) {
	s := NewSession(Options{Limits: engine.Limits{MaxSteps: 300000}})
	err := s.ExecFile(context.Background(), "t.game", `table sg(octal("0.1777")(n)) for n in 0 .. 10 ** 7`)
	var ge *value.RuntimeError
	if !errors.As(err, &ge) || !strings.Contains(ge.Msg, "while computing the table: ") || !strings.Contains(ge.Msg, " rows done, the last for n = ") {
		t.Fatalf("error %v", err)
	}
	s = NewSession(Options{Limits: engine.Limits{MaxSteps: 300000}})
	err = s.ExecFile(context.Background(), "t.game", `table sg(octal("0.1777")(n)) for n in [3, 10 ** 12]`)
	if !errors.As(err, &ge) || !strings.Contains(ge.Msg, "while computing the table: 1 row done, the last for n = 3, searching the period of octal(\"0.1777\"): heaps 0 .. ") {
		t.Fatalf("error %v", err)
	}
}
