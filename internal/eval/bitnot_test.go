package eval_test

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/passes"
)

// ~x is -x - 1 for every int (it never overflows), on the int path (the
// int parameter of a def, compiled to an int closure: the Ints pass
// fires) and on the general path (an element of a list; and every pass
// off), and mask(n) is (1 << n) - 1 on both; ~mask(63) is the smallest
// int.
func TestBitNotProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	xs := []int64{0, 1, -1, 2, -2, math.MaxInt64, math.MinInt64, math.MaxInt64 - 1, math.MinInt64 + 1, 1 << 62, -1 << 62}
	for range 300 {
		switch r.IntN(3) {
		case 0:
			xs = append(xs, int64(r.Uint64()))
		case 1:
			xs = append(xs, r.Int64N(2000)-1000)
		default:
			xs = append(xs, int64(r.Uint64())>>r.IntN(64))
		}
	}
	var lits []string
	var want strings.Builder
	for _, x := range xs {
		if x == math.MinInt64 {
			lits = append(lits, "-9223372036854775808")
		} else {
			lits = append(lits, fmt.Sprint(x))
		}
		// -x - 1 computed without overflow: ^x in two's complement.
		nx := -(x + 1)
		if x == -1<<63 {
			nx = math.MaxInt64
		}
		fmt.Fprintf(&want, "%d %d %d %d\n", nx, nx, x, nx&0xff)
	}
	for n := 0; n <= 63; n++ {
		fmt.Fprintf(&want, "%d %d %d\n", int64(uint64(1)<<n-1), int64(uint64(1)<<n-1), ^int64(uint64(1)<<n-1))
	}
	// f and g are int arithmetic; f is inlined as int code where k, a
	// range's variable, is its argument; ~x of a list's element is the
	// general operator (with every pass on too).
	src := "def f(a) = ~a + 0\ndef g(a) = ~~a + 0\ndef low(a) = ~a & mask(8)\n" +
		"def m(n) = mask(n)\ndef nm(n) = ~mask(n)\n" +
		"let xs = [" + strings.Join(lits, ", ") + "]\n" +
		"for x in xs {\n    print ~x, [f(k) for k in x .. x][0], g(x), low(x)\n}\n" +
		"for n in 0 .. 63 {\n    print mask(n), m(n), nm(n)\n}\n"
	for _, disable := range []passes.Pass{0, passes.All} {
		var out bytes.Buffer
		s := eval.NewSession(eval.Options{Stdout: &out, Disable: disable})
		if err := s.ExecFile(context.Background(), "bits.game", src); err != nil {
			t.Fatalf("passes off %v: %v", disable, err)
		}
		if out.String() != want.String() {
			t.Errorf("passes off %v: output differs from -x - 1:\n%s", disable, firstDiff(out.String(), want.String()))
		}
		ints := false
		for _, x := range s.Explain() {
			if x.Name == "f" && x.Fired&passes.Ints != 0 {
				ints = true
			}
		}
		if ints != (disable == 0) {
			t.Errorf("passes off %v: the Ints pass fired for f: %v", disable, ints)
		}
	}
}

// firstDiff shows the first line where got and want differ.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(g), len(w)) {
		var a, b string
		if i < len(g) {
			a = g[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if a != b {
			return fmt.Sprintf("line %d: got %q, want %q", i+1, a, b)
		}
	}
	return "(equal)"
}
