//go:build !unix

package spelling

import "time"

// cpuTime is 0 where the process's CPU time is not read: runs are timed
// by the wall clock.
func cpuTime() time.Duration { return 0 }
