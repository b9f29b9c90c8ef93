package value

import (
	"bytes"
	"encoding/binary"
	"slices"
	"testing"

	"github.com/grundy-lang/grundy/lang"
)

// keyOf is the key of set s as an argument drawing on u.
func keyOf(u *Universe, s Value) []byte {
	k, _ := u.AppendSetKey(nil, s, MaxKeyBytes)
	return k
}

// TestUniverseKeys: a set of any elements gets the bitset of its ids,
// decodes to itself (in order, whatever order the ids were given in),
// and keeps its key once the universe is full and closes; a set with an
// element the closed universe lacks gets the general key.
func TestUniverseKeys(t *testing.T) {
	u := NewUniverse()
	a := SetOf([]Value{Int(9000), Str("x"), Tuple([]Value{Int(1), Int(70)})})
	b := SetOf([]Value{Int(5), Int(9000)}) // 5 after 9000: ids out of order
	ka, kb := keyOf(u, a), keyOf(u, b)
	if ka[0] != TagUniSet || kb[0] != TagUniSet {
		t.Fatalf("keys %v %v: want universe keys", ka, kb)
	}
	for _, c := range []struct {
		k []byte
		v Value
	}{{ka, a}, {kb, b}} {
		got, rest := u.DecodeUniKey(c.k)
		if len(rest) != 0 || !Equal(got, c.v) || Compare(got, c.v) != 0 {
			t.Errorf("decoded %s, want %s", Shown(got), Shown(c.v))
		}
		if e := got.Elems(); len(e) > 1 && Compare(e[0], e[1]) >= 0 {
			t.Errorf("decoded elements out of order: %s", Shown(got))
		}
		if k2 := keyOf(u, got); !bytes.Equal(k2, c.k) {
			t.Errorf("the decoded set's key %v, want %v", k2, c.k)
		}
	}
	// Fill it: the set of MaxUniverse new elements does not fit, and
	// closes it.
	var many []Value
	for i := range MaxUniverse {
		many = append(many, Int(int64(100000+i)))
	}
	if k := keyOf(u, SetOf(many)); k[0] == TagUniSet {
		t.Fatalf("a set past the universe's room got a universe key")
	}
	if !bytes.Equal(keyOf(u, a), ka) || !bytes.Equal(keyOf(u, b), kb) {
		t.Errorf("keys changed once the universe closed")
	}
	c := SetOf([]Value{Int(5), Int(6)})
	want, _ := AppendArgKey(nil, c, MaxKeyBytes)
	if k := keyOf(u, c); !bytes.Equal(k, want) {
		t.Errorf("a set with an element a closed universe lacks: key %v, want the general %v", k, want)
	}
	if k := keyOf(u, SetOf([]Value{Int(5)})); k[0] != TagUniSet {
		t.Errorf("a set of known elements after closing: key %v, want a universe key", k)
	}
	// A set with a boxed element is never in a universe.
	u2 := NewUniverse()
	if _, boxed := u2.AppendSetKey(nil, SetOf([]Value{InfValue([]int64{1}), Int(1)}), MaxKeyBytes); !boxed {
		t.Errorf("a set of an infinite value: want a boxed key")
	}
	if u2.Len() != 0 {
		t.Errorf("the universe took %d elements of a boxed set", u2.Len())
	}
}

// TestSetScratchUniverse: a scratch loaded with a universe set filters,
// combines with a set of small ints turned into ids, and keys as the
// value would.
func TestSetScratchUniverse(t *testing.T) {
	u := NewUniverse()
	s0 := SetOf([]Value{Int(1), Int(2), Int(7000)})
	v, _ := u.DecodeUniKey(keyOf(u, s0))
	var p Pools
	s, x := p.TakeSetScratch(), p.TakeSetScratch()
	s.Load(v)
	x.AddInt(2)
	x.AddInt(3)
	if !s.Compatible(x) {
		if !x.ToUniverse(s.Universe()) || !s.Compatible(x) {
			t.Fatalf("a scratch of small ints did not take the universe's ids")
		}
	}
	s.Combine(lang.OpSub, x)
	got := s.Value()
	want := SetOf([]Value{Int(1), Int(7000)})
	if !Equal(got, want) {
		t.Errorf("difference: %s, want %s", Shown(got), Shown(want))
	}
	k, _ := s.AppendKeyFor(nil, u)
	if !bytes.Equal(k, keyOf(u, want)) {
		t.Errorf("scratch key %v, want the value's %v", k, keyOf(u, want))
	}
	if has, ok := SetHas(v, Int(7000)); !ok || !has {
		t.Errorf("7000 in %s: %v %v", Shown(v), has, ok)
	}
	if has, _ := SetHas(v, Int(3)); has {
		t.Errorf("3 in %s", Shown(v))
	}
}

