package testenv

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestScale(t *testing.T) {
	t.Setenv(Var, "")
	if IsLong() || Scale(3, 100) != 3 {
		t.Errorf("unset: IsLong %v, Scale(3, 100) = %d", IsLong(), Scale(3, 100))
	}
	t.Setenv(Var, "0")
	if IsLong() {
		t.Errorf("%s=0 is the fast suite", Var)
	}
	t.Setenv(Var, "1")
	if !IsLong() || Scale(3, 100) != 100 {
		t.Errorf("set: IsLong %v, Scale(3, 100) = %d", IsLong(), Scale(3, 100))
	}
}

func TestSample(t *testing.T) {
	xs := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	t.Setenv(Var, "")
	for _, c := range []struct {
		n    int
		want []int
	}{
		{0, nil},
		{1, []int{0}},
		{2, []int{0, 9}},
		{4, []int{0, 3, 6, 9}},
		{10, xs},
		{20, xs},
	} {
		if got := Sample(xs, c.n); !slices.Equal(got, c.want) {
			t.Errorf("Sample(0..9, %d) = %v, want %v", c.n, got, c.want)
		}
	}
	t.Setenv(Var, "1")
	if got := Sample(xs, 2); !slices.Equal(got, xs) {
		t.Errorf("long: Sample(0..9, 2) = %v, want all", got)
	}
}

func TestRotate(t *testing.T) {
	xs := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	t.Setenv(Var, "")
	for _, c := range []struct {
		n, i int
		want []int
	}{
		{0, 0, nil},
		{3, 0, []int{0, 4, 8}},
		{3, 1, []int{1, 5, 9}},
		{3, 3, []int{3, 7}},
		{3, 4, []int{0, 4, 8}},
		{5, 1, []int{1, 3, 5, 7, 9}},
		{10, 3, xs},
	} {
		if got := Rotate(xs, c.n, c.i); !slices.Equal(got, c.want) {
			t.Errorf("Rotate(0..9, %d, %d) = %v, want %v", c.n, c.i, got, c.want)
		}
	}
	// every item over the cases of one turn
	seen := map[int]bool{}
	for i := range 4 {
		for _, x := range Rotate(xs, 3, i) {
			seen[x] = true
		}
	}
	if len(seen) != len(xs) {
		t.Errorf("Rotate(0..9, 3, i) for i in 0 .. 3 covers %d items, want all", len(seen))
	}
	t.Setenv(Var, "1")
	if got := Rotate(xs, 2, 1); !slices.Equal(got, xs) {
		t.Errorf("long: Rotate(0..9, 2, 1) = %v, want all", got)
	}
}

// skipRecorder is a testing.TB that records a skip instead of stopping.
type skipRecorder struct {
	testing.TB
	msg string
}

func (r *skipRecorder) Helper() {}
func (r *skipRecorder) Skipf(format string, args ...any) {
	r.msg = fmt.Sprintf(format, args...)
}

func TestLong(t *testing.T) {
	t.Setenv(Var, "")
	r := &skipRecorder{TB: t}
	Long(r)
	if !strings.Contains(r.msg, Var+"=1") {
		t.Errorf("fast suite: Long skips with %q, want a message naming %s=1", r.msg, Var)
	}
	t.Setenv(Var, "1")
	r = &skipRecorder{TB: t}
	Long(r)
	if r.msg != "" {
		t.Errorf("long suite: Long skipped (%q)", r.msg)
	}
}
