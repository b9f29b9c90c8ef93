package eval_test

import (
	"context"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/eval"
)

// Equivalent spellings of one rule: each must reach the same kernel as its
// canonical form (the same --explain notes for the game's alternatives)
// and print the same values. BenchmarkSpelling times them:
//
//	go test ./eval -run '^$' -bench Spelling -benchtime 3x
type spelling struct {
	name  string
	game  string // the game's name (its notes are compared)
	src   string // declarations; the check and the benchmark add their own prints
	check string // a print statement over small positions
	bench string // the statement the benchmark runs
}

var spellingFamilies = [][]spelling{
	{
		{name: "cut", game: "cut", src: `
game cut(w, h) moves
    cut(i, h) + cut(w - i, h) for i in 2 .. w - 2
  | cut(w, j) + cut(w, h - j) for j in 2 .. h - 2`},
		{name: "cut/wrapper", game: "cut", src: `
def piece(a, b) = cut(a, b)
game cut(w, h) moves
    piece(i, h) + piece(w - i, h) for i in 2 .. w - 2
  | piece(w, j) + piece(w, h - j) for j in 2 .. h - 2`},
		{name: "cut/wrapper of a wrapper", game: "cut", src: `
def piece(a, b) = part(a, b)
def part(x, y) = cut(x, y)
game cut(w, h) moves
    piece(i, h) + piece(w - i, h) for i in 2 .. w - 2
  | piece(w, j) + piece(w, h - j) for j in 2 .. h - 2`},
		{name: "cut/guards", game: "cut", src: `
game cut(w, h) moves
    cut(i, h) + cut(w - i, h) for i in 1 .. w if i >= 2 and true if w - i >= 2
  | cut(w, j) + cut(w, h - j) for j in 1 .. h if j >= 2 if h - j >= 2`},
	},
	{
		{name: "subtract", game: "sub", src: `
let S = {1, 3, 4, 9, 10, 17, 23, 31, 42, 57}
game sub(n) moves sub(n - s) for s in S if s <= n`},
		{name: "subtract/n - s >= 0", game: "sub", src: `
let S = {1, 3, 4, 9, 10, 17, 23, 31, 42, 57}
game sub(n) moves sub(n - s) for s in S if n - s >= 0`},
		{name: "subtract/guard def", game: "sub", src: `
let S = {1, 3, 4, 9, 10, 17, 23, 31, 42, 57}
def ok(n, s) = n - s >= 0
game sub(n) moves sub(n - s) for s in S if ok(n, s)`},
		{name: "subtract/n >= s", game: "sub", src: `
let S = {1, 3, 4, 9, 10, 17, 23, 31, 42, 57}
game sub(n) moves sub(n - s) for s in S if n >= s`},
		{name: "subtract/not", game: "sub", src: `
let S = {1, 3, 4, 9, 10, 17, 23, 31, 42, 57}
game sub(n) moves sub(n - s) for s in S if not (s > n)`},
		{name: "subtract/literal", game: "sub", src: `
game sub(n) moves sub(n - s) for s in [1, 3, 4, 9, 10, 17, 23, 31, 42, 57] if s <= n`},
		{name: "subtract/s + 1 <= n + 1", game: "sub", src: `
let S = {1, 3, 4, 9, 10, 17, 23, 31, 42, 57}
game sub(n) moves sub(n - s) for s in S if s + 1 <= n + 1`},
	},
	{
		{name: "grundy", game: "grundy", src: `
game grundy(n) moves grundy(a) + grundy(n - a) for a in 1 .. (n - 1) / 2`},
		{name: "grundy/2 * a < n", game: "grundy", src: `
game grundy(n) moves grundy(a) + grundy(n - a) for a in 1 .. n - 1 if 2 * a < n`},
		{name: "grundy/a < n - a", game: "grundy", src: `
game grundy(n) moves grundy(a) + grundy(n - a) for a in 1 .. n - 1 if a < n - a`},
		{name: "grundy/partner", game: "grundy", src: `
game grundy(n) moves grundy(a) + grundy(b) for a in 1 .. n - 1 for b in [n - a] if a < b`},
		{name: "grundy/range", game: "grundy", src: `
game grundy(n) moves grundy(a) + grundy(n - a) for a in range(1, n) if a < n - a`},
		{name: "grundy/swapped", game: "grundy", src: `
game grundy(n) moves grundy(n - a) + grundy(a) for a in 1 .. n - 1 if a < n - a`},
		{name: "grundy/guard def", game: "grundy", src: `
def unequal(a, n) = a < n - a
game grundy(n) moves grundy(a) + grundy(n - a) for a in 1 .. n - 1 if unequal(a, n)`},
	},
	{
		{name: "kayles", game: "k", src: `
game k(n) moves k(a) + k(n - 1 - a) for a in 0 .. (n - 1) / 2 if n >= 1
  | k(a) + k(n - 2 - a) for a in 0 .. (n - 2) / 2 if n >= 2`},
		{name: "kayles/guards", game: "k", src: `
game k(n) moves k(a) + k(n - 1 - a) for a in 0 .. n if 2 * a <= n - 1
  | k(a) + k(n - 2 - a) for a in 0 .. n if a <= n - 2 - a`},
	},
}

