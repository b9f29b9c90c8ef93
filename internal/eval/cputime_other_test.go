//go:build !unix

package eval_test

import "time"

// cpuTime is not measured here (0: the cpu-ns/move metric reads 0).
func cpuTime() time.Duration { return 0 }
