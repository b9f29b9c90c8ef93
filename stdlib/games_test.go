package stdlib_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/testenv"

	"github.com/grundy-lang/grundy/internal/eval"
)

// run runs a script in a fresh session and returns its output.
func run(t *testing.T, src string) string {
	t.Helper()
	return runLimits(t, src, engine.Limits{})
}

// runLimits is run with limits.
func runLimits(t *testing.T, src string, limits engine.Limits) string {
	t.Helper()
	var out bytes.Buffer
	s := eval.NewSession(eval.Options{Stdout: &out, Limits: limits})
	if err := s.ExecFile(context.Background(), "test.game", src); err != nil {
		text := grundy.ExplainIn(err, func(string) (string, bool) { return src, true })
		t.Fatalf("%s\nin:\n%s", text, src)
	}
	return out.String()
}

// randomCode returns a random take-and-break code of 1-4 digits (octal,
// sometimes hexadecimal, sometimes with a splitting digit before the point).
func randomCode(r *rand.Rand) string {
	var b strings.Builder
	switch r.Intn(10) {
	case 0:
		b.WriteString("4.")
	default:
		b.WriteString("0.")
	}
	n := 1 + r.Intn(4)
	for i := 0; i < n; i++ {
		d := r.Intn(8)
		if r.Intn(12) == 0 {
			d = 8 + r.Intn(8)
		}
		fmt.Fprintf(&b, "%x", d)
	}
	return b.String()
}

// declare writes the game of a take-and-break code as a grundy declaration,
// independently of the Go implementation.
func declare(name, code string) string {
	var alts []string
	dot := strings.IndexByte(code, '.')
	digits := code[dot+1:]
	rule := func(k int, d int) {
		K := fmt.Sprint(k)
		if d&1 != 0 && k > 0 {
			alts = append(alts, fmt.Sprintf("%s(0) if n == %s", name, K))
		}
		if d&2 != 0 && k > 0 {
			alts = append(alts, fmt.Sprintf("%s(n - %s) if n > %s", name, K, K))
		}
		if d&4 != 0 {
			alts = append(alts, fmt.Sprintf("%s(a) + %s(n - %s - a) for a in 1 .. (n - %s) / 2", name, name, K, K))
		}
		if d&8 != 0 {
			alts = append(alts, fmt.Sprintf("%s(a) + %s(b) + %s(n - %s - a - b) for a in 1 .. (n - %s) / 3 for b in a .. (n - %s - a) / 2", name, name, name, K, K, K))
		}
	}
	if dot == 1 {
		var d int
		fmt.Sscanf(code[:1], "%x", &d)
		rule(0, d)
	}
	for i := range digits {
		var d int
		fmt.Sscanf(digits[i:i+1], "%x", &d)
		rule(i+1, d)
	}
	if len(alts) == 0 {
		return fmt.Sprintf("game %s(n) moves %s(n) for x in [] \n", name, name)
	}
	return fmt.Sprintf("game %s(n) moves\n    %s\n", name, strings.Join(alts, "\n  | "))
}

