package comprun

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// TestRecReuse: records are taken and given back in turn, and a list,
// set or sum made from one keeps its elements while later records are
// filled: a record whose first elements a value keeps is not reused.
func TestRecReuse(t *testing.T) {
	th := &engine.Thread{}
	var kept []value.Value
	var want []string
	for n := range 6 {
		for _, k := range []lang.CompKind{lang.ListComp, lang.SetComp, lang.SumComp} {
			a := Take(th, k == lang.SumComp)
			for i := range n {
				x := value.Int(int64(10*n + i))
				if k == lang.SumComp {
					x = value.Nimber(int64(10*n + i))
				}
				a.Add(th, engine.Pos{}, k == lang.SumComp, x)
			}
			v := a.Done(th, engine.Pos{}, k)
			kept, want = append(kept, v), append(want, value.Format(v))
		}
	}
	for i, v := range kept {
		if got := value.Format(v); got != want[i] {
			t.Fatalf("value %d became %s, was %s", i, got, want[i])
		}
	}
	if len(th.Accs) == 0 || len(th.Accs) > 3 {
		t.Fatalf("%d records free, want 1 to 3", len(th.Accs))
	}
}
