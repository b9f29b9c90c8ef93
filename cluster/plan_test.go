package cluster

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy"
	"github.com/grundy-lang/grundy/lang"
)

const subScript = `let N = 12
game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n
def boom(n) = 12 / (n - 3)
def spin(n) = if n == 2 then len([i for i in 0 .. 1000000000000 if (i ^ (i >> 3)) % 11 == 5]) else n
`

// plan plans spec over subScript in k shards.
func plan(t *testing.T, spec string, k int) (*Plan, error) {
	t.Helper()
	in := grundy.New(grundy.Config{})
	if err := in.Load(context.Background(), "sub.game", subScript); err != nil {
		t.Fatal(err)
	}
	return NewPlan(context.Background(), in, Sweep{File: "sub.game", Script: subScript, Spec: spec}, k)
}

func TestShards(t *testing.T) {
	for _, c := range []struct {
		lo, hi int64
		k      int
		want   string
	}{
		{0, 9, 3, "[{0 0 3} {1 4 6} {2 7 9}]"},
		{0, 1, 4, "[{0 0 0} {1 1 1}]"},
		{5, 4, 3, "[]"},
		{-2, 2, 1, "[{0 -2 2}]"},
	} {
		if got := fmt.Sprint(shards(c.lo, c.hi, c.k)); got != c.want {
			t.Errorf("shards(%d, %d, %d) = %s, want %s", c.lo, c.hi, c.k, got, c.want)
		}
	}
}

// The range's ends are evaluated in the script's scope; each row's
// table is the row's range in the place of the range.
func TestPlan(t *testing.T) {
	for _, c := range []struct{ spec, row3 string }{
		{"sg(sub(n)) for n in 0 .. N", "sg(sub(n)) for n in 3 .. 3"},
		{"sg(sub(n)) for n in (0 .. N)", "sg(sub(n)) for n in (3 .. 3)"},
		{"n for n in 0 .. N if n > 1", "n for n in 3 .. 3 if n > 1"},
		{"n for n in (0) .. N", "n for n in 3 .. 3  "},
		{"n for n in 0 .. (N + 0) # rows\n if n > 1", "n for n in 3 .. 3       # rows\n if n > 1"},
		{"n for n in 0 ..\n  N if n > 1", "n for n in 3 .. 3\n    if n > 1"},
	} {
		p, err := plan(t, c.spec, 4)
		if err != nil {
			t.Fatalf("%q: %v", c.spec, err)
		}
		if p.Lo != 0 || p.Hi != 12 || len(p.Shards) != 4 || p.RowVar != "n" {
			t.Errorf("%q: range %d .. %d, %d shards, %q", c.spec, p.Lo, p.Hi, len(p.Shards), p.RowVar)
		}
		if got := p.RowSpec(3); got != c.row3 {
			t.Errorf("%q: row 3 is %q, want %q", c.spec, got, c.row3)
		}
	}
}

// An error after a row's range that is longer than the range written
// points where the table has it.
func TestRemap(t *testing.T) {
	p, err := plan(t, "n for n in 0 .. N if 1 / (n - 100) > 0", 1)
	if err != nil {
		t.Fatal(err)
	}
	p.Hi = 200
	in := grundy.New(grundy.Config{})
	in.Load(context.Background(), "sub.game", subScript)
	_, err = in.Table(context.Background(), SpecName, p.RowSpec(100))
	if err == nil {
		t.Fatal("no error")
	}
	want := "<table>:1:24: division by zero" // (at 28 in the row's table)
	if got := p.Remap(err, 100).Error(); got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if _, err := grundy.New(grundy.Config{}).Table(context.Background(), SpecName, "n for n in 100 .. 100 if 1 / (n - 100) > 0"); err == nil || !strings.HasPrefix(err.Error(), "<table>:1:") {
		t.Fatalf("the unshifted table: %v", err)
	}
}

func TestPlanErrors(t *testing.T) {
	for _, c := range []struct{ spec, want string }{
		{"n for n in [1, 2]", "<table>:1:12: grundy-cluster shards a range: the for clause must iterate over A .. B"},
		{"a for a in 0 .. 1 for b in 0 .. 1", "grundy-cluster shards the rows of a table with one for clause; this one has 2"},
		{`n for n in 0 .. "x"`, `<table>:1:17: a range's ends must be ints, found string "x"`},
		{"n for n in 0 .. nosuch", `<table>:1:17: unknown name "nosuch"`},
		{"n for n in 0 ..", "<table>:1:16: "},
	} {
		_, err := plan(t, c.spec, 2)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %s", c.spec, err, c.want)
		}
	}
	_, err := plan(t, "n for n in [1]", 2)
	var le *lang.Error
	if !errors.As(err, &le) {
		t.Errorf("not a range: %T, want a *lang.Error (with its position)", err)
	}
}
