package eval

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"
)

// Where an argument of a game's positions has the general key,
// --explain says why: the reason that applies (a full alphabet, a
// character that is not ASCII, a pass off), and for a tuple or list
// with the general key, what its elements got.
func TestExplainGeneralKeysSayWhy(t *testing.T) {
	src := `game letters(s) moves letters(s[1:]) if len(s) > 0
game accents(s) moves accents(s[1:]) if len(s) > 0
game pair(p) moves pair((p[0] - 1, p[1] - {p[0]})) if p[0] > 0
game tagged(p) moves tagged((p[0], p[1] - {x})) for x in p[1]
game cells(S) moves cells(S - {c}) for c in S
print sg(letters("abcdefghijklmnopqrstuvwxyz")), sg(accents("é..")), sg(pair((3, {1, 2, 3}))), sg(tagged(("n", {"a", "b"}))), sg(cells({(0, 0), (1, 1)}))
`
	for _, c := range []struct {
		off  passes.Pass
		want map[string][]string
	}{
		{0, map[string][]string{
			"game letters": {"general key: a string, its bytes (the alphabet of the argument is full, 16 characters, and a string has others)", "the empty string, packed"},
			"game accents": {"general key: a string, its bytes (a character is not ASCII)"},
			"game pair":    {"general key: a list or tuple with elements that are not all ints, element by element (its elements: an int; a bitset of small ints (0 to 4,095))"},
			"game tagged":  {"(its elements: a string, its bytes (a string inside another value is not packed)", "a set, element by element (a set inside another value is a bitset only of small ints or of cells)"},
			"game cells":   {"a bitset over a universe of 2 elements (1 byte of bits)"},
		}},
		{passes.Strings | passes.Bitsets, map[string][]string{
			"game letters": {"general key: a string, its bytes (the strings pass is off)"},
			"game cells":   {"a bitset of cells (r, c)"},
		}},
	} {
		s := NewSession(Options{Disable: c.off})
		if err := s.ExecFile(context.Background(), "t.game", src); err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		for _, x := range s.Explain() {
			got[x.Kind+" "+x.Name] = x.String()
		}
		for k, subs := range c.want {
			for _, sub := range subs {
				if !strings.Contains(got[k], sub) {
					t.Errorf("passes off %v: %s: explanation\n%s\ndoes not contain %q", c.off, k, got[k], sub)
				}
			}
		}
	}
}
