package spelling

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/testenv"
	"github.com/grundy-lang/grundy/lang"
)

// knownBugs names the families whose spellings show a bug of grundy (not
// of the rewrite): TestSpellings leaves them out, and their unit tests
// skip, with the note.
var knownBugs = map[string]string{}

// families returns the families the fuzz tests apply.
func families(t *testing.T) []Family {
	var fams []Family
	for _, fam := range Families {
		if note, bug := knownBugs[fam.Name]; bug {
			t.Logf("family %s left out: %s", fam.Name, note)
			continue
		}
		fams = append(fams, fam)
	}
	return fams
}

// long reports whether the long tests were asked for (package
// internal/testenv).
func long() bool { return testenv.IsLong() }

// slowExamples are the examples that run for a second or so: the fast
// suite compares one spelling of each, its printed tree not run apart
// (the long one as many as of the others, and the printed tree).
var slowExamples = []string{"examples/frontier", "examples/loopysum", "examples/boards"}

// TestSpellings rewrites every workload (at a small size) and every
// example into random equivalent spellings and checks that each prints
// what the original prints, byte for byte, and fails exactly when it
// fails. The long tests also rewrite the workloads at a medium size,
// where the engine's strategies for deep searches start. A case is
// reproducible from its seed: GRUNDY_SPELLING_SEED=S runs only the case
// of that seed (with -run TestSpellings/NAME).
func TestSpellings(t *testing.T) {
	cases := 2
	if long() {
		cases = 60
	}
	fams := families(t)
	for _, s := range corpus(t) {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			if s.workload {
				s.src = withN(s.src, smallSize(t, s, 400))
			}
			// (The fast suite spells a slow example once and leaves its
			// printed tree alone: the spelling is printed too.)
			n, checkPrinter := cases, true
			if !long() && slices.Contains(slowExamples, s.name) {
				n, checkPrinter = 1, false
			}
			spellCases(t, s, n, fams, checkPrinter)
		})
		if long() && s.workload {
			t.Run(s.name+"@medium", func(t *testing.T) {
				t.Parallel()
				s.src = withN(s.src, smallSize(t, s, 30_000))
				s.name += "@medium"
				spellCases(t, s, 10, fams, false)
			})
		}
	}
}

// spellCases runs the original s, checks its printed tree when asked,
// and compares cases spellings with it.
func spellCases(t *testing.T, s script, cases int, fams []Family, checkPrinter bool) {
	only, _ := strconv.ParseUint(os.Getenv("GRUNDY_SPELLING_SEED"), 10, 64)
	want := run(s.name, s.src, s.stdin, time.Minute)
	if want.timedOut() {
		t.Fatalf("the original script timed out: %s", want.err)
	}
	if checkPrinter {
		// The printer alone changes nothing.
		text, err := printed(parseOK(t, s.name, s.src))
		if err != nil {
			t.Fatalf("%v\n%s", err, text)
		}
		if got := run(s.name, text, s.stdin, time.Minute); !same(want, got) {
			t.Fatalf("the printed script differs from the original:\n%s", mismatch(want, got, text))
		}
	}
	for i := range cases {
		seed := seedOf(s.name, i)
		if only != 0 && seed != only {
			continue
		}
		spellOne(t, s, seed, fams, want)
	}
}

// spellOne rewrites s with the case of seed and compares its run with
// want.
func spellOne(t *testing.T, s script, seed uint64, fams []Family, want result) {
	r := rand.New(rand.NewPCG(seed, 0))
	f := parseOK(t, s.name, s.src)
	applied := RewriteWith(r, f, 1+r.IntN(6), fams)
	text, err := printed(f)
	if err != nil {
		t.Errorf("seed %d, rewrites %v: %v\n%s", seed, applied, err, text)
		return
	}
	limit := 20*want.took + 5*time.Second
	got := run(s.name, text, s.stdin, limit)
	if got.limited() && !same(want, got) {
		// Costlier is not different: what a spelling costs is for
		// TestSpellingRatios.
		t.Logf("seed %d, rewrites %v: stopped at a limit (not a mismatch): %s", seed, applied, got.err)
		return
	}
	if !same(want, got) {
		t.Errorf("seed %d (GRUNDY_SPELLING_SEED=%d), rewrites %v:\n%s", seed, seed, applied, mismatch(want, got, text))
	}
}

// same reports whether two runs printed the same and both succeeded or
// both failed.
func same(a, b result) bool {
	return a.out == b.out && (a.err == "") == (b.err == "")
}

func mismatch(want, got result, text string) string {
	msg := "the script:\n" + text + "\noutput: " + firstDiff(want.out, got.out)
	if want.err != got.err {
		msg += "\nerror:\n  want " + strconv.Quote(want.err) + "\n  got  " + strconv.Quote(got.err)
	}
	return msg
}

// TestFamiliesRegistered checks the catalogue: at least fifteen families,
// each named once and documented.
func TestFamiliesRegistered(t *testing.T) {
	if len(Families) < 15 {
		t.Errorf("%d families, want at least 15", len(Families))
	}
	var names []string
	for _, fam := range Families {
		if fam.Name == "" || fam.Doc == "" || fam.Apply == nil {
			t.Errorf("family %q is incomplete", fam.Name)
		}
		if slices.Contains(names, fam.Name) {
			t.Errorf("family %q registered twice", fam.Name)
		}
		names = append(names, fam.Name)
	}
}

