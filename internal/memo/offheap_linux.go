//go:build linux

package memo

import (
	"os"
	"syscall"
	"unsafe"
)

var pageSize = os.Getpagesize()

// remapOff returns a mapping of n bytes (a multiple of the page size)
// with the contents of old (a mapping of fewer, or nil), moved without a
// copy; the part past them is zero. nil when the system has no room: old
// is then unchanged.
func remapOff(old []byte, n int) []byte {
	if old == nil {
		b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE,
			syscall.MAP_PRIVATE|syscall.MAP_ANON)
		if err != nil {
			return nil
		}
		return b
	}
	const mremapMayMove = 1
	p, _, errno := syscall.Syscall6(syscall.SYS_MREMAP, uintptr(unsafe.Pointer(&old[0])),
		uintptr(len(old)), uintptr(n), mremapMayMove, 0, 0)
	if errno != 0 {
		return nil
	}
	// (p is the address of memory the system mapped, not of the Go heap.)
	return unsafe.Slice((*byte)(*(*unsafe.Pointer)(unsafe.Pointer(&p))), n)
}

// unmapOff gives back a mapping of remapOff.
func unmapOff(b []byte) { _ = syscall.Munmap(b) }
