//go:build unix

package spelling

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used (user and system): what
// a run is timed by, so that other work on a busy machine counts less
// than it would on the wall clock.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
