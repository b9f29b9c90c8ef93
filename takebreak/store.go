package takebreak

import (
	"fmt"
	"os"
	"unsafe"
)

// The table's memory. A table of values is a slice of V in the Go heap
// while it is small; once it needs more than Options.MapAbove bytes it
// moves to a memory-mapped file (in Options.MapDir, removed from the
// directory as soon as it is open, so that it goes away with the
// process): the kernel writes its pages out when memory runs short and
// reads them back when they are read, so a table larger than the memory
// (Grundy's game to 2^35 heaps: 64 GiB) is computed on a disk instead.
// The heaps read most, the recent ones and the rare ones, stay in memory.
// A mapped table grows by growing its file and mapping it again (no copy);
// where memory mapping is not available (mmap_other.go) the table stays
// in the heap.

// store is where a Solver's tables live; its cores share it.
type store struct {
	mapAbove int64  // bytes; 0: never mapped
	dir      string // "": os.TempDir()
	m        *mapping
	err      error // the first mapping that failed (the table stayed in the heap)
}

// mapping is a table in a memory-mapped file.
type mapping struct {
	f    *os.File
	data []byte
}

// close unmaps the table and closes its file.
func (m *mapping) close() {
	if m == nil || m.f == nil {
		return
	}
	if m.data != nil {
		unmap(m.data)
		m.data = nil
	}
	m.f.Close()
	m.f = nil
}

// alloc returns an empty table with room for n values: in the heap, or,
// when n values take more than mapAbove bytes, in a new mapped file (its
// mapping is returned; the caller hands it to swap once the old table's
// values are copied).
func alloc[V word](st *store, n int) ([]V, *mapping) {
	var z V
	size := int64(n) * int64(unsafe.Sizeof(z))
	if st == nil || st.mapAbove <= 0 || size <= st.mapAbove || st.err != nil || !canMap {
		return make([]V, 0, n), nil
	}
	m, err := st.newMapping((size + 1<<20 - 1) &^ (1<<20 - 1)) // (whole MiBs)
	if err != nil {
		st.err = err
		return make([]V, 0, n), nil
	}
	return asValues[V](m.data)[:0], m
}

// swap makes m (nil: none) the store's mapping, closing the old one.
func (st *store) swap(m *mapping) {
	if st == nil {
		return
	}
	if st.m != m {
		st.m.close()
	}
	st.m = m
}

// holds reports whether vals is the store's mapped table.
func holds[V word](st *store, vals []V) bool {
	return st != nil && st.m != nil && len(st.m.data) > 0 && cap(vals) > 0 &&
		unsafe.Pointer(unsafe.SliceData(vals)) == unsafe.Pointer(unsafe.SliceData(st.m.data))
}

// grow returns vals with room for n values at least. A table in the heap
// doubles (and moves to a mapped file when it passes mapAbove bytes); a
// mapped one grows by an eighth at least, its file made longer and mapped
// again (the values stay in it; its pages cost nothing until written).
func grow[V word](st *store, vals []V, n int) []V {
	if cap(vals) >= n {
		return vals
	}
	c := max(n, 2*cap(vals), 1024)
	if holds(st, vals) {
		var z V
		want := int64(max(n, cap(vals)+cap(vals)/8)) * int64(unsafe.Sizeof(z))
		want = (want + 1<<20 - 1) &^ (1<<20 - 1)
		if data, err := st.m.remap(want); err == nil {
			return asValues[V](data)[:len(vals)]
		} else {
			st.err = err
		}
		// (Read back into the heap.)
		out := make([]V, len(vals), c)
		if _, err := st.m.f.ReadAt(asBytes(out), 0); err != nil {
			panic(fmt.Sprintf("takebreak: the table's file could be neither mapped again (%v) nor read (%v)", st.err, err))
		}
		st.swap(nil)
		return out
	}
	out, m := alloc[V](st, c)
	out = append(out, vals...)
	st.swap(m)
	return out
}

// remap makes the file size bytes long and maps it again; on an error
// the file is not mapped (it still holds the values).
func (m *mapping) remap(size int64) ([]byte, error) {
	if err := m.f.Truncate(size); err != nil {
		return nil, err
	}
	unmap(m.data)
	m.data = nil
	data, err := mapFile(m.f, size)
	if err != nil {
		return nil, err
	}
	m.data = data
	return data, nil
}

// newMapping makes a file of size bytes in the store's directory and maps
// it.
func (st *store) newMapping(size int64) (*mapping, error) {
	dir := st.dir
	if dir == "" {
		dir = os.TempDir()
	}
	f, err := os.CreateTemp(dir, "grundy-takebreak-*.values")
	if err != nil {
		return nil, err
	}
	os.Remove(f.Name()) // (the file lives while it is open)
	if err := f.Truncate(size); err != nil {
		f.Close()
		return nil, err
	}
	data, err := mapFile(f, size)
	if err != nil {
		f.Close()
		return nil, err
	}
	return &mapping{f: f, data: data}, nil
}

func asValues[V word](b []byte) []V {
	var z V
	n := len(b) / int(unsafe.Sizeof(z))
	return unsafe.Slice((*V)(unsafe.Pointer(unsafe.SliceData(b))), n)
}

func asBytes[V word](v []V) []byte {
	var z V
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(v))), len(v)*int(unsafe.Sizeof(z)))
}

// closeStore is a Solver's cleanup: its mapped file goes when it does.
func closeStore(st *store) { st.swap(nil) }
