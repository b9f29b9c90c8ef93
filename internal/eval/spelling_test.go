package eval_test

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/eval"
)

// Equivalent spellings of one rule: each must reach the same kernel as its
// canonical form (the same --explain notes for the game's alternatives)
// and print the same values. BenchmarkSpelling times them:
//
//	go test ./eval -run '^$' -bench Spelling -benchtime 3x
type spelling struct {
	name string
	game string // the game's name (its notes are compared)
	src  string // declarations; the check and the benchmark add their own prints
	// queries, when set, replace the workload's print statements in the
	// benchmark (for a position written another way: q((a, b))).
	queries string
}

// A family is one rule: its canonical script first (the workload's), then
// its other spellings.
type spellingFamily struct {
	workload string // testdata/bench/WORKLOAD.game: its prints and its N
	check    string // a print statement over small positions
	list     []spelling
}

const subtractSet = "let S = {1, 3, 4, 9, 10, 17, 23, 31, 42, 57}\n"

var spellingFamilies = []spellingFamily{
	{workload: "cut", check: "print [sg(cut(w, h)) for w in 2 .. 12 for h in 2 .. 12]", list: []spelling{
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
		{name: "cut/guard helpers of two levels", game: "cut", src: `
def wide(x) = x >= 2
def fits(i, w) = wide(i) and wide(w - i)
game cut(w, h) moves
    cut(i, h) + cut(w - i, h) for i in 0 .. w if fits(i, w)
  | cut(w, j) + cut(w, h - j) for j in 0 .. h if fits(j, h)`},
		{name: "cut/swapped parts", game: "cut", src: `
game cut(w, h) moves
    cut(w - i, h) + cut(i, h) for i in 2 .. w - 2
  | cut(w, h - j) + cut(w, j) for j in 2 .. h - 2`},
		{name: "cut/reordered", game: "cut", src: `
game cut(w, h) moves
    cut(w, j) + cut(w, h - j) for j in 2 .. h - 2
  | cut(i, h) + cut(w - i, h) for i in 2 .. w - 2`},
		{name: "cut/range", game: "cut", src: `
game cut(w, h) moves
    cut(i, h) + cut(w - i, h) for i in range(2, w - 1)
  | cut(w, j) + cut(w, h - j) for j in range(2, h - 1)`},
	}},
	{workload: "subtract", check: "print [sg(sub(n)) for n in 0 .. 200]", list: []spelling{
		{name: "subtract", game: "sub", src: subtractSet + `
game sub(n) moves sub(n - s) for s in S if s <= n`},
		{name: "subtract/n - s >= 0", game: "sub", src: subtractSet + `
game sub(n) moves sub(n - s) for s in S if n - s >= 0`},
		{name: "subtract/guard def", game: "sub", src: subtractSet + `
def ok(n, s) = n - s >= 0
game sub(n) moves sub(n - s) for s in S if ok(n, s)`},
		{name: "subtract/guard helpers of two levels", game: "sub", src: subtractSet + `
def left(m) = m >= 0
def ok(n, s) = left(n - s)
game sub(n) moves sub(n - s) for s in S if ok(n, s)`},
		{name: "subtract/n >= s", game: "sub", src: subtractSet + `
game sub(n) moves sub(n - s) for s in S if n >= s`},
		{name: "subtract/not", game: "sub", src: subtractSet + `
game sub(n) moves sub(n - s) for s in S if not (s > n)`},
		{name: "subtract/literal", game: "sub", src: subtractSet + `
game sub(n) moves sub(n - s) for s in [1, 3, 4, 9, 10, 17, 23, 31, 42, 57] if s <= n`},
		{name: "subtract/s + 1 <= n + 1", game: "sub", src: subtractSet + `
game sub(n) moves sub(n - s) for s in S if s + 1 <= n + 1`},
		{name: "subtract/wrapper", game: "sub", src: subtractSet + `
def take(n, s) = sub(n - s)
game sub(n) moves take(n, s) for s in S if s <= n`},
		{name: "subtract/partner", game: "sub", src: subtractSet + `
game sub(n) moves sub(m) for s in S for m in [n - s] if m >= 0`},
		{name: "subtract/an unsorted list with repeats", game: "sub", src: `
let S = [57, 1, 4, 3, 9, 10, 17, 23, 31, 42, 4, 1]
game sub(n) moves sub(n - s) for s in S if s <= n`},
		{name: "subtract/an unsorted literal in place", game: "sub", src: `
game sub(n) moves sub(n - s) for s in [57, 1, 4, 3, 9, 10, 17, 23, 31, 42, 4, 1] if s <= n`},
		{name: "subtract/an unsorted set literal in place", game: "sub", src: `
game sub(n) moves sub(n - s) for s in {57, 1, 4, 3, 9, 10, 17, 23, 31, 42, 4, 1} if s <= n`},
		{name: "subtract/a disjunction of equalities", game: "sub", src: `
game sub(n) moves sub(n - s) for s in 1 .. n if s == 1 or s == 3 or s == 4 or s == 9 or s == 10 or s == 17 or s == 23 or s == 31 or s == 42 or s == 57`},
		{name: "subtract/a helper's set of positions", game: "sub", src: subtractSet + `
def opts(n) = {sub(n - s) for s in S if s <= n}
game sub(n) moves p for p in opts(n)`},
	}},
	{workload: "grundy", check: "print [sg(grundy(n)) for n in 0 .. 200]", list: []spelling{
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
		{name: "grundy/wrapper", game: "grundy", src: `
def heap(k) = grundy(k)
game grundy(n) moves heap(a) + heap(n - a) for a in 1 .. (n - 1) / 2`},
	}},
	{workload: "kayles", check: "print [sg(kayles(n)) for n in 0 .. 200]", list: []spelling{
		{name: "kayles", game: "kayles", src: `
game kayles(n) moves
    kayles(a) + kayles(n - 1 - a) for a in 0 .. (n - 1) / 2 if n >= 1
  | kayles(a) + kayles(n - 2 - a) for a in 0 .. (n - 2) / 2 if n >= 2`},
		{name: "kayles/guards", game: "kayles", src: `
game kayles(n) moves
    kayles(a) + kayles(n - 1 - a) for a in 0 .. n if 2 * a <= n - 1
  | kayles(a) + kayles(n - 2 - a) for a in 0 .. n if a <= n - 2 - a`},
		{name: "kayles/reordered", game: "kayles", src: `
game kayles(n) moves
    kayles(a) + kayles(n - 2 - a) for a in 0 .. (n - 2) / 2 if n >= 2
  | kayles(a) + kayles(n - 1 - a) for a in 0 .. (n - 1) / 2 if n >= 1`},
	}},
	{workload: "wythoff", check: "print [sg(wythoff(a, b)) for a in 0 .. 12 for b in 0 .. 12]", list: []spelling{
		{name: "wythoff", game: "wythoff", src: `
game wythoff(a, b) moves
    wythoff(a - k, b) for k in 1 .. a
  | wythoff(a, b - k) for k in 1 .. b
  | wythoff(a - k, b - k) for k in 1 .. min(a, b)`},
		{name: "wythoff/tuple", game: "q", src: `
game q(p) moves
    q((p[0] - k, p[1])) for k in 1 .. p[0]
  | q((p[0], p[1] - k)) for k in 1 .. p[1]
  | q((p[0] - k, p[1] - k)) for k in 1 .. min(p[0], p[1])
def wythoff(a, b) = q((a, b))`, queries: `
print "sg", sg(q((N - 1, N - 1)))
print "xor", sg(sum of q((a, b)) for a in 0 .. N - 1 for b in 0 .. N - 1)
print "P", len([1 for a in 0 .. N - 1 for b in 0 .. N - 1 if sg(q((a, b))) == 0])
print "max", max([sg(q((a, b))) for a in 0 .. N - 1 for b in 0 .. N - 1])`},
		{name: "wythoff/tuple destructured", game: "q", src: `
game q(p) moves
    q((a - k, b)) for (a, b) in [p] for k in 1 .. a
  | q((a, b - k)) for (a, b) in [p] for k in 1 .. b
  | q((a - k, b - k)) for (a, b) in [p] for k in 1 .. min(a, b)
def wythoff(a, b) = q((a, b))`},
		{name: "wythoff/reordered", game: "wythoff", src: `
game wythoff(a, b) moves
    wythoff(a - k, b - k) for k in 1 .. min(a, b)
  | wythoff(a, b - k) for k in 1 .. b
  | wythoff(a - k, b) for k in 1 .. a`},
		{name: "wythoff/guards", game: "wythoff", src: `
game wythoff(a, b) moves
    wythoff(a - k, b) for k in 1 .. a
  | wythoff(a, b - k) for k in 1 .. b
  | wythoff(a - k, b - k) for k in 1 .. a if k <= b`},
		{name: "wythoff/wrapper", game: "wythoff", src: `
def at(x, y) = wythoff(x, y)
game wythoff(a, b) moves
    at(a - k, b) for k in 1 .. a
  | at(a, b - k) for k in 1 .. b
  | at(a - k, b - k) for k in 1 .. min(a, b)`},
		{name: "wythoff/range", game: "wythoff", src: `
game wythoff(a, b) moves
    wythoff(a - k, b) for k in range(1, a + 1)
  | wythoff(a, b - k) for k in range(1, b + 1)
  | wythoff(a - k, b - k) for k in range(1, min(a, b) + 1)`},
	}},
}

