//go:build linux

package memo

import (
	"syscall"
	"unsafe"
)

// mapFlat reserves address space for n int32 states, all zero: memory the
// system provides page by page as they are written (nil when it cannot).
func mapFlat(n int) []int32 {
	b, err := syscall.Mmap(-1, 0, n*4, syscall.PROT_READ|syscall.PROT_WRITE,
		syscall.MAP_PRIVATE|syscall.MAP_ANON|syscall.MAP_NORESERVE)
	if err != nil {
		return nil
	}
	// Sparse tables (two arguments) would fill whole huge pages.
	_ = syscall.Madvise(b, syscall.MADV_NOHUGEPAGE)
	return unsafe.Slice((*int32)(unsafe.Pointer(&b[0])), n)
}

// unmapFlat returns a mapFlat reservation.
func unmapFlat(f []int32) {
	_ = syscall.Munmap(unsafe.Slice((*byte)(unsafe.Pointer(&f[0])), len(f)*4))
}

// clearFlat zeroes a mapFlat reservation and gives its memory back.
func clearFlat(f []int32) {
	_ = syscall.Madvise(unsafe.Slice((*byte)(unsafe.Pointer(&f[0])), len(f)*4), syscall.MADV_DONTNEED)
}

// adviseHugeFlat asks for part f of a reservation in huge pages; false
// when the system refuses.
func adviseHugeFlat(f []int32) bool {
	return syscall.Madvise(unsafe.Slice((*byte)(unsafe.Pointer(&f[0])), len(f)*4), 14) == nil // MADV_HUGEPAGE
}

// adviseSmallFlat asks for a reservation in small pages again (a table
// reset).
func adviseSmallFlat(f []int32) {
	_ = syscall.Madvise(unsafe.Slice((*byte)(unsafe.Pointer(&f[0])), len(f)*4), syscall.MADV_NOHUGEPAGE)
}
