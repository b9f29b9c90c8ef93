package lang

import "testing"

// TestQuote: the scanner reads Quote's literal back as the string.
func TestQuote(t *testing.T) {
	for _, s := range []string{"", "a", "a\nb\tc", `say "hi"`, `back\slash\n`, "é ∞ \x01", "#not a comment"} {
		q := Quote(s)
		e, err := ParseExpr("q", q)
		if lit, ok := e.(*StrLit); err != nil || !ok || lit.Val != s {
			t.Errorf("Quote(%q) = %s parses to %#v, %v", s, q, e, err)
		}
	}
	if got, want := Quote("a\"\\\n\t"), `"a\"\\\n\t"`; got != want {
		t.Errorf("Quote: %s, want %s", got, want)
	}
}
