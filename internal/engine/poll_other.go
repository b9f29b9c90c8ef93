//go:build !js

package engine

// checkEvery is the number of steps between two checks of the limits
// (see poll_js.go for the browser's).
const checkEvery = 4096

// pollYield does nothing here: the Go scheduler preempts long runs.
func pollYield() {}

// maxSumNesting bounds the nesting of sums in a compared value (see
// value.go).
const maxSumNesting = 10_000
