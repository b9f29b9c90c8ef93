//go:build js

package engine

// checkEvery is the number of steps between two checks of the limits.
//
// In a browser (js/wasm) nothing preempts a running goroutine, so each
// check yields to the scheduler (pollYield): that runs the timer of a
// time limit, which would otherwise never fire, and unwinds the
// WebAssembly call stack, which the browser bounds (about 1 MB: near a
// thousand nested def calls without a yield). Hence the shorter interval,
// and a yield at every poll (yieldGap).
const checkEvery = 256

// yieldGap is the least time between two yields of a run: none here.
const yieldGap = 0
