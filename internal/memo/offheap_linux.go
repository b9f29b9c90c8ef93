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
		adviseHuge(b)
		return b
	}
	const mremapMayMove = 1
	p, _, errno := syscall.Syscall6(syscall.SYS_MREMAP, uintptr(unsafe.Pointer(&old[0])),
		uintptr(len(old)), uintptr(n), mremapMayMove, 0, 0)
	if errno != 0 {
		return nil
	}
	// (p is the address of memory the system mapped, not of the Go heap.)
	b := unsafe.Slice((*byte)(*(*unsafe.Pointer)(unsafe.Pointer(&p))), n)
	adviseHuge(b)
	return b
}

// hugeMin is the size from which a mapping asks for huge pages: the
// memo's big arrays are read at random (a key's slot, its record and
// state), one miss of the address translation each with pages of 4 KiB.
// (Smaller ones would take a huge page's memory for less.)
const hugeMin = 4 << 20

// adviseHuge asks the system for huge pages for mapping b when it is
// big (where transparent huge pages are on for the mappings that ask).
func adviseHuge(b []byte) {
	if len(b) >= hugeMin {
		_ = syscall.Madvise(b, 14) // MADV_HUGEPAGE
	}
}

// unmapOff gives back a mapping of remapOff.
func unmapOff(b []byte) { _ = syscall.Munmap(b) }