// TestOctalAgainstDeclared compares octal(CODE) with the same game declared
// in grundy, on random codes (80; 30 in the fast suite, package
// internal/testenv): values, moves, and proved periods checked on values
// well past the proof's range.
func TestOctalAgainstDeclared(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	proved, codes := 0, testenv.Scale(15, 80)
	for i := 0; i < codes; i++ {
		code := randomCode(r)
		n := 60
		if strings.ContainsAny(code, "89abcdef") {
			n = 30
		}
		src := declare("g", code) + fmt.Sprintf(`
let F = octal(%q)
for n in 0 .. %d {
    assert sg(F(n)) == sg(g(n)), "sg at " + str(n)
    assert [sg(m) for m in moves(F(n))] == [sg(m) for m in moves(g(n))], "moves at " + str(n)
}
print periodic(F)
`, code, n)
		// (The search for a period goes as far as --max-states heaps
		// while the values have a sparse space: 40,000 here.)
		out := runLimits(t, src, engine.Limits{MaxStates: 40_000})
		if strings.TrimSpace(out) != "proved" {
			continue
		}
		proved++
		// The proof is a theorem's: check it on values computed by the
		// declared game far past the range it looked at.
		pq := runLimits(t, fmt.Sprintf("print period(octal(%q))", code), engine.Limits{MaxStates: 40_000})
		var p, q, s int
		if _, err := fmt.Sscanf(pq, "(%d, %d, %d)", &p, &q, &s); err != nil {
			t.Fatalf("%s: period printed %q", code, pq)
		}
		if s != 0 {
			t.Errorf("%s: proved period has saltus %d", code, s)
		}
		limit := p + 3*q + 40
		if strings.ContainsAny(code, "89abcdef") {
			limit = min(limit, 90)
		}
		if limit > 4000 {
			// (The declared game computes its values in quadratic time:
			// long preperiods, such as 326,640 for .56, are checked
			// against published tables in package takebreak.)
			t.Logf("%s: period (%d, %d) not checked against the declared game", code, p, q)
			continue
		}
		run(t, declare("g", code)+fmt.Sprintf(`
let F = octal(%q)
let p = %d
let q = %d
for n in p .. %d {
    assert sg(g(n + q)) == sg(g(n)), "period fails at " + str(n)
    assert sg(F(n + 1000000000000 * q)) == sg(g(n)), "far value at " + str(n)
}
assert p == 0 or sg(g(p - 1 + q)) != sg(g(p - 1)), "preperiod not the smallest"
for q2 in 1 .. q - 1 {
    assert any([sg(g(n + q2)) != sg(g(n)) for n in p .. %d]), "a smaller period " + str(q2)
}
`, code, p, q, limit, limit))
	}
	if proved < codes/4 {
		t.Errorf("only %d of %d random codes had a proved period", proved, codes)
	}
	t.Logf("%d of %d random codes had a proved period", proved, codes)
}

// TestSubtractionAgainstDeclared checks subtraction(S) and its proved
// period against a declared subtraction game.
func TestSubtractionAgainstDeclared(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	for i := 0; i < 60; i++ {
		var set []string
		for k := 1; k <= 9; k++ {
			if r.Intn(3) == 0 {
				set = append(set, fmt.Sprint(k))
			}
		}
		if len(set) == 0 {
			set = []string{"2"}
		}
		S := "{" + strings.Join(set, ", ") + "}"
		run(t, fmt.Sprintf(`
game h(n) moves h(n - s) for s in %s if s <= n
let F = subtraction(%s)
assert periodic(F) == "proved"
let pqs = period(F)
let p = pqs[0]
let q = pqs[1]
assert pqs[2] == 0
for n in 0 .. p + 3 * q + 30 {
    assert sg(F(n)) == sg(h(n)), "value at " + str(n)
    assert len(moves(F(n))) == len(moves(h(n)))
    assert n < p or sg(h(n + q)) == sg(h(n)), "period fails at " + str(n)
}
for q2 in 1 .. q - 1 {
    assert any([sg(h(n + q2)) != sg(h(n)) for n in p .. p + 3 * q + 30]), "a smaller period"
}
assert sg(F(1000000000000000)) == sg(h(p + (999999999999999 + 1 - p) %% q))
`, S, S))
	}
}

