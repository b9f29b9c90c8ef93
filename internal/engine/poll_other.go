//go:build !js

package engine

import "time"

// checkEvery is the number of steps between two checks of the limits
// (see poll_js.go for the browser's).
const checkEvery = 4096

// yieldGap is the least time between two yields of a run (pollYield).
const yieldGap = 2 * time.Millisecond
