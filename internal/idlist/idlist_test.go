package idlist

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/value"
)

func ints(xs ...int64) value.Value {
	e := make([]value.Value, len(xs))
	for i, x := range xs {
		e[i] = value.Int(x)
	}
	return value.List(e)
}

// TestKeysRoundTrip: each list's key has the form its order says, its
// length is ArgKeyLen's, it decodes to the list, and the key made from
// its ids (AppendIDs, a filter's) is the same.
func TestKeysRoundTrip(t *testing.T) {
	u := value.NewUniverse()
	cell := func(r, c int64) value.Value { return value.Tuple([]value.Value{value.Int(r), value.Int(c)}) }
	lists := []value.Value{
		ints(), ints(5), ints(2, 3, 9000, 25920), ints(9000, 2, 3), ints(2, 2), ints(-4, 7, -4),
		value.List([]value.Value{cell(1, 2), cell(0, 5), value.Str("a")}),
		value.List([]value.Value{cell(0, 5), cell(1, 2), value.Str("a")}),
		ints(25920, 3), ints(3, 25920),
	}
	for _, v := range lists {
		key, ids, boxed := AppendKey(u, nil, v, nil)
		if boxed {
			t.Fatalf("%s: boxed", value.Format(v))
		}
		want := value.TagUniList
		if Ascending(v.Elems()) {
			want = value.TagUniSortedList
		}
		if key[0] != want {
			t.Errorf("%s: tag %d, want %d", value.Format(v), key[0], want)
		}
		if n := value.ArgKeyLen(key); n != len(key) {
			t.Errorf("%s: ArgKeyLen %d, key %d bytes", value.Format(v), n, len(key))
		}
		got, rest, _ := Decode(u, key, nil)
		if len(rest) != 0 || !value.Equal(got, v) {
			t.Errorf("%s: decoded %s (%d bytes left)", value.Format(v), value.Format(got), len(rest))
		}
		if k2 := AppendIDs(u, nil, ids); string(k2) != string(key) {
			t.Errorf("%s: AppendIDs %v, AppendKey %v", value.Format(v), k2, key)
		}
	}
}

// TestWideIDs: ids past 255 take two bytes, and decode.
func TestWideIDs(t *testing.T) {
	u := value.NewUniverse()
	e := make([]value.Value, 300)
	for i := range e {
		e[i] = value.Int(int64(299 - i))
	}
	v := value.List(e)
	key, _, _ := AppendKey(u, nil, v, nil)
	if key[0] != value.TagUniList || value.ArgKeyLen(key) != len(key) || len(key) < 600 {
		t.Fatalf("key of %d bytes, tag %d", len(key), key[0])
	}
	if got, _, _ := Decode(u, key, nil); !value.Equal(got, v) {
		t.Errorf("decoded %s", value.Format(got))
	}
}

// TestGeneralKeys: a list with an element the universe cannot take has
// the general key: a position inside (boxed), or a universe full.
func TestGeneralKeys(t *testing.T) {
	u := value.NewUniverse()
	big := make([]value.Value, value.MaxUniverse)
	for i := range big {
		big[i] = value.Int(int64(i))
	}
	if key, _, _ := AppendKey(u, nil, value.List(big), nil); key[0] != value.TagUniSortedList {
		t.Fatalf("a list of %d elements: tag %d", len(big), key[0])
	}
	key, _, _ := AppendKey(u, nil, ints(1, -1), nil)
	if want, _ := value.AppendArgKey(nil, ints(1, -1), value.MaxKeyBytes); string(key) != string(want) {
		t.Errorf("a list past a full universe: %v, want the general key %v", key, want)
	}
	if key, _, _ := AppendKey(u, nil, ints(3, 1), nil); key[0] != value.TagUniList {
		t.Errorf("a list of elements the full universe holds: tag %d", key[0])
	}
}
