package engine

import "time"

// This file reports the progress of long runs (Options.Progress): the
// command line shows it on a terminal. The check rides on poll, which the
// engine calls every 64 positions and checkLimits every 4096 steps, when
// the run has a context: every 16th poll reads the clock.

// Progress is what Options.Progress receives.
type Progress struct {
	States  int64         // positions visited since the run began
	Elapsed time.Duration // since the run began
	Done    bool          // the run ended: clear the indicator
	// A computation that counts something else than positions (the
	// search for a period counts heaps) names it in Units ("heaps of
	// kayles"; States then counts them since it began) and says how far
	// it got in Detail.
	Units, Detail string
}

// When progress is first reported, and then how often.
var (
	ProgressAfter = time.Second
	ProgressEvery = 250 * time.Millisecond
)

// Meter is a run's progress reporting (Thread.Prog).
type Meter struct {
	Report func(Progress)
	start  time.Time
	next   time.Time
	base   int64 // engine states at the start
	polls  uint32
	shown  bool // reported during this run
	// busy: a computation reports its own progress (TickUnits), which
	// began at unitsStart.
	busy       bool
	unitsStart time.Time
	unitsBase  int64
}

// Begin starts the reports of a run.
func (p *Meter) Begin(states int64) {
	p.start = time.Now()
	p.next = p.start.Add(ProgressAfter)
	p.base = states
	p.shown = false
}

// Tick reports the progress when it is time to.
func (p *Meter) Tick(states int64) {
	if p.busy {
		return
	}
	p.polls++
	if p.polls&15 != 0 {
		return
	}
	now := time.Now()
	if now.Before(p.next) {
		return
	}
	p.next = now.Add(ProgressEvery)
	p.shown = true
	p.Report(Progress{States: max(states-p.base, 0), Elapsed: now.Sub(p.start)})
}

// BeginUnits has a computation that counts units (see Progress.Units)
// report its own progress (TickUnits), from now on, until EndUnits: the
// positions' reports stop meanwhile.
func (p *Meter) BeginUnits() { p.busy, p.unitsStart = true, time.Time{} }

// EndUnits ends what BeginUnits began.
func (p *Meter) EndUnits() { p.busy = false }

// Busy reports whether a computation reports its own progress.
func (p *Meter) Busy() bool { return p.busy }

// TickUnits reports the progress of a computation that counts units
// (see Progress.Units) when it is time to.
func (p *Meter) TickUnits(n int64, units string, detail func() string) {
	p.polls++
	if p.polls&15 != 0 {
		return
	}
	now := time.Now()
	if p.unitsStart.IsZero() {
		p.unitsStart, p.unitsBase = now, n
	}
	if now.Before(p.next) {
		return
	}
	p.next = now.Add(ProgressEvery)
	p.shown = true
	p.Report(Progress{States: max(n-p.unitsBase, 0), Elapsed: now.Sub(p.unitsStart), Units: units, Detail: detail()})
}

// End reports the end of a run that reported its progress.
func (p *Meter) End(states int64) {
	if p.shown {
		p.shown = false
		p.Report(Progress{States: max(states-p.base, 0), Elapsed: time.Since(p.start), Done: true})
	}
}
