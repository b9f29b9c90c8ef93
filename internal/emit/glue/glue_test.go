package glue

import (
	"strings"
	"testing"
)

// TestStr: a C++ string literal escapes what C++ would read otherwise (a
// quote, a backslash, control bytes, bytes past ASCII, ? of a trigraph).
func TestStr(t *testing.T) {
	cases := map[string]string{
		`ab`:         `"ab"`,
		"a\"b\\c":    `"a\"b\\c"`,
		"x\ny\tz":    `"x\ny\tz"`,
		"??=":        `"\077\077="`,
		"\x01é":      `"\001\303\251"`,
		"sub(3, 4)(": `"sub(3, 4)("`,
	}
	for in, want := range cases {
		if got := Str(in); got != want {
			t.Errorf("Str(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestShapes: a game of one int is its positions' ids itself and is swept
// (its driver looks at early_C, its entry gives the runtime its table);
// a game of two ints interns its positions and is not swept.
func TestShapes(t *testing.T) {
	one := Game{C: "g", Name: "g", Proto: "rt::i64 a0", Args: "a0", Key: "std::array<rt::i64, 1>{a0}",
		KeyType: "std::array<rt::i64, 1>", Unpack: "k[0]", Params: 1, Box: true, SelfOnly: true}
	two := Game{C: "h", Name: "h", ID: 1, Proto: "rt::i64 a0, rt::i64 a1", Args: "a0, a1", Key: "std::array<rt::i64, 2>{a0, a1}",
		KeyType: "std::array<rt::i64, 2>", Unpack: "k[0], k[1]", Params: 2, Box: true}
	if got := one.IDOf("k"); got != "k[0]" {
		t.Errorf("one int: id of k is %s", got)
	}
	if got := two.IDOf("k"); got != "ids_h.id(k)" {
		t.Errorf("two ints: id of k is %s", got)
	}
	checks := []struct {
		name, text, want string
		has              bool
	}{
		{"one int's driver sweeps", Access(one), "if (early_g(a0, _room))", true},
		{"one int's sweeps", Access(one), "static bool bottom_g(rt::i64 x, rt::i64 end)", true},
		{"two ints' driver", Access(two), "early_h", false},
		{"one int's entry", Entry(one, `"g"`, 3), "&memo_g.cells.p, &memo_g.dim[0], optn_g}", true},
		{"two ints' entry", Entry(two, `"h"`, 4), "nullptr, 4, cmp_h},", true},
		{"one int's chain sweep", ByID(one), "static void sweep_g()", true},
		{"two ints' table", Decls(two), "static rt::Intern<2> ids_h;", true},
	}
	for _, c := range checks {
		if strings.Contains(c.text, c.want) != c.has {
			t.Errorf("%s: %q in the text is %v, want %v", c.name, c.want, !c.has, c.has)
		}
	}
}

// TestComments: a line of the script ending in a backslash does not
// continue its // comment onto the next C++ line, and a text put in a
// comment has no newline or backslash left.
func TestComments(t *testing.T) {
	for in, want := range map[string]string{`print "a\\"`: `print "a\\"`, `x \`: `x \ //`, "a  \t": "a"} {
		if got := CommentLine(in); got != want {
			t.Errorf("CommentLine(%q) = %q, want %q", in, got, want)
		}
	}
	if got := Comment("a\nb\\c"); got != "a b/c" {
		t.Errorf("Comment = %q", got)
	}
}
