package ttable

import (
	"encoding/binary"
	"errors"

	"github.com/grundy-lang/grundy/internal/value"
)

// A table's values as bytes, for a checkpoint file (package solve's
// prunedcp.go): each key with its leading number (its game's) mapped.

// renumber is key k with its leading game number mapped by m (false:
// a number m does not map).
func renumber(b, k []byte, m func(uint64) (uint64, bool)) ([]byte, bool) {
	id, n := binary.Uvarint(k)
	if n <= 0 {
		return b, false
	}
	to, ok := m(id)
	if !ok {
		return b, false
	}
	return append(binary.AppendUvarint(b[:0], to), k[n:]...), true
}

// Encode is the values of t: for each, its key's length and its key
// (its game's number mapped by m; none where m does not map it), then
// the value (a varint: a value, or when negative the mask of values its
// position has not).
func Encode(t *Table, m func(uint64) (uint64, bool)) []byte {
	var b, key []byte
	t.Each(func(k []byte, v int32) {
		var ok bool
		if key, ok = renumber(key, k, m); !ok {
			return
		}
		b = binary.AppendUvarint(b, uint64(len(key)))
		b = append(b, key...)
		b = binary.AppendVarint(b, int64(v))
	})
	return b
}

// errTable is a checkpoint's values of the pruned search that do not
// read as encodeTable writes them.
var errTable = errors.New("it holds values of the pruned search that cannot be read; deleting it restarts the computation")

// Decode puts the values of data (Encode's) in t, their game
// numbers mapped by m (a value of a number m does not map is left out).
func Decode(data []byte, t *Table, m func(uint64) (uint64, bool)) error {
	var key []byte
	for len(data) > 0 {
		n, k := binary.Uvarint(data)
		if k <= 0 || n == 0 || n > value.MaxKeyBytes || n > uint64(len(data)-k) {
			return errTable
		}
		fileKey := data[k : k+int(n)]
		data = data[k+int(n):]
		v, k := binary.Varint(data)
		var ok bool
		if k <= 0 || v != int64(int32(v)) {
			return errTable
		}
		data = data[k:]
		if key, ok = renumber(key, fileKey, m); ok {
			t.Put(key, int32(v))
		}
	}
	return nil
}
