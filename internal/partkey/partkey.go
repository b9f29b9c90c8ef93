// Package partkey owns the keys by which package solve's pruned search
// knows the positions it meets (a game's number, then the position's
// packed key or its arguments' keys: Append, AppendRows for a position
// whose one argument is a set of cells listed as rows, engine.OptParts,
// keyed alike), and the index of a game's memo by those keys (Index),
// which finds a position the memo holds without its argument values.
package partkey

import (
	"encoding/binary"
	"math/bits"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/value"
)

// Tags after the game's number: a packed key, or the arguments' keys.
const (
	tagPacked = 0
	tagArgs   = 1
)

// Append appends to b the key of the position of g with the arguments
// args, or with the packed key r when args is nil, and returns its size
// (for the order of the search: the sum of its ints' magnitudes and its
// collections' lengths).
func Append(b []byte, g *engine.Game, r uint64, args []value.Value) ([]byte, int64) {
	b = binary.AppendUvarint(b, uint64(g.Id))
	size := int64(0)
	if args == nil {
		b = binary.AppendUvarint(append(b, tagPacked), r)
		for i := range g.NArgs {
			size += min(abs(g.PackedArg(r, i)), 1<<20)
		}
		return b, size
	}
	b = append(b, tagArgs)
	for _, a := range args {
		b, _ = value.AppendArgKey(b, a, value.MaxKeyBytes)
		size += argSize(a)
	}
	return b, size
}

// AppendRows is Append of the position of g whose one argument is the
// set of the cells of rows (value.CellSet(rows)), without making it.
func AppendRows(b []byte, g *engine.Game, rows []uint64) ([]byte, int64) {
	b = append(binary.AppendUvarint(b, uint64(g.Id)), tagArgs)
	b = value.AppendCellRowsKey(b, rows)
	n := 0
	for _, x := range rows {
		n += bits.OnesCount64(x)
	}
	return b, int64(n)
}

// argSize is what an argument counts toward its position's size: the
// length of a collection or a string, an int's magnitude.
func argSize(a value.Value) int64 {
	switch a.K {
	case value.KInt:
		return min(abs(a.N), 1<<20)
	case value.KStr:
		return int64(len(a.Str()))
	case value.KList, value.KTuple, value.KSet, value.KMap:
		return int64(value.Count(a))
	}
	return 1
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// MaxIndexed bounds the positions of a game's memo an Index keeps;
// beyond it, Find asks the memo with the argument values.
var MaxIndexed = 1 << 14

// maxKey bounds the keys an Index holds (an argument's key is cut
// short at value.MaxKeyBytes: longer ones are asked of the memo).
const maxKey = value.MaxKeyBytes / 2

// Index is the positions of the games' memos (those of arguments, not
// packed), by their keys (Append). Reset it whenever a memo may have
// been emptied (a new search).
type Index struct {
	games map[*engine.Game]*gameIndex
}

// gameIndex is the first n positions of a game's memo by their keys,
// and a filter of those keys (bit hash % 4096, keyHash): most keys asked
// for are of positions the memo does not hold.
type gameIndex struct {
	n      int
	keys   map[string]uint64
	filter [64]uint64
}

// keyHash is a quick hash of a key, for the filter.
func keyHash(k []byte) uint64 {
	h := uint64(len(k))
	for ; len(k) >= 8; k = k[8:] {
		h = (h ^ binary.LittleEndian.Uint64(k)) * 0x9e3779b97f4a7c15
	}
	for _, c := range k {
		h = (h ^ uint64(c)) * 0x9e3779b97f4a7c15
	}
	return h >> 52
}

// Reset forgets every game's index.
func (x *Index) Reset() { x.games = nil }

// Find is the memo key of the position whose key (Append) is k, when the
// memo of its game g holds it; args are its arguments, or nil when rows
// are (its one argument's cells, AppendRows).
func (x *Index) Find(g *engine.Game, k []byte, args []value.Value, rows []uint64) (uint64, bool) {
	n := g.Keys.Len()
	if g.Tuples != nil || g.NArgs == 0 || n > MaxIndexed || len(k) > maxKey {
		if args == nil {
			args = []value.Value{value.CellSet(rows)}
		}
		_, m := binary.Uvarint(k)
		return g.FindKey(args, k[m+1:])
	}
	if n == 0 {
		return 0, false
	}
	gi := x.games[g]
	if gi == nil || gi.n > n {
		if x.games == nil {
			x.games = map[*engine.Game]*gameIndex{}
		}
		gi = &gameIndex{keys: map[string]uint64{}}
		x.games[g] = gi
	}
	var b []byte
	for ; gi.n < n; gi.n++ {
		r := memo.GenBit | uint64(gi.n)
		b, _ = Append(b[:0], g, r, g.Args(r))
		if len(b) <= maxKey {
			gi.keys[string(b)] = r
			h := keyHash(b)
			gi.filter[h>>6] |= 1 << (h & 63)
		}
	}
	if h := keyHash(k); gi.filter[h>>6]>>(h&63)&1 == 0 {
		return 0, false
	}
	r, ok := gi.keys[string(k)]
	return r, ok
}

// FileIDs numbers the session's games for a checkpoint file (package
// solve's prunedcp.go), in the order the games were made but for the
// copies made while running (Shown set), which it leaves out: toFile maps a
// game's number to the file's (false for a copy made while running),
// fromFile the file's back.
func FileIDs(games []*engine.Game) (toFile map[uint64]uint64, fromFile []uint64) {
	toFile = map[uint64]uint64{}
	for _, g := range games {
		if g.Shown == nil {
			toFile[uint64(g.Id)] = uint64(len(fromFile))
			fromFile = append(fromFile, uint64(g.Id))
		}
	}
	return toFile, fromFile
}
