package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy"
)

// TestProgressLine: the indicator rewrites one line, output through the
// guard erases it first, the end of the run erases it, and nothing of it
// is set up when standard error is not a terminal.
func TestProgressLine(t *testing.T) {
	var term, out bytes.Buffer
	opts := withProgress(grundy.Config{Stdout: &out}, &term)
	if opts.Progress != nil || opts.Stdout != io.Writer(&out) {
		t.Fatalf("progress on a standard error that is not a terminal")
	}
	defer func(f func(io.Writer) bool) { isTerminal = f }(isTerminal)
	isTerminal = func(w io.Writer) bool { return w == &term }
	opts = withProgress(grundy.Config{Stdout: &term}, &term)
	if opts.Progress == nil {
		t.Fatal("no progress on a terminal")
	}
	opts.Progress(grundy.Progress{States: 1234567, Elapsed: 2 * time.Second})
	opts.Progress(grundy.Progress{States: 25000, Elapsed: 2500 * time.Millisecond})
	io.WriteString(opts.Stdout, "printed\n")
	io.WriteString(opts.Stdout, "again\n")
	opts.Progress(grundy.Progress{States: 950, Elapsed: time.Second})
	opts.Progress(grundy.Progress{States: 3000000, Elapsed: time.Second, Units: "heaps of kayles", Detail: "heaps 0 .. 3000000 computed"})
	opts.Progress(grundy.Progress{Done: true})
	opts.Progress(grundy.Progress{Done: true})
	want := "\r\x1b[K[grundy] 1.2M positions solved, 617.3k/s, 2s" +
		"\r\x1b[K[grundy] 25.0k positions solved, 10.0k/s, 2s" +
		"\r\x1b[K" + "printed\n" + "again\n" +
		"\r\x1b[K[grundy] 950 positions solved, 950/s, 1s" +
		"\r\x1b[K[grundy] 3.0M heaps of kayles, 3.0M/s, 1s: heaps 0 .. 3000000 computed" +
		"\r\x1b[K"
	if got := term.String(); got != want {
		t.Errorf("terminal:\n%q\nwant\n%q", got, want)
	}
	if strings.Contains(out.String(), "grundy") {
		t.Errorf("stdout: %q", out.String())
	}
}

// TestProgressGroup: the interpreters of a table show one line, their
// positions added up (those of their calls that ended too), erased when
// none is running a call that reported.
func TestProgressGroup(t *testing.T) {
	var got []grundy.Progress
	g := newProgressGroup(func(p grundy.Progress) { got = append(got, p) })
	a, b := g.member(), g.member()
	a(grundy.Progress{States: 100, Elapsed: time.Second})
	b(grundy.Progress{States: 50, Elapsed: time.Second})
	a(grundy.Progress{States: 300, Done: true}) // (a's call ended; b's runs)
	b(grundy.Progress{States: 70, Elapsed: 2 * time.Second})
	b(grundy.Progress{States: 1, Units: "heaps of k", Detail: "d"})
	b(grundy.Progress{Done: true})
	var states []int64
	done := 0
	for _, p := range got {
		states = append(states, p.States)
		if p.Done {
			done++
		}
	}
	if want := []int64{100, 150, 370, 1, 0}; fmt.Sprint(states) != fmt.Sprint(want) || done != 1 || !got[len(got)-1].Done {
		t.Errorf("reports %v (%d done), want %v and one done, last", states, done, want)
	}
}
