// Package ttable owns the pruned search's transposition table (package
// solve): the exact SG values and the masks of values not had that the
// search found, by the positions' keys, within a memory budget.
package ttable

import "github.com/grundy-lang/grundy/internal/memo"

// Table is the pruned search's transposition table: the exact SG values
// it found, by the positions' keys (package partkey), in two generations
// within a memory budget. New values go to the current generation; when it holds
// its budget, it becomes the old one and the old one is dropped; a value
// found in the old generation moves to the current one. So the table
// keeps what the search used lately, in at most twice the budget, and
// what it drops is found again by the search (only the time changes).
type Table struct {
	cur, old ttgen
	budget   int64       // bytes of a generation
	room     func(int64) // the run's memory check, told of each array the table allocates
	Dropped  int64       // values dropped with old generations
	Puts     int64       // values put
}

// ttgen is a generation: keys interned, and their values by id.
type ttgen struct {
	keys memo.KeyTable
	vals []int32
}

func (g *ttgen) bytes() int64 { return g.keys.Bytes() + 4*int64(cap(g.vals)) }

func New(budget int64, room func(int64)) *Table {
	t := &Table{budget: max(budget, 1<<16), room: room}
	t.cur.keys.Room = room
	return t
}

// Get returns what the table has of the position with key k: its value,
// or when negative, the mask of values it has not (Exclude).
func (t *Table) Get(k []byte) (int32, bool) {
	if id, ok := t.cur.keys.Find(k); ok {
		return t.cur.vals[id], true
	}
	if id, ok := t.old.keys.Find(k); ok {
		v := t.old.vals[id]
		t.Put(k, v)
		return v, true
	}
	return 0, false
}

// Put records v for the position with key k: its value, or a mask
// (Exclude).
func (t *Table) Put(k []byte, v int32) {
	t.Puts++
	id, added, ok := t.cur.keys.Intern(k)
	if !ok {
		t.rotate()
		id, added, _ = t.cur.keys.Intern(k)
	}
	if added {
		if len(t.cur.vals) == cap(t.cur.vals) && t.room != nil {
			t.room(4 * int64(max(2*cap(t.cur.vals), 256)))
		}
		t.cur.vals = append(t.cur.vals, v)
	} else {
		t.cur.vals[id] = v
	}
	if t.cur.bytes() > t.budget {
		t.rotate()
	}
}

// Exclude records that the position with key k has none of the values
// of mask (a value v >= 0 in the table is exact; ^v < 0 is the mask of
// values the position has not).
func (t *Table) Exclude(k []byte, mask uint32) {
	if v, ok := t.Get(k); ok {
		if v >= 0 {
			return
		}
		mask |= uint32(^v)
	}
	t.Put(k, ^int32(mask))
}

// rotate makes the current generation the old one, dropping the old.
func (t *Table) rotate() {
	t.Dropped += int64(len(t.old.vals))
	t.old = t.cur
	t.cur = ttgen{}
	t.cur.keys.Room = t.room
}

// Len is the number of values the table holds (a value in both
// generations counts twice).
func (t *Table) Len() int64 { return int64(len(t.cur.vals) + len(t.old.vals)) }

// Bytes is the memory the table holds.
func (t *Table) Bytes() int64 { return t.cur.bytes() + t.old.bytes() }

// Each calls f with every key and value the table holds, the current
// generation's last (so that a later value of a key wins).
func (t *Table) Each(f func(k []byte, v int32)) {
	for _, g := range []*ttgen{&t.old, &t.cur} {
		for id, v := range g.vals {
			f(g.keys.Key(uint32(id)), v)
		}
	}
}
