//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package takebreak

import (
	"os"
	"syscall"
)

const canMap = true

// mapFile maps size bytes of f, shared: what is written goes to the file.
func mapFile(f *os.File, size int64) ([]byte, error) {
	return syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
}

func unmap(b []byte) { syscall.Munmap(b) }
