package spelling

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/eval"
)

// Tiny scripts the family tests rewrite.
const (
	subScript = `game sub(n) moves sub(n - s) for s in [1, 2] if s <= n
print [sg(sub(n)) for n in 0 .. 6]
`
	guardsScript = `game g(n) moves g(k) for k in 0 .. n - 1 if k != 2 and n != 5 if k != 4
print [sg(g(n)) for n in 0 .. 8]
`
	pairsScript = `game g(n) moves g(a + b) for (a, b) in [(0, 1), (1, 0), (0, 0)] if a + b < n
print [sg(g(n)) for n in 0 .. 3]
`
	grundyScript = `game grundy(n) moves grundy(a) + grundy(n - a) for a in 1 .. (n - 1) / 2
print [sg(grundy(n)) for n in 0 .. 12]
`
	walkScript = `game w(a, b) moves w(a - 1, b) if a > 0 | w(a, b - 1) if b > 0
print [sg(w(a, b)) for a in 0 .. 3 for b in 0 .. 3]
`
	splitScript = `game split(n) moves t * split(n / t) for t in divisors(n) if t >= 2
print [sg(split(n)) for n in 1 .. 12], sg(2 * split(3))
`
	constScript = `let N = 6
game sub(n) moves sub(n - s) for s in {2, 1} if s <= n
print [sg(sub(n)) for n in range(0, N)]
`
	rangeScript = `game sub(n) moves sub(n - s) for s in [1, 2] if s <= n
print [sg(sub(n)) for n in range(0, 7)]
for n in 1 .. 2 {
    print n
}
`
	kaylesScript = `game kayles(n) moves kayles(a) + kayles(n - 1 - a) for a in 0 .. n - 1
print [sg(kayles(n)) for n in 0 .. 12]
`
	// movesScript shows the order of options: order-changing families
	// must leave it alone.
	movesScript = `game w(a, b) moves w(a - 1, b) if a > 0 | w(a, b - 1) if b > 0
print moves(w(2, 2))
`
)

