package lang

import "testing"

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"moves", "moves", 0}, {"mvoes", "moves", 1}, {"move", "moves", 1}, {"ca", "abc", 3}, {"ab", "ba", 1}, {"kitten", "sitting", 3}} {
		if got := editDistance(c.a, c.b); got != c.d {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
}

func TestSuggest(t *testing.T) {
	words := []string{"print", "game", "moves", "table"}
	for _, c := range []struct{ w, want string }{{"prnt", "print"}, {"gme", "game"}, {"mvoes", "moves"}, {"x", ""}, {"tabel", "table"}, {"zzzzz", ""}, {"print", ""}} {
		if got := Suggest(c.w, words); got != c.want {
			t.Errorf("Suggest(%q) = %q, want %q", c.w, got, c.want)
		}
	}
}
