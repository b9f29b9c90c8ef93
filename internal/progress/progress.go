// Package progress reports how far a long run got (eval.Options.Progress;
// the command line shows it on a terminal). Its Meter rides on the
// engine's polls (every 64 positions, and every 4096 steps when the run
// has a context): every 16th poll reads the clock.
package progress

import "time"

// Report is what Options.Progress receives.
type Report struct {
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
	After = time.Second
	Every = 250 * time.Millisecond
)

// Meter is a run's progress reporting (engine.Thread.Prog).
type Meter struct {
	Report func(Report)
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
	p.next = p.start.Add(After)
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
	p.next = now.Add(Every)
	p.shown = true
	p.Report(Report{States: max(states-p.base, 0), Elapsed: now.Sub(p.start)})
}

// BeginUnits has a computation that counts units (see Report.Units)
// report its own progress (TickUnits), from now on, until EndUnits: the
// positions' reports stop meanwhile.
func (p *Meter) BeginUnits() { p.busy, p.unitsStart = true, time.Time{} }

// EndUnits ends what BeginUnits began.
func (p *Meter) EndUnits() { p.busy = false }

// Busy reports whether a computation reports its own progress.
func (p *Meter) Busy() bool { return p.busy }

// TickUnits reports the progress of a computation that counts units
// (see Report.Units) when it is time to.
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
	p.next = now.Add(Every)
	p.shown = true
	p.Report(Report{States: max(n-p.unitsBase, 0), Elapsed: now.Sub(p.unitsStart), Units: units, Detail: detail()})
}

// End reports the end of a run that reported its progress.
func (p *Meter) End(states int64) {
	if p.shown {
		p.shown = false
		p.Report(Report{States: max(states-p.base, 0), Elapsed: time.Since(p.start), Done: true})
	}
}