// TestPeriodKnown checks periods the literature states: Kayles (Guy and
// Smith 1956: period 12 from 71), Dawson's Kayles (period 34; the last
// exception of A002187 is at 51, so dawson(n) = A002187(n - 1) is periodic
// from 53), Dawson's chess 0.137 (from 52), and Lasker's Nim (arithmetic
// periodic: n - 1, n, n, n + 1 for n = 0, 1, 2, 3 mod 4, n >= 1).
func TestPeriodKnown(t *testing.T) {
	got := run(t, `
print period(kayles), periodic(kayles)
print period(octal("0.77")), periodic(octal("0.77"))
print period(dawson), periodic(dawson)
print period(octal("0.137"))
print period(lasker), periodic(lasker)
print period(nim)
game kay(n) moves kay(a) + kay(n - k - a) for k in 1 .. min(2, n) for a in 0 .. (n - k) / 2
print period(kay), periodic(kay)
print periodic(grundys, 500)
print sg(kayles(1000000000000000000)), sg(dawson(1000000000000000000))
`)
	want := `(71, 12, 0) proved
(71, 12, 0) proved
(53, 34, 0) proved
(52, 34, 0)
(1, 4, 4) observed to 2000
(0, 1, 1)
(71, 12, 0) observed to 2000
none found to 500
`
	lines := strings.SplitAfter(got, "\n")
	if strings.Join(lines[:8], "") != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// kayles(10^18): 10^18 - 71 = 12 k + r.
	var a, b int
	fmt.Sscanf(lines[8], "%d %d", &a, &b)
	vals := run(t, `print sg(kayles(71 + (1000000000000000000 - 71) % 12)), sg(dawson(53 + (1000000000000000000 - 53) % 34))`)
	if strings.TrimSpace(vals) != fmt.Sprintf("%d %d", a, b) {
		t.Errorf("far values %q, reduced %q", lines[8], vals)
	}
}

// TestStdlibGames checks the games written in grundy against their
// theory: nim heaps, Lasker's formula, Moore's rule, Chomp's strategy
// stealing, Wythoff's P-positions (the Beatty pairs).
func TestStdlibGames(t *testing.T) {
	run(t, `
for n in 0 .. 40 {
    assert sg(nim(n)) == n
    assert n == 0 or sg(lasker(n)) == (if n % 4 == 0 then n - 1 else if n % 4 == 3 then n + 1 else n)
}
def bitsOk(hs, k) = all([len([h for h in hs if (h / b) % 2 == 1]) % (k + 1) == 0 for b in [1, 2, 4, 8]])
for hs in [[1, 2, 3], [1, 1, 1], [2, 2, 1], [3, 3, 3], [1, 2], [0, 4, 4], [2, 3, 1, 1]] {
    for k in 1 .. 3 {
        assert (outcome(moore(k, hs)) == "P") == bitsOk(hs, k), str(hs) + " " + str(k)
    }
}
for w in 1 .. 4 {
    for h in 1 .. 4 {
        let board = [w for i in 1 .. h]
        assert outcome(chomp(board)) == (if w * h == 1 then "P" else "N"), str(board)
    }
}
# Wythoff: (x, y) is P exactly for the pairs (floor(k phi), floor(k phi^2)).
let pairs = [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), (11, 18), (12, 20)]
for x in 0 .. 20 {
    for y in 0 .. 20 {
        assert (sg(wythoff(x, y)) == 0) == ((x, y) in pairs or (y, x) in pairs), str((x, y))
    }
}
`)
}

// TestFunctions checks the functions on ints and collections.
func TestFunctions(t *testing.T) {
	got := run(t, `
print mex([]), mex([0, 1, 3]), mex({1, 2}), mex([0, 0, 1, -1])
print nimsum([]), nimsum([1, 2, 3]), nimsum(5, 6), nimsum([7])
print primes(1), primes(30), len(primes(100000))
print fibs(0), fibs(1), fibs(100)
print gcd(12, -18), gcd(0, 0), gcd(0, 5), lcm(4, 6), lcm(0, 3)
print popcount(0), popcount(255), popcount(1024)
print range(0), range(5), range(2, 10, 3), range(5, 0, -2), range(3, 1)
`)
	want := `0 2 0 2
0 0 3 7
[] [2, 3, 5, 7, 11, 13, 17, 19, 23, 29] 9592
[] [1] [1, 2, 3, 5, 8, 13, 21, 34, 55, 89]
6 0 5 12 0
0 8 1
[] [0, 1, 2, 3, 4] [2, 5, 8] [5, 3, 1] []
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