var domainNote = regexp.MustCompile(`over (a range|a literal of ints, made once|the ints of a set or list \(sorted ascending\), read once per run);`)

var tupleNote = regexp.MustCompile(`^its positions whose argument \w+ is a tuple of \d+ ints are stored as`)

var boundsNote = regexp.MustCompile(`; \d+ if clauses? turned into bounds on [\w']+`)

// loopVar is a fast loop's variable (a name the planner makes is primed).
var loopVar = regexp.MustCompile(`fast loop: for [\w']+ over`)

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
				// (How a spelling was planned differs; what it runs
				// after planning is compared.)
				if strings.Contains(n, " is planned (") || strings.HasPrefix(n, " ") || strings.Contains(n, "is the same as one before it") {
					continue
				}
				if i := strings.Index(n, "): "); i >= 0 && strings.HasPrefix(n, "alternative") {
					n = n[i+3:]
				}
				// The kernel, not how many if clauses became bounds.
				n = boundsNote.ReplaceAllString(n, "")
				n = domainNote.ReplaceAllString(n, "over its domain;")
				n = loopVar.ReplaceAllString(n, "fast loop: for its variable over")
				if tupleNote.MatchString(n) {
					continue // (its rule is then that of ints)
				}
				notes = append(notes, n)
			}
			// (In any order: alternatives may be reordered.)
			slices.Sort(notes)
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
	n := 0
	for _, fam := range spellingFamilies {
		canon := fam.list[0]
		wantNotes := altNotes(t, canon.src, canon.game)
		wantOut := runSpelling(t, canon.src+"\n"+fam.check+"\n")
		if strings.Contains(wantNotes, "general path") {
			t.Errorf("%s: the canonical form is on the general path:\n%s", canon.name, wantNotes)
		}
		for _, sp := range fam.list[1:] {
			n++
			if got := altNotes(t, sp.src, sp.game); got != wantNotes {
				t.Errorf("%s compiles to\n%s\nbut %s to\n%s", canon.name, wantNotes, sp.name, got)
			}
			if got := runSpelling(t, sp.src+"\n"+fam.check+"\n"); got != wantOut {
				t.Errorf("%s prints %q, %s %q", sp.name, got, canon.name, wantOut)
			}
		}
	}
	if n < 15 {
		t.Errorf("%d spellings, want at least 15", n)
	}
}

