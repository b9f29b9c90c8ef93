package engine

import (
	"encoding/binary"
	"slices"

	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/value"
)

// TupleFlat links a game and its hidden game: argument j of the game, a
// tuple (a list when List) of k ints, is the k arguments j .. j+k-1 of
// the hidden one.
type TupleFlat struct {
	Of, To *Game
	J, K   int
	List   bool
}

// Ref returns the key of position r of g in its hidden game, when
// argument j of r is a tuple of k ints that pack (an interned key).
func (tf *TupleFlat) Ref(r uint64) (uint64, bool) {
	g := tf.Of
	if r&memo.GenBit == 0 || g.boxed != nil && g.boxed[uint32(r&^memo.GenBit)] != nil {
		return 0, false
	}
	return tf.RefKey(g.Keys.Key(uint32(r &^ memo.GenBit)))
}

// RefKey is ref of the key of the arguments (value.AppendArgKey), before it is
// interned: ints, and a tuple (list) of k ints as argument j.
func (tf *TupleFlat) RefKey(key []byte) (uint64, bool) {
	h := tf.To
	var r uint64
	field := func() bool {
		x, n := binary.Varint(key)
		if n <= 0 {
			return false
		}
		key = key[n:]
		f, ok := h.field(value.Int(x))
		r = r<<h.Bits | f
		return ok
	}
	for i := 0; i < tf.Of.NArgs; i++ {
		if len(key) == 0 {
			return 0, false
		}
		tag := key[0]
		key = key[1:]
		if i != tf.J {
			if tag != value.TagInt || !field() {
				return 0, false
			}
			continue
		}
		n, w := binary.Uvarint(key)
		if tag != tf.tag() || w <= 0 || n != uint64(tf.K) {
			return 0, false
		}
		key = key[w:]
		for range tf.K {
			if !field() {
				return 0, false
			}
		}
	}
	return r, len(key) == 0 && h.Lim > 0
}

// Args returns the arguments of the game of position r of the hidden
// game (for messages).
func (tf *TupleFlat) Args(r uint64) []value.Value {
	a := tf.To.Args(r)
	out := append([]value.Value(nil), a[:tf.J]...)
	if tf.List {
		out = append(out, value.List(slices.Clone(a[tf.J:tf.J+tf.K])))
	} else {
		out = append(out, value.Tuple(slices.Clone(a[tf.J:tf.J+tf.K])))
	}
	return append(out, a[tf.J+tf.K:]...)
}

// Copy stores v, the value of position r2 of the hidden game, as that of
// position r of the game, and returns it.
func (tf *TupleFlat) Copy(r uint64, v memo.Sgv, r2 uint64) memo.Sgv {
	g := tf.Of
	if tf.To.IsLoopy(r2) {
		g.SetLoopy(r)
	}
	g.SetState(r, memo.StateOf(v))
	return v
}

// tag is the key tag of argument j.
func (tf *TupleFlat) tag() byte {
	if tf.List {
		return value.TagIntList
	}
	return value.TagIntTuple
}
