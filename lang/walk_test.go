package lang

import (
	"fmt"
	"strings"
	"testing"
)

// RangesBeforeGuards finds the expressions of a for clause's range that
// an if of the same clause list follows, with the nearest such if.
func TestRangesBeforeGuards(t *testing.T) {
	src := `game g(n) moves g(n - k) for k in 1 .. n / 2 if n > 0 | *1 for k in [n] for j in [k] if k > 0
print [x for x in [1 / n] if n > 0 if true], [x for x in [n] for y in [x + 1]]
for i in [1] { print {y for x in [1] if x > 0 for y in [x - 1] if y > 0} }
`
	f, err := ParseFile("t", src)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	RangesBeforeGuards(f.Stmts, func(x Expr, guard *IfClause, first bool) {
		got = append(got, fmt.Sprintf("%d:%d<%d:%d,%v", x.Position().Line, x.Position().Column, guard.Pos.Line, guard.Pos.Column, first))
	})
	want := "1:37<1:46,false 1:35<1:46,false 1:42<1:46,false 1:40<1:46,false 1:44<1:46,false " + // 1 .. n / 2: the .., 1, the /, n, 2
		"1:82<1:86,false 1:83<1:86,false 1:69<1:86,false 1:70<1:86,false " + // [k], k, then [n], n: the if after both
		"2:19<2:27,true 2:22<2:27,true 2:20<2:27,true 2:24<2:27,true " + // a comprehension's first for; none in the second
		"3:56<3:64,false 3:59<3:64,false 3:57<3:64,false 3:61<3:64,false 3:34<3:38,true 3:35<3:38,true" // inside a for statement
	if g := strings.Join(got, " "); g != want {
		t.Errorf("got  %s\nwant %s", g, want)
	}
}
