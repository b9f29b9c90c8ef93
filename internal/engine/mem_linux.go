//go:build linux

package engine

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// machineMemory is the memory the process may use: the machine's, or
// its control group's limit when that is lower (a container); 0 when
// unknown.
func machineMemory() int64 {
	var info syscall.Sysinfo_t
	if syscall.Sysinfo(&info) != nil {
		return 0
	}
	total := int64(info.Totalram) * int64(info.Unit)
	// cgroup v2, then v1 ("max" or a huge number: no limit).
	for _, f := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		if n, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64); err == nil && n > 0 && n < total {
			total = n
		}
	}
	return total
}
