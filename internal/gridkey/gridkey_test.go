package gridkey

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/value"
)

// randomGrid is a list of h rows of 0s and 1s of random lengths up to
// w.
func randomGrid(r *rand.Rand, h, w int) [][]int64 {
	g := make([][]int64, h)
	for i := range g {
		g[i] = make([]int64, r.IntN(w+1))
		for j := range g[i] {
			g[i][j] = int64(r.IntN(2))
		}
	}
	return g
}

// rowTuples: the grids gridValue makes have rows that are tuples;
// rowStrings, strings of "." (0) and "#" (1).
var rowTuples, rowStrings bool

func gridValue(g [][]int64, tuple bool) value.Value {
	rows := make([]value.Value, len(g))
	for i, row := range g {
		es := make([]value.Value, len(row))
		for j, x := range row {
			es[j] = value.Int(x)
		}
		rows[i] = value.List(es)
		if rowTuples {
			rows[i] = value.Tuple(es)
		}
		if rowStrings {
			var b strings.Builder
			for _, x := range row {
				b.WriteString([]string{".", "#", "é"}[x]) // (2: not ASCII, not read)
			}
			rows[i] = value.Str(b.String())
		}
	}
	if tuple {
		return value.Tuple(rows)
	}
	return value.List(rows)
}

// TestRewrite: a grid's key with a cell's bit rewritten is the key of
// the grid with that cell set; with rows that are tuples, its byte.
func TestRewrite(t *testing.T) {
	testRewrite(t)
	rowTuples = true
	testRewrite(t)
	rowTuples, rowStrings = false, true
	defer func() { rowStrings = false }()
	testRewrite(t)
}

func testRewrite(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var prev gridOf
	for k := range 4000 {
		// (Shapes met again: the key's bits rewritten.)
		g := randomGrid(rand.New(rand.NewPCG(uint64(k/4), 3)), 1+k/4%3, []int{3, 8, 9, 17, 64, 70}[k/4%6])
		for _, row := range g {
			for j := range row {
				row[j] = int64(r.IntN(2))
			}
		}
		tuple := k%5 == 0
		if k%11 == 0 {
			g[0] = append(g[0], 2)
			var ok bool
			if prev, ok = readGrid(gridValue(g, tuple), prev); ok {
				t.Fatalf("grid %v read", g)
			}
			g[0] = g[0][:len(g[0])-1]
		}
		if k%13 == 0 && len(g[0]) > 0 {
			// (A 2 in a grid of the shape read last.)
			x := g[0][0]
			g[0][0] = 2
			var ok bool
			if prev, ok = readGrid(gridValue(g, tuple), prev); ok {
				t.Fatalf("grid %v read", g)
			}
			g[0][0] = x
		}
		// (The grid read last kept, as gridCache keeps it.)
		gr, ok := readGrid(gridValue(g, tuple), prev)
		if !ok {
			t.Fatalf("grid %v not read", g)
		}
		prev = gr
		if want, _ := value.AppendArgKey(nil, gridValue(g, tuple), value.MaxKeyBytes); string(gr.key) != string(want) {
			t.Fatalf("grid %v: key %x, want %x", g, gr.key, want)
		}
		i := r.IntN(len(g))
		if len(g[i]) == 0 {
			continue
		}
		j, v := r.IntN(len(g[i])), int64(r.IntN(2))
		key := append([]byte(nil), gr.key...)
		at, bit := gr.rows[i].off+j/8, byte(1)<<(j%8)
		key[at] = key[at]&^bit | byte(v)*bit
		if rowTuples {
			key = append([]byte(nil), gr.key...)
			key[gr.rows[i].off+j] = value.IntSeqByte(v)
		}
		if rowStrings {
			key = append([]byte(nil), gr.key...)
			key[gr.rows[i].off+j] = ".#"[v]
		}
		g[i][j] = v
		want, _ := value.AppendArgKey(nil, gridValue(g, tuple), value.MaxKeyBytes)
		if string(key) != string(want) {
			t.Fatalf("grid %v cell (%d, %d): key %x, want %x", g, i, j, key, want)
		}
	}
}

// TestNotGrids: values that are not grids of 0s and 1s are not read.
func TestNotGrids(t *testing.T) {
	for _, v := range []value.Value{
		value.List(nil),
		value.List([]value.Value{value.Int(0)}),
		value.List([]value.Value{value.List([]value.Value{value.Int(2)})}),
		value.List([]value.Value{value.Tuple([]value.Value{value.Int(2)})}),
		value.List([]value.Value{value.Tuple(slices.Repeat([]value.Value{value.Int(0)}, 128))}),
		value.List([]value.Value{value.List([]value.Value{value.Bool(true)})}),
	} {
		if _, ok := readGrid(v, gridOf{}); ok {
			t.Errorf("%s read as a grid", value.Shown(v))
		}
	}
}