// spellingBench is the script BenchmarkSpelling runs for sp: the
// workload's N and prints (or sp's queries) after sp's declarations.
func spellingBench(tb testing.TB, fam spellingFamily, sp spelling) string {
	src, err := os.ReadFile(filepath.Join("testdata", "bench", fam.workload+".game"))
	if err != nil {
		tb.Fatal(err)
	}
	var n, prints []string
	for _, line := range strings.Split(string(src), "\n") {
		switch {
		case strings.HasPrefix(line, "let N = "):
			n = append(n, line)
		case strings.HasPrefix(line, "print "):
			prints = append(prints, line)
		}
	}
	if sp.queries != "" {
		prints = []string{sp.queries}
	}
	return strings.Join(n, "\n") + "\n" + sp.src + "\n" + strings.Join(prints, "\n") + "\n"
}

// BenchmarkSpelling runs each spelling with the prints of its workload at
// the workload's size (../shared/bench); each should take at most twice
// its canonical script's time:
//
//	go test ./eval -run '^$' -bench Spelling -benchtime 3x
func BenchmarkSpelling(b *testing.B) {
	for _, fam := range spellingFamilies {
		for _, sp := range fam.list {
			src := spellingBench(b, fam, sp)
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

// Spellings the planner brings to their canonical form's kernel that are
// no workload's: each pair compiles to the same notes and prints the same
// values.
var plannedSpellings = []struct {
	name, canon, src, game, check string
}{
	{name: "two heaps, a disjunction of equalities on two variables", game: "g",
		canon: `game g(a, b) moves g(x, y) for x in 0 .. a for y in 0 .. b if x + y == a + b - 1 | g(x, y) for x in 0 .. a for y in 0 .. b if x + y == a + b - 2`,
		src:   `game g(a, b) moves g(x, y) for x in 0 .. a for y in 0 .. b if x + y == a + b - 1 or x + y == a + b - 2`,
		check: `print [sg(g(a, b)) for a in 0 .. 12 for b in 0 .. 12]`},
	{name: "S-Nim, a set of positions a helper builds", game: "g",
		canon: `game g(n) moves g(n - s) for s in [2, 3, 5] if s <= n`,
		src:   "let S = [5, 2, 3, 2]\ndef opts(n) = {g(n - s) for s in S if s <= n}\ngame g(n) moves p for p in opts(n)",
		check: `print [sg(g(n)) for n in 0 .. 100]`},
}

func TestPlannedSpellings(t *testing.T) {
	t.Parallel()
	for _, c := range plannedSpellings {
		want, got := altNotes(t, c.canon, c.game), altNotes(t, c.src, c.game)
		if got != want {
			t.Errorf("%s: the canonical form compiles to\n%s\nthe spelling to\n%s", c.name, want, got)
		}
		if w, g := runSpelling(t, c.canon+"\n"+c.check+"\n"), runSpelling(t, c.src+"\n"+c.check+"\n"); g != w {
			t.Errorf("%s: the spelling prints %q, the canonical form %q", c.name, g, w)
		}
	}
}
