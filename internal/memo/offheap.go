package memo

import (
	"runtime"
	"unsafe"
)

// Arrays outside the Go heap. The collector lets the heap grow to about
// twice the data it holds live before it collects: the big arrays of a
// memo (a KeyTable's keys, ids and slots, a Table's states of interned
// ids), which hold no pointers, would take their size about twice in the
// process's memory. Mapped from the system (offheap_linux.go) they take
// it once, as the flat tables do, and the memory limit counts them
// (FlatLive, the process's; Off.Bytes, a table's).

// offMin is the size from which an array is mapped from the system:
// smaller ones stay in the Go heap.
const offMin = 64 << 10

// offArrays is how many arrays an Off holds at most.
const offArrays = 3

// Off owns the arrays of a structure that are mapped from the system. It
// gives them back when Free is called or once the structure (and every
// copy of it) is no longer reachable. Its zero value holds none.
type Off struct{ h *offHolder }

// offHolder is what the cleanup is attached to (the Off of a structure
// and of its copies point to it); mem is what it gives back.
type offHolder struct{ mem *offMem }

type offMem struct {
	arr   [offArrays][]byte // by array number: its mapping, nil when in the heap
	bytes int64
}

func (m *offMem) free() {
	for i, b := range m.arr {
		if b != nil {
			unmapOff(b)
			m.arr[i] = nil
		}
	}
	noteOff(-m.bytes)
	m.bytes = 0
}

// Bytes is the memory of the arrays mapped.
func (o *Off) Bytes() int64 {
	if o.h == nil {
		return 0
	}
	return o.h.mem.bytes
}

// Free gives the arrays back (the slices of them must be dropped).
func (o *Off) Free() {
	if o.h != nil {
		o.h.mem.free()
	}
}

// mem is o's record of its mappings, made when first needed.
func (o *Off) mem() *offMem {
	if o.h == nil {
		o.h = &offHolder{mem: &offMem{}}
		runtime.AddCleanup(o.h, (*offMem).free, o.h.mem)
	}
	return o.h.mem
}

// offGrow returns s, array number i of o (mapped by it, or in the Go heap
// while small), with its elements and room for at least size elements;
// the elements past len(s) are zero. The old array is gone: no slice of
// it may be used after.
func offGrow[T byte | uint32 | uint64 | int32](o *Off, i int, s []T, size int) []T {
	var zero T
	es := int(unsafe.Sizeof(zero))
	if size*es < offMin {
		out := make([]T, len(s), size)
		copy(out, s)
		o.drop(i)
		return out
	}
	m := o.mem()
	old := m.arr[i]
	b := remapOff(old, roundPage(size*es))
	if b == nil {
		out := make([]T, len(s), size)
		copy(out, s)
		o.drop(i)
		return out
	}
	out := unsafe.Slice((*T)(unsafe.Pointer(&b[0])), len(b)/es)[:len(s)]
	if old == nil {
		copy(out, s)
	}
	m.arr[i] = b
	d := int64(len(b) - len(old))
	m.bytes += d
	noteOff(d)
	return out
}

// offMake is a new array of n zero elements, mapped (mem) when big: it
// is to become an array of an Off by set.
func offMake[T byte | uint32 | uint64 | int32](n int) (s []T, mem []byte) {
	var zero T
	es := int(unsafe.Sizeof(zero))
	if n*es >= offMin {
		if b := remapOff(nil, roundPage(n*es)); b != nil {
			return unsafe.Slice((*T)(unsafe.Pointer(&b[0])), n), b
		}
	}
	return make([]T, n), nil
}

// set makes mem (of offMake, or nil for an array in the heap) array i of
// o, giving back the one it replaces.
func (o *Off) set(i int, mem []byte) {
	o.drop(i)
	if mem == nil {
		return
	}
	m := o.mem()
	m.arr[i] = mem
	m.bytes += int64(len(mem))
	noteOff(int64(len(mem)))
}

// drop gives array i back, if it is mapped.
func (o *Off) drop(i int) {
	if o.h == nil || o.h.mem.arr[i] == nil {
		return
	}
	m := o.h.mem
	unmapOff(m.arr[i])
	d := int64(len(m.arr[i]))
	m.arr[i] = nil
	m.bytes -= d
	noteOff(-d)
}

func roundPage(n int) int {
	p := pageSize
	return (n + p - 1) / p * p
}

// noteOff counts d more bytes mapped outside the heap, in the process's
// count, which makes the collector run when it has doubled since it last
// did (see FlatLive).
func noteOff(d int64) {
	live := FlatLive.Add(d)
	if next := flatNextGC.Load(); live > max(next, flatMinGC) {
		flatNextGC.Store(2 * live)
		runtime.GC()
	}
}
