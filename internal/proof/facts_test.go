package proof

import (
	"testing"

	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// TestRefutes: a fact evaluated where a name is a value, the rest of it
// unknown (k, f(v)) where an if's condition or one side of an and or an
// or decides without it; a fact that may be true there, or that fails
// (a division by 0, an overflow), refutes nothing.
func TestRefutes(t *testing.T) {
	cases := []struct {
		fact string
		v    int64
		want bool
	}{
		{"0 <= (if v == 0 then 0 else 1 + f(v) % 5) - 1", 0, true},
		{"0 <= (if v == 0 then 0 else 1 + f(v) % 5) - 1", 1, false},
		{"1 <= v - 1", 0, true},
		{"1 <= v - 1", 2, false},
		{"v > 0 and k < 3", 0, true},
		{"k < 3 and v > 0", 0, true},
		{"v > 0 or k < 3", 0, false},
		{"not (v == 0)", 0, true},
		{"k <= v", 0, false},
		{"0 <= 10 / v - 1", 0, false},
		{"0 <= v * 9223372036854775807 - 1", 2, false},
		{"0 <= (if v * 2 == 0 then -1 else k)", 0, true},
		{"-7 % 2 == v", -1, false},
		{"-7 % 2 == v", 1, true},
	}
	for _, c := range cases {
		e, err := lang.ParseExpr("t.game", c.fact)
		if err != nil {
			t.Fatal(err)
		}
		d := resolve.NewLocal("v", lang.Pos{})
		lang.Inspect(e, func(x lang.Expr) bool {
			if id, ok := x.(*lang.Ident); ok && id.Name == "v" {
				id.Bind = d
			}
			return true
		})
		s := &Prover{facts: []lang.Expr{e}}
		if got := s.refutes(d, c.v); got != c.want {
			t.Errorf("%s where v = %d: refuted %v, want %v", c.fact, c.v, got, c.want)
		}
	}
}
