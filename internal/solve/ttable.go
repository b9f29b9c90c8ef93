package solve

import "github.com/grundy-lang/grundy/internal/memo"

// ttable is the pruned search's transposition table: the exact SG values
// it found, by the positions' keys (prunedKey), in two generations within
// a memory budget. New values go to the current generation; when it holds
// its budget, it becomes the old one and the old one is dropped; a value
// found in the old generation moves to the current one. So the table
// keeps what the search used lately, in at most twice the budget, and
// what it drops is found again by the search (only the time changes).
type ttable struct {
	cur, old ttgen
	budget   int64       // bytes of a generation
	room     func(int64) // the run's memory check, told of each array the table allocates
	dropped  int64       // values dropped with old generations
	puts     int64       // values put
}

// ttgen is a generation: keys interned, and their values by id.
type ttgen struct {
	keys memo.KeyTable
	vals []int32
}

func (g *ttgen) bytes() int64 { return g.keys.Bytes() + 4*int64(cap(g.vals)) }

func newTTable(budget int64, room func(int64)) *ttable {
	t := &ttable{budget: max(budget, 1<<16), room: room}
	t.cur.keys.Room = room
	return t
}

// get returns what the table has of the position with key k: its value,
// or when negative, the mask of values it has not (exclude).
func (t *ttable) get(k []byte) (int32, bool) {
	if id, ok := t.cur.keys.Find(k); ok {
		return t.cur.vals[id], true
	}
	if id, ok := t.old.keys.Find(k); ok {
		v := t.old.vals[id]
		t.put(k, v)
		return v, true
	}
	return 0, false
}

// put records v for the position with key k: its value, or a mask
// (exclude).
func (t *ttable) put(k []byte, v int32) {
	t.puts++
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

// exclude records that the position with key k has none of the values
// of mask (a value v >= 0 in the table is exact; ^v < 0 is the mask of
// values the position has not).
func (t *ttable) exclude(k []byte, mask uint32) {
	if v, ok := t.get(k); ok {
		if v >= 0 {
			return
		}
		mask |= uint32(^v)
	}
	t.put(k, ^int32(mask))
}

// rotate makes the current generation the old one, dropping the old.
func (t *ttable) rotate() {
	t.dropped += int64(len(t.old.vals))
	t.old = t.cur
	t.cur = ttgen{}
	t.cur.keys.Room = t.room
}

// len is the number of values the table holds (a value in both
// generations counts twice).
func (t *ttable) len() int64 { return int64(len(t.cur.vals) + len(t.old.vals)) }

// bytes is the memory the table holds.
func (t *ttable) bytes() int64 { return t.cur.bytes() + t.old.bytes() }

// each calls f with every key and value the table holds, the current
// generation's last (so that a later value of a key wins).
func (t *ttable) each(f func(k []byte, v int32)) {
	for _, g := range []*ttgen{&t.old, &t.cur} {
		for id, v := range g.vals {
			f(g.keys.Key(uint32(id)), v)
		}
	}
}
