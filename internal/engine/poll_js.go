//go:build js

package engine

import "runtime"

// checkEvery is the number of steps between two checks of the limits.
//
// In a browser (js/wasm) nothing preempts a running goroutine, so each
// check yields to the scheduler (pollYield): that runs the timer of a
// time limit, which would otherwise never fire, and unwinds the
// WebAssembly call stack, which the browser bounds (about 1 MB: near a
// thousand nested def calls without a yield). Hence the shorter interval.
const checkEvery = 256

func (th *Thread) pollYield() { runtime.Gosched() }