var spellingChecks = map[string][2]string{
	"cut":    {"print [sg(cut(w, h)) for w in 2 .. 12 for h in 2 .. 12]", `print sg(sum of cut(w, h) for w in 2 .. 150 for h in 2 .. 150)`},
	"sub":    {"print [sg(sub(n)) for n in 0 .. 200]", `print sg(sum of sub(n) for n in 0 .. 1000000)`},
	"grundy": {"print [sg(grundy(n)) for n in 0 .. 200]", `print sg(sum of grundy(n) for n in 0 .. 8000)`},
	"k":      {"print [sg(k(n)) for n in 0 .. 200]", `print sg(sum of k(n) for n in 0 .. 5000)`},
}

var domainNote = regexp.MustCompile(`over (a range|a literal of ints, made once|the ints of a set or list \(sorted ascending\), read once per run);`)

var boundsNote = regexp.MustCompile(`; \d+ if clauses? turned into bounds on \w+`)

// altNotes returns the notes of game's alternatives (what each compiled
// to), without line numbers.
func altNotes(t testing.TB, src, game string) string {
	s := eval.NewSession(eval.Options{})
	if err := s.Check("t.game", src); err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	for _, x := range s.Explain() {
		if x.Kind == "game" && x.Name == game {
			var notes []string
			for _, n := range x.Notes {
				if i := strings.Index(n, "): "); i >= 0 && strings.HasPrefix(n, "alternative") {
					n = n[i+3:]
				}
				// The kernel, not how many if clauses became bounds.
				n = boundsNote.ReplaceAllString(n, "")
				n = domainNote.ReplaceAllString(n, "over its domain;")
				notes = append(notes, n)
			}
			return strings.Join(notes, "\n")
		}
	}
	t.Fatalf("no explanation of game %s", game)
	return ""
}

func runSpelling(t testing.TB, src string) string {
	var out strings.Builder
	s := eval.NewSession(eval.Options{Stdout: &out})
	if err := s.ExecFile(context.Background(), "t.game", src); err != nil {
		t.Fatalf("%s\n%v", src, err)
	}
	return out.String()
}

func TestEquivalentSpellings(t *testing.T) {
	t.Parallel()
	for _, fam := range spellingFamilies {
		canon := fam[0]
		check := spellingChecks[canon.game][0]
		wantNotes := altNotes(t, canon.src, canon.game)
		wantOut := runSpelling(t, canon.src+"\n"+check+"\n")
		if strings.Contains(wantNotes, "general path") {
			t.Errorf("%s: the canonical form is on the general path:\n%s", canon.name, wantNotes)
		}
		for _, sp := range fam[1:] {
			if got := altNotes(t, sp.src, sp.game); got != wantNotes {
				t.Errorf("%s compiles to\n%s\nbut %s to\n%s", canon.name, wantNotes, sp.name, got)
			}
			if got := runSpelling(t, sp.src+"\n"+check+"\n"); got != wantOut {
				t.Errorf("%s prints %q, %s %q", sp.name, got, canon.name, wantOut)
			}
		}
	}
}

func BenchmarkSpelling(b *testing.B) {
	for _, fam := range spellingFamilies {
		for _, sp := range fam {
			src := sp.src + "\n" + spellingChecks[fam[0].game][1] + "\n"
			b.Run(strings.ReplaceAll(sp.name, " ", "_"), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					s := eval.NewSession(eval.Options{Stdout: io.Discard})
					if err := s.ExecFile(context.Background(), "t.game", src); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