// familyCases holds, for each family, a script and one spelling the
// family makes of it (the printed text).
var familyCases = []struct {
	family, before, after string
}{
	{"def-expr", subScript, `def expr_1(n, s) = sub(n - s)
game sub(n) moves
    expr_1(n, s) for s in [1, 2] if s <= n
print [sg(sub(n)) for n in 0 .. 6]
`},
	{"def-guard", subScript, `def ok_1(s, n) = s <= n
game sub(n) moves
    sub(n - s) for s in [1, 2] if ok_1(s, n)
print [sg(sub(n)) for n in 0 .. 6]
`},
	{"def-option", subScript, `def opt_1(n, s) = sub(n - s)
game sub(n) moves
    opt_1(n, s) for s in [1, 2] if s <= n
print [sg(sub(n)) for n in 0 .. 6]
`},
	{"def-comp", subScript, `game sub(n) moves
    sub(n - s) for s in [1, 2] if s <= n
def comp_1() = [sg(sub(n)) for n in 0 .. 6]
print comp_1()
`},
	{"def-options", subScript, `def opts_1(n) = {sub(n - s) for s in [1, 2] if s <= n}
game sub(n) moves
    m_1 for m_1 in opts_1(n)
print [sg(sub(n)) for n in 0 .. 6]
`},
	{"guard-for", subScript, `game sub(n) moves
    sub(n - s) for s in [1, 2] for pass_1 in if s <= n then [0] else []
print [sg(sub(n)) for n in 0 .. 6]
`},
	{"guard-and", guardsScript, `game g(n) moves
    g(k) for k in 0 .. n - 1 if k != 2 if n != 5 if k != 4
print [sg(g(n)) for n in 0 .. 8]
`},
	{"guard-swap", guardsScript, `game g(n) moves
    g(k) for k in 0 .. n - 1 if k != 4 if k != 2 and n != 5
print [sg(g(n)) for n in 0 .. 8]
`},
	{"filter-in", subScript, `game sub(n) moves
    sub(n - s) for s in [s for s in [1, 2] if s <= n]
print [sg(sub(n)) for n in 0 .. 6]
`},
	{"destructure", pairsScript, `game g(n) moves
    g(a + b) for elem_1 in [(0, 1), (1, 0), (0, 0)] for (a, b) in [elem_1] if a + b < n
print [sg(g(n)) for n in 0 .. 3]
`},
	{"range-guard", subScript, `game sub(n) moves
    sub(n - s) for s in [1, 2] if s <= n
print [sg(sub(n)) for n in 0 .. max(0, 6) if not n > 6]
`},
	{"tie-singleton", grundyScript, `game grundy(n) moves
    grundy(a) + grundy(tie_1) for a in 1 .. (n - 1) / 2 for tie_1 in (n - a,)
print [sg(grundy(n)) for n in 0 .. 12]
`},
	{"tie-range", grundyScript, `game grundy(n) moves
    grundy(a) + grundy(tie_1) for a in 1 .. (n - 1) / 2 for tie_1 in n - (n - 1) / 2 .. n - 1 if n - tie_1 == a
print [sg(grundy(n)) for n in 0 .. 12]
`},
	{"split-range", subScript, `game sub(n) moves
    sub(n - s) for s in [1, 2] if s <= n
print [sg(sub(n)) for n in 0 .. min(6, 3)] + [sg(sub(n)) for n in max(0, 4) .. 6]
`},
	{"iter-copy", subScript, `game sub(n) moves
    sub(n - s) for s in [x_1 for x_1 in [1, 2]] if s <= n
print [sg(sub(n)) for n in 0 .. 6]
`},
	{"iter-dup", subScript, `game sub(n) moves
    sub(n - s) for s in [x_1 for x_1 in [1, 2]] + [x_2 for x_2 in [1, 2]] if s <= n
print [sg(sub(n)) for n in 0 .. 6]
`},
	{"coll-literal", constScript, `let N = 6
game sub(n) moves
    sub(n - s) for s in [2, 1, 1] if s <= n
print [sg(sub(n)) for n in range(0, N)]
`},
	{"coll-sorted", constScript, `let N = 6
game sub(n) moves
    sub(n - s) for s in sorted({2, 1}) if s <= n
print [sg(sub(n)) for n in range(0, N)]
`},
	{"cmp-flip", subScript, `game sub(n) moves
    sub(n - s) for s in [1, 2] if n >= s
print [sg(sub(n)) for n in 0 .. 6]
`},
	{"cmp-not", subScript, `game sub(n) moves
    sub(n - s) for s in [1, 2] if not s > n
print [sg(sub(n)) for n in 0 .. 6]
`},
	{"if-split", `game g(n) moves g(if n % 2 == 0 then n - 1 else n - 2) if n >= 2 | *3 if n == 1
print [sg(g(n)) for n in 0 .. 9]
`, `game g(n) moves
    g(n - 1) if n >= 2 if n % 2 == 0
  | g(n - 2) if n >= 2 if not n % 2 == 0
  | *3 if n == 1
print [sg(g(n)) for n in 0 .. 9]
`},
	{"in-not", `print [x for x in 0 .. 9 if x not in [2, 3]]
`, `print [x for x in 0 .. 9 if not x in [2, 3]]
`},
	{"cond-if", guardsScript, `game g(n) moves
    g(k) for k in 0 .. n - 1 if if k != 2 then n != 5 else false if k != 4
print [sg(g(n)) for n in 0 .. 8]
`},
	{"alt-swap", walkScript, `game w(a, b) moves
    w(a, b - 1) if b > 0
  | w(a - 1, b) if a > 0
print [sg(w(a, b)) for a in 0 .. 3 for b in 0 .. 3]
`},
	{"alt-dup", walkScript, `game w(a, b) moves
    w(a - 1, b) if a > 0
  | w(a, b - 1) if b > 0
  | w(a - 1, b) if a > 0
print [sg(w(a, b)) for a in 0 .. 3 for b in 0 .. 3]
`},
	{"sum-swap", grundyScript, `game grundy(n) moves
    grundy(n - a) + grundy(a) for a in 1 .. (n - 1) / 2
print [sg(grundy(n)) for n in 0 .. 12]
`},
	{"tuple-pos", walkScript, `game w(pos_1) moves
    w([pos_1[0] - 1, pos_1[1]]) if pos_1[0] > 0
  | w([pos_1[0], pos_1[1] - 1]) if pos_1[1] > 0
print [sg(w([a, b])) for a in 0 .. 3 for b in 0 .. 3]
`},
	{"const-name", subScript, `let K_1 = 2
game sub(n) moves
    sub(n - s) for s in [1, K_1] if s <= n
print [sg(sub(n)) for n in 0 .. 6]
`},
	{"const-inline", constScript, `let N = 6
game sub(n) moves
    sub(n - s) for s in {2, 1} if s <= n
print [sg(sub(n)) for n in range(0, 6)]
`},
	{"range-fn", rangeScript, `game sub(n) moves
    sub(n - s) for s in [1, 2] if s <= n
print [sg(sub(n)) for n in range(0, 7)]
for n in range(1, 3) {
    print n
}
`},
	{"copies", splitScript, `game split(n) moves
    (sum of split(n / t) for copy_1 in 1 .. t) for t in divisors(n) if t >= 2
print [sg(split(n)) for n in 1 .. 12], sg(2 * split(3))
`},
	{"sum-lit", grundyScript, `game grundy(n) moves
    (sum of grundy(part_1) for part_1 in [a, n - a]) for a in 1 .. (n - 1) / 2
print [sg(grundy(n)) for n in 0 .. 12]
`},
	{"minmax-split", kaylesScript, `game kayles(n) moves
    kayles(min(a, n - 1 - a)) + kayles(max(a, n - 1 - a)) for a in 0 .. n - 1
print [sg(kayles(n)) for n in 0 .. 12]
`},
	{"if-known", subScript, `game sub(n) moves
    if s <= n then sub(n - s) else *0 for s in [1, 2] if s <= n
print [sg(sub(n)) for n in 0 .. 6]
`},
}

