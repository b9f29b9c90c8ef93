package lang

import (
	"strings"
	"testing"
)

func TestDeclaredNames(t *testing.T) {
	for src, want := range map[string]string{
		"game mg(n) moves\n  mg(n - 1) for k in 1 ..) n\n":  "mg@1:6",
		"def f(x) = (x\nlet y = 2\n":                        "f@1:5", // a let inside brackets is not at the top
		"let (a, b) = (1, 2\n":                              "a@1:6 b@1:9",
		"for x in [1] { let z = x }\nlet w = \"abc\ngame g": "w@2:5", // read up to where it stops scanning
		"print [let]\ngame\nlet 3\n":                        "",
	} {
		var got []string
		for _, n := range DeclaredNames("f", src) {
			got = append(got, n.Name+"@"+strings.TrimPrefix(FormatPos(n.Pos), "f:"))
		}
		if g := strings.Join(got, " "); g != want {
			t.Errorf("DeclaredNames(%q) = %q, want %q", src, g, want)
		}
	}
}
