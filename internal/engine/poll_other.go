//go:build !js

package engine

import "runtime"

// checkEvery is the number of steps between two checks of the limits
// (see poll_js.go for the browser's).
const checkEvery = 4096

// pollYield lets the goroutines that are ready run first: the ones that
// carry a SIGINT to the run's context (os/signal's, then the context's),
// a time limit's timer. The scheduler would preempt the run for them, but
// only after 10 ms or more, once per hop; on a loaded machine, where the
// process has one CPU at a time, that was most of the 100-300 ms from a
// SIGINT to its message (a parse of a 50 MB script). A yield with nothing
// else ready costs a few hundred nanoseconds, and checks come every
// millisecond or so.
func pollYield() { runtime.Gosched() }

// maxSumNesting bounds the nesting of sums in a compared value (see
// value.go).
const maxSumNesting = 10_000