// TestFamilies checks each family on a tiny script: for 20 seeds, the
// rewritten script prints what the original prints, and one of the
// rewrites is the spelling shown.
func TestFamilies(t *testing.T) {
	t.Parallel()
	tested := map[string]bool{}
	for _, c := range familyCases {
		tested[c.family] = true
		t.Run(c.family, func(t *testing.T) {
			if note, bug := knownBugs[c.family]; bug {
				t.Skip(note)
			}
			fam, ok := Lookup(c.family)
			if !ok {
				t.Fatalf("no family %s", c.family)
			}
			want := run("before", c.before, "", time.Minute)
			if want.err != "" {
				t.Fatal(want.err)
			}
			seen := false
			for seed := range 20 {
				f := parseOK(t, "before", c.before)
				if !fam.Apply(rand.New(rand.NewPCG(uint64(seed), 0)), f) {
					t.Fatalf("seed %d: the family does not apply", seed)
				}
				text, err := printed(f)
				if err != nil {
					t.Fatalf("seed %d: %v\n%s", seed, err, text)
				}
				seen = seen || text == c.after
				if got := run("after", text, "", time.Minute); !same(want, got) {
					t.Errorf("seed %d:\n%s", seed, mismatch(want, got, text))
				}
			}
			if !seen {
				t.Errorf("no seed rewrites\n%s\nas\n%s", c.before, c.after)
			}
		})
	}
	for _, fam := range Families {
		if !tested[fam.Name] {
			t.Errorf("family %s has no test", fam.Name)
		}
	}
}

// TestOrderKept checks that the families that change the order of
// options (or a position's spelling) leave a script that lists options
// alone.
func TestOrderKept(t *testing.T) {
	for _, name := range []string{"alt-swap", "sum-swap", "tuple-pos", "def-options", "coll-literal", "coll-sorted"} {
		fam, _ := Lookup(name)
		for seed := range 20 {
			f := parseOK(t, "moves", movesScript)
			before := Print(f)
			fam.Apply(rand.New(rand.NewPCG(uint64(seed), 0)), f)
			after := Print(f)
			if name == "def-options" {
				if strings.Contains(after, "{") {
					t.Errorf("%s returns a set of options where their order shows:\n%s", name, after)
				}
				continue
			}
			if after != before {
				t.Errorf("%s rewrote a script that lists options:\n%s", name, after)
			}
		}
	}
}

// TestNotApplied checks that a family that finds no place leaves the
// script as it was.
func TestNotApplied(t *testing.T) {
	const bare = "print 1\n"
	for _, fam := range Families {
		f := parseOK(t, "bare", bare)
		applied := fam.Apply(rand.New(rand.NewPCG(1, 0)), f)
		if text := Print(f); !applied && text != bare {
			t.Errorf("%s found no place but changed the script:\n%s", fam.Name, text)
		}
	}
}

// TestFreshNames checks that no built-in or library name has the shape
// of the names the rewrites make (a base, "_" and a number), so that a
// new def or let never hides one.
func TestFreshNames(t *testing.T) {
	s := eval.NewSession(eval.Options{})
	names := s.Names()
	for _, b := range s.Registry().Builtins() {
		names = append(names, b.BName)
	}
	if len(names) < 20 {
		t.Fatalf("only %d names", len(names))
	}
	made := regexp.MustCompile(`^[A-Za-z]+_[0-9]+$`)
	for _, n := range names {
		if made.MatchString(n) {
			t.Errorf("the name %s could be made by a rewrite", n)
		}
	}
}