var errorBlock = regexp.MustCompile("(?s)```grundy error\n(.*?)```")

// TestSpellingsOfErrors rewrites the scripts of spec.md that fail (its
// `grundy error` blocks that parse) and checks that every spelling
// fails too, after printing the same output.
func TestSpellingsOfErrors(t *testing.T) {
	t.Parallel()
	spec, err := os.ReadFile("../../spec.md")
	if err != nil {
		t.Fatal(err)
	}
	cases := 3
	if long() {
		cases = 30
	}
	fams := families(t)
	n := 0
	for bi, m := range errorBlock.FindAllStringSubmatch(string(spec), -1) {
		src := m[1]
		if _, err := lang.ParseFile("spec.game", src); err != nil {
			continue // a syntax error: nothing to rewrite
		}
		want := run("spec", src, "", time.Minute)
		if want.err == "" || want.limited() {
			continue
		}
		n++
		for i := range cases {
			seed := seedOf("spec-error/"+strconv.Itoa(bi), i)
			r := rand.New(rand.NewPCG(seed, 0))
			f := parseOK(t, "spec", src)
			applied := RewriteWith(r, f, 1+r.IntN(4), fams)
			text, err := printed(f)
			if err != nil {
				t.Fatalf("seed %d, rewrites %v: %v\n%s", seed, applied, err, text)
			}
			if got := run("spec", text, "", time.Minute); !same(want, got) {
				t.Errorf("seed %d, rewrites %v:\n%s", seed, applied, mismatch(want, got, text))
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d failing scripts in spec.md", n)
	}
}

// chunks returns the scripts of ../eval/testdata/*.game: each file
// holds several, separated by lines "---", with their input in "#< "
// lines (see eval's script tests).
func chunks(t *testing.T) []script {
	files, err := filepath.Glob("../eval/testdata/*.game")
	if err != nil || len(files) == 0 {
		t.Fatal("no internal/eval/testdata/*.game")
	}
	var out []script
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		base := strings.TrimSuffix(filepath.Base(file), ".game")
		var lines, in []string
		flush := func() {
			src := strings.Join(lines, "\n")
			if strings.TrimSpace(src) != "" {
				s := script{name: fmt.Sprintf("testdata/%s#%d", base, len(out)), src: src}
				if in != nil {
					s.stdin = strings.Join(in, "\n") + "\n"
				}
				out = append(out, s)
			}
			lines, in = nil, nil
		}
		for _, l := range strings.Split(string(data), "\n") {
			if strings.TrimRight(l, "\r") == "---" {
				flush()
				continue
			}
			lines = append(lines, l)
			if tl := strings.TrimSpace(l); tl == "#<" || strings.HasPrefix(tl, "#< ") {
				in = append(in, strings.TrimPrefix(strings.TrimPrefix(tl, "#<"), " "))
			}
		}
		flush()
	}
	return out
}

// TestSpellingsOfChunks rewrites the small scripts of eval's script
// tests (those that parse: values, errors, moves listings, cycles, ...)
// and checks that each spelling prints the same and fails exactly when
// the original fails.
func TestSpellingsOfChunks(t *testing.T) {
	t.Parallel()
	cases := 1
	if long() {
		cases = 20
	}
	fams := families(t)
	n, step := 0, testenv.Scale(3, 1)
	for i, s := range chunks(t) {
		if _, err := lang.ParseFile("chunk.game", s.src); err != nil || i%step != 0 {
			continue // (the short run takes every third script)
		}
		// (The few scripts that take seconds are left out.)
		want := run("chunk", s.src, s.stdin, time.Second)
		if want.timedOut() {
			t.Logf("%s left out: %s", s.name, want.err)
			continue
		}
		n++
		for i := range cases {
			spellOne(t, s, seedOf(s.name, i), fams, want)
		}
	}
	if n < 300/step {
		t.Errorf("only %d scripts", n)
	}
}

// fixedBugs holds, for each bug the fuzz tests found and that was fixed,
// two spellings that must print the same.
var fixedBugs = map[string][2]string{
	// x not in A .. B built the range as a list (an error past 10,000,000
	// ints), where x in A .. B and not (x in A .. B) never build it.
	"in-not": {"print not (5 in 0 .. 20000000), 5 not in 3 .. 4\n", "print 5 not in 0 .. 20000000, not (5 in 3 .. 4)\n"},
}

// TestKnownBugs: each known bug's family is left out while it is known;
// each fixed bug's two spellings print the same.
func TestKnownBugs(t *testing.T) {
	for name := range knownBugs {
		t.Logf("family %s left out of the fuzz tests: %s", name, knownBugs[name])
	}
	for name, repro := range fixedBugs {
		t.Run(name, func(t *testing.T) {
			a := run("a", repro[0], "", time.Minute)
			b := run("b", repro[1], "", time.Minute)
			if !same(a, b) || a.out != "false true\n" {
				t.Errorf("%s prints %q %q\n%s prints %q %q", repro[0], a.out, a.err, repro[1], b.out, b.err)
			}
		})
	}
}
