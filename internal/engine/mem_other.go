//go:build !linux

package engine

// machineMemory is the memory the process may use; 0: unknown here.
func machineMemory() int64 { return 0 }