// A set decoded from its key makes no elements until asked (Uni gives
// its bits, before and after), and its elements, read from its bits in
// the universe's Order or made by Elements (once), are the set's, in
// order, whether the ids ascend with the elements or not.
func TestUniverseLazySets(t *testing.T) {
	for _, sets := range [][]Value{
		{SetOf([]Value{Int(1), Int(5), Int(9)}), SetOf([]Value{Int(5), Int(9)})},
		{SetOf([]Value{Int(9000), Str("x")}), SetOf([]Value{Int(5), Int(9000), Cell(1, 2)}), SetOf([]Value{Int(3), Str("x")})},
	} {
		u := NewUniverse()
		var keys [][]byte
		for _, s := range sets {
			keys = append(keys, keyOf(u, s))
		}
		for i, k := range keys {
			got, _ := u.DecodeUniKey(k)
			uu, w, ok := Uni(got)
			if !ok || uu != u {
				t.Fatalf("set %s decoded: no bits to read", Shown(sets[i]))
			}
			var read []Value
			if order := u.Order(); order != nil {
				for _, id := range order {
					if int(id>>6) < len(w) && w[id>>6]>>(id&63)&1 != 0 {
						read = append(read, u.Elem(int(id)))
					}
				}
			} else {
				for id := range 64 * len(w) {
					if w[id>>6]>>(id&63)&1 != 0 {
						read = append(read, u.Elem(id))
					}
				}
			}
			want := sets[i].Elems()
			if !Equal(List(read), List(want)) {
				t.Errorf("set %s read from its bits as %s", Shown(sets[i]), Shown(List(read)))
			}
			if e := got.Elems(); !Equal(List(e), List(want)) {
				t.Errorf("set %s made as %s", Shown(sets[i]), Shown(List(e)))
			}
			if uu, w2, ok := Uni(got); !ok || uu != u || len(w2) != len(w) {
				t.Errorf("set %s: no bits to read once its elements are made", Shown(sets[i]))
			}
			if e := got.Elems(); !Equal(List(e), List(want)) {
				t.Errorf("set %s made again as %s", Shown(sets[i]), Shown(List(e)))
			}
		}
	}
}

// UniKeyWord is the key appendUniKey writes, as a word, up to 8 bytes.
func TestUniKeyWord(t *testing.T) {
	for _, w := range [][]uint64{nil, {0}, {1}, {0xff}, {0x100}, {1 << 47}, {1 << 48}, {^uint64(0)}, {5, 0}, {0, 1}} {
		k := appendUniKey(nil, w)
		word, n, ok := UniKeyWord(w)
		if ok != (len(k) <= 8 && len(w) <= 1) {
			t.Fatalf("UniKeyWord(%x) = %v, the key %v", w, ok, k)
		}
		if !ok {
			continue
		}
		var b [8]byte
		copy(b[:], k)
		if n != len(k) || word != binary.LittleEndian.Uint64(b[:]) {
			t.Errorf("UniKeyWord(%x) = %x, %d; the key %v", w, word, n, k)
		}
	}
}

// A scratch of cells or small ints takes the ids of a universe whether
// the universe holds its elements or not (those it lacks are added), and
// the set it then is equals the one made of the elements.
func TestSetScratchToUniverseCells(t *testing.T) {
	var p Pools
	for _, pairs := range []bool{true, false} {
		u := NewUniverse()
		var first []Value
		for i := int64(0); i < 6; i++ {
			if pairs {
				first = append(first, Cell(i/3, i%3))
			} else {
				first = append(first, Int(2*i))
			}
		}
		s0 := SetOf(first)
		v, _ := u.DecodeUniKey(keyOf(u, s0))
		x := p.TakeSetScratch()
		var elems []Value
		for _, i := range []int64{0, 4, 5, 7} { // 7: not in the universe
			if pairs {
				x.AddCell(i/3, i%3)
				elems = append(elems, Cell(i/3, i%3))
			} else {
				x.AddInt(2 * i)
				elems = append(elems, Int(2*i))
			}
		}
		if !x.ToUniverse(u) {
			t.Fatalf("pairs %v: the universe did not take the scratch", pairs)
		}
		if x.Universe() != u {
			t.Fatalf("pairs %v: the scratch is not over the universe", pairs)
		}
		if got, want := x.Value(), SetOf(elems); !Equal(got, want) {
			t.Errorf("pairs %v: %s, want %s", pairs, Shown(got), Shown(want))
		}
		if has, ok := SetHas(v, elems[3]); !ok || has {
			t.Errorf("pairs %v: the first set has %s", pairs, Shown(elems[3]))
		}
		p.GiveSetScratch(x)
	}
}

// A set of a universe's ids whose elements are small ints is made as
// their bitmap (its elements made when asked for), equal to the set of
// the elements, whatever order the universe gave them ids in.
func TestUniverseSmallIntSets(t *testing.T) {
	u := NewUniverse()
	first := []Value{Int(9), Int(3), Int(700), Str("a")}
	v0, _ := u.DecodeUniKey(keyOf(u, SetOf(first)))
	var p Pools
	for _, elems := range [][]Value{{Int(9), Int(700)}, {Int(3)}, {Int(3), Int(9), Int(700)}, {}} {
		s := p.TakeSetScratch()
		s.Load(v0)
		x := p.TakeSetScratch()
		for _, e := range elems {
			x.Add(e)
		}
		if !s.Compatible(x) && !x.ToUniverse(u) {
			t.Fatalf("the universe did not take %v", elems)
		}
		s.Combine(lang.OpBitAnd, x)
		got, want := s.Value(), SetOf(slices.Clone(elems))
		if !Equal(got, want) || Compare(got, want) != 0 || Shown(got).String() != Shown(want).String() {
			t.Errorf("%q, want %q (equal %v, compare %d)", Shown(got), Shown(want), Equal(got, want), Compare(got, want))
		}
		if k1, k2 := keyOf(u, got), keyOf(u, want); !bytes.Equal(k1, k2) {
			t.Errorf("key of %s: %v, want %v", Shown(got), k1, k2)
		}
		p.GiveSetScratch(s)
		p.GiveSetScratch(x)
	}
}
