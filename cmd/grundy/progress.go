package main

import (
	"fmt"
	"io"
	"slices"
	"sync"
	"time"

	"github.com/grundy-lang/grundy"
)

// progressLine shows a computation that has run for more than a second:
// one line on a terminal's standard error, rewritten in place, e.g.
//
//	[grundy] 3.2M positions solved, 1.1M/s, 3s
//
// and erased when the computation ends. Output written meanwhile to the
// same terminal (print, through guard) erases it first, so that the
// indicator never ends up inside the program's output.
type progressLine struct {
	w     io.Writer // the terminal
	shown bool
}

// withProgress adds the indicator to opts when stderr is a terminal, and
// returns opts: the run's Progress reports it, and its Stdout erases it
// before writing.
func withProgress(opts grundy.Config, stderr io.Writer) grundy.Config {
	if !isTerminal(stderr) {
		return opts
	}
	p := &progressLine{w: stderr}
	opts.Progress = p.update
	if opts.Stdout != nil {
		opts.Stdout = guard{p, opts.Stdout}
	}
	return opts
}

func (p *progressLine) update(pr grundy.Progress) {
	if pr.Done {
		p.erase()
		return
	}
	secs := pr.Elapsed.Seconds()
	rate := 0.0
	if secs > 0 {
		rate = float64(pr.States) / secs
	}
	if pr.Units != "" {
		// e.g. [grundy] 12.3M heaps of octal("0.1777"), 4.1M/s, 3s: heaps 0 .. 12345678 computed, ...
		fmt.Fprintf(p.w, "\r\x1b[K[grundy] %s %s, %s/s, %.0fs: %s", count(float64(pr.States)), pr.Units, count(rate), secs, pr.Detail)
	} else {
		fmt.Fprintf(p.w, "\r\x1b[K[grundy] %s positions solved, %s/s, %.0fs", count(float64(pr.States)), count(rate), secs)
	}
	p.shown = true
}

func (p *progressLine) erase() {
	if p.shown {
		io.WriteString(p.w, "\r\x1b[K")
		p.shown = false
	}
}

// count writes n with a k, M or G suffix: 950, 12.3k, 4.5M.
func count(n float64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.1fG", n/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1fM", n/1e6)
	case n >= 1e4:
		return fmt.Sprintf("%.1fk", n/1e3)
	}
	return fmt.Sprintf("%.0f", n)
}

// guard is a writer that erases the indicator before each write.
type guard struct {
	p *progressLine
	w io.Writer
}

func (g guard) Write(b []byte) (int, error) {
	g.p.erase()
	return g.w.Write(b)
}

// progressGroup is the indicator of the interpreters that compute a
// table together (grundy table --jobs): one line, their positions added
// up, the time since the table began. A report that counts something
// else (Units) is shown as it is.
type progressGroup struct {
	mu     sync.Mutex
	show   func(grundy.Progress) // the line's
	start  time.Time
	base   []int64 // per member: the positions of its calls that ended
	cur    []int64 // and of its call running
	active []bool  // whether its call running has reported
}

func newProgressGroup(show func(grundy.Progress)) *progressGroup {
	return &progressGroup{show: show, start: time.Now()}
}

// member returns the Progress of another interpreter of the group.
func (g *progressGroup) member() func(grundy.Progress) {
	g.mu.Lock()
	k := len(g.cur)
	g.base, g.cur, g.active = append(g.base, 0), append(g.cur, 0), append(g.active, false)
	g.mu.Unlock()
	return func(p grundy.Progress) {
		g.mu.Lock()
		defer g.mu.Unlock()
		if p.Done {
			g.base[k] += max(g.cur[k], p.States)
			g.cur[k], g.active[k] = 0, false
			if !slices.Contains(g.active, true) {
				g.show(p) // (erases the line)
			}
			return
		}
		g.cur[k], g.active[k] = p.States, true
		if p.Units != "" {
			g.show(p)
			return
		}
		var n int64
		for i := range g.cur {
			n += g.base[i] + g.cur[i]
		}
		g.show(grundy.Progress{States: n, Elapsed: time.Since(g.start)})
	}
}
