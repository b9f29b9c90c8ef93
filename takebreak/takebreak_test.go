package takebreak

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/testenv"
)

var (
	diffHeaps = flag.Int("takebreak.heaps", 0, "TestSparseVsPlain: heaps per code (0: 2000, and 10000 for a sample of codes)")
	hexCodes  = flag.Int("takebreak.hex", 0, "TestSparseVsPlain: random hexadecimal codes (0: 20)")
)

func solve(t *testing.T, g *Game, n int, o Options) *Solver {
	t.Helper()
	s, err := NewSolver(g, o)
	if err != nil {
		t.Fatalf("%s: %v", g.Name, err)
	}
	if !s.Extend(n, nil) {
		t.Fatalf("%s: Extend(%d) stopped at %d", g.Name, n, s.Len())
	}
	return s
}

func mustCode(t *testing.T, code string) *Game {
	t.Helper()
	g, err := ParseCode(code)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// firstDiff returns the first heap whose value differs, or -1.
func firstDiff(a, b *Solver, n int) int {
	for i := 0; i <= n; i++ {
		if a.Value(i) != b.Value(i) {
			return i
		}
	}
	return -1
}

// TestAgainstNaive: both methods against the definition, on every code
// of at most three digits (to heap 1000; 400 in the fast suite, package
// internal/testenv, and with -short) and on random hexadecimal codes.
func TestAgainstNaive(t *testing.T) {
	check := func(g *Game, n int) {
		want := naiveValues(g, n)
		for _, o := range []Options{{}, {Plain: true}} {
			s := solve(t, g, n, o)
			for i, w := range want {
				if got := s.Value(i); got != w {
					t.Fatalf("%s (plain %v): heap %d has value %d, the definition says %d", g.Name, o.Plain, i, got, w)
				}
			}
		}
	}
	n := 1000
	if testing.Short() || !testenv.IsLong() {
		n = 400
	}
	for _, code := range allCodes() {
		check(mustCode(t, code), n)
	}
	check(Grundys(), 3000)
	r := rand.New(rand.NewPCG(1, 2))
	for range 40 {
		check(mustCode(t, randomHex(r)), 200)
	}
}

// TestSparseVsPlain: the sparse method against the plain one, value by
// value, on every code of at most three digits, on random hexadecimal
// codes, and on Grundy's game. The large run (every code and 200
// hexadecimal codes to 10^5 heaps; those with moves that leave three
// heaps, whose values both methods compute the plain way, in time
// quadratic in the heaps, to 5,000):
//
//	go test ./takebreak -run TestSparseVsPlain -v -takebreak.heaps=100000 -takebreak.hex=200 -timeout 5h
//
// (GOMAXPROCS games at a time; the fast suite, package internal/testenv,
// and -short: fewer heaps.)
func TestSparseVsPlain(t *testing.T) {
	nAll, nSample := 2000, 10000
	if testing.Short() || !testenv.IsLong() {
		nAll, nSample = 1500, 3000
	}
	if *diffHeaps > 0 {
		nAll, nSample = *diffHeaps, *diffHeaps
	}
	t.Run("octal", func(t *testing.T) {
		var jobs []diffJob
		// (The fast suite: every third code, which takes each last
		// digit with each lead, as 3 and 8 are coprime.)
		for i, code := range testenv.Rotate(allCodes(), 342, 0) {
			n := nAll
			if i%32 == 5 {
				n = nSample
			}
			jobs = append(jobs, diffJob{mustCode(t, code), n})
		}
		// (The sparse method must have been used, or this tests nothing.)
		if used := sparseVsPlain(t, jobs); used < 100 {
			t.Errorf("the sparse method ran on %d games only", used)
		}
	})
	t.Run("hex", func(t *testing.T) {
		nh := testenv.Scale(10, 20) // (the fast suite: the first ten)
		if *hexCodes > 0 {
			nh = *hexCodes
		}
		r := rand.New(rand.NewPCG(3, 4))
		var jobs []diffJob
		for range nh {
			g := mustCode(t, randomHex(r))
			n := min(nAll, 2000)
			if *diffHeaps > 0 {
				n = *diffHeaps
			}
			if g.MaxHeaps() == 3 {
				n = min(n, 1000)
				if *diffHeaps > 0 {
					n = min(*diffHeaps, 5000)
				}
			}
			jobs = append(jobs, diffJob{g, n})
		}
		sparseVsPlain(t, jobs)
	})
	t.Run("grundy", func(t *testing.T) {
		sparseVsPlain(t, []diffJob{{Grundys(), max(nSample, *diffHeaps)}})
	})
}

// diffJob is a game to compute to heap n.
type diffJob struct {
	g *Game
	n int
}

// sparseVsPlain computes the games of jobs (game, heaps) by both methods,
// GOMAXPROCS at a time, and compares their values; it returns the number
// of games the sparse method ran on.
func sparseVsPlain(t *testing.T, jobs []diffJob) int {
	var (
		mu         sync.Mutex
		sparseUsed int
		heaps      int64
		next       int
		wg         sync.WaitGroup
	)
	start := time.Now()
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for {
				mu.Lock()
				if next == len(jobs) || t.Failed() {
					mu.Unlock()
					return
				}
				j := jobs[next]
				next++
				mu.Unlock()
				a, _ := NewSolver(j.g, Options{})
				b, _ := NewSolver(j.g, Options{Plain: true})
				if !a.Extend(j.n, nil) || !b.Extend(j.n, nil) {
					t.Errorf("%s: Extend(%d) stopped", j.g.Name, j.n)
					return
				}
				if d := firstDiff(a, b, j.n); d >= 0 {
					t.Errorf("%s: heap %d: sparse %d, plain %d", j.g.Name, d, a.Value(d), b.Value(d))
					return
				}
				mu.Lock()
				if a.Stats().SparseHeaps > 0 {
					sparseUsed++
				}
				heaps += int64(j.n + 1)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	t.Logf("%d games, %d heaps each way (the sparse method used on %d) in %v", len(jobs), heaps, sparseUsed, time.Since(start).Round(time.Second))
	return sparseUsed
}

// TestWiden: values that pass the largest of a table's width keep the
// table exact as it widens (the widths made small here), in both
// methods; and a code whose values pass 255 widens for real.
func TestWiden(t *testing.T) {
	for _, code := range []string{"0.56", "0.127", "4.07", "0.b7"} {
		g := mustCode(t, code)
		n := 3000
		if g.MaxHeaps() == 3 {
			n = 300
		}
		want := naiveValues(g, n)
		for _, o := range []Options{{narrow: 1}, {narrow: 2, Plain: true}, {narrow: 3}} {
			s := solve(t, g, n, o)
			for i, w := range want {
				if s.Value(i) != w {
					t.Fatalf("%s %+v: heap %d: %d, want %d", code, o, i, s.Value(i), w)
				}
			}
			if st := s.Stats(); st.BytesPerHeap != 4 && st.MaxValue > 2*o.narrow {
				t.Errorf("%s %+v: max value %d in %d bytes a heap", code, o, st.MaxValue, st.BytesPerHeap)
			}
		}
	}
	// Take 1 to 300 tokens, leaving one heap: sg(n) = n below 301.
	g := mustCode(t, "0."+strings.Repeat("3", 300))
	s := solve(t, g, 1000, Options{})
	for i := 0; i <= 300; i++ {
		if s.Value(i) != uint32(i) {
			t.Fatalf("heap %d: %d", i, s.Value(i))
		}
	}
	if st := s.Stats(); st.BytesPerHeap != 2 {
		t.Errorf("values to %d in %d bytes a heap", st.MaxValue, st.BytesPerHeap)
	}
}

func TestParseCode(t *testing.T) {
	g := mustCode(t, "4.07f")
	want := []Rule{{Take: 0, Ways: 4}, {Take: 2, Ways: 7}, {Take: 3, Ways: 15}}
	if len(g.Rules) != len(want) {
		t.Fatalf("rules %v", g.Rules)
	}
	for i, r := range want {
		if g.Rules[i] != r {
			t.Errorf("rule %d: %+v, want %+v", i, g.Rules[i], r)
		}
	}
	for _, bad := range []string{"77", "1.7", "0.", "12.3", "0.7g"} {
		if _, err := ParseCode(bad); err == nil || !strings.Contains(err.Error(), "take-and-break code") {
			t.Errorf("ParseCode(%q): %v", bad, err)
		}
	}
}

// TestParseCodeNamesCharacters: a code's error names the character that
// is no digit (a rune, not a byte of it) and counts characters.
func TestParseCodeNamesCharacters(t *testing.T) {
	for _, c := range []struct{ code, want string }{
		{"0.7é", `"0.7é" is not a take-and-break code: 'é' at character 4 is not an octal or hexadecimal digit`},
		{"0.é7", `"0.é7" is not a take-and-break code: 'é' at character 3 is not an octal or hexadecimal digit`},
		{"0.7é7g", `"0.7é7g" is not a take-and-break code: 'é' at character 4 is not an octal or hexadecimal digit`},
		{"é.7", `"é.7" is not a take-and-break code: 'é' at character 1 is not an octal or hexadecimal digit`},
		{"0.77😀", `"0.77😀" is not a take-and-break code: '😀' at character 5 is not an octal or hexadecimal digit`},
		{"0.7\xff", `"0.7\xff" is not a take-and-break code: '�' at character 4 is not an octal or hexadecimal digit`},
	} {
		_, err := ParseCode(c.code)
		if err == nil || err.Error() != c.want {
			t.Errorf("ParseCode(%q): %v\nwant %s", c.code, err, c.want)
		}
	}
}

// TestParallel: two threads give the values of one, on games with a
// sparse space (and on the heaps past 2048, where the segments start
// here), values that widen the sets and the table included: to heap
// 60,000, 10,000 in the fast suite (package internal/testenv) and with
// -short.
func TestParallel(t *testing.T) {
	n := 60000
	if testing.Short() || !testenv.IsLong() {
		n = 10000
	}
	games := []*Game{Grundys()}
	for _, code := range []string{"0.127", "0.56", "0.1777", "0.376", "0.6", "0.16", "4.07", "0.354", "0.166", "0.3374"} {
		games = append(games, mustCode(t, code))
	}
	r := rand.New(rand.NewPCG(7, 8))
	for range 12 {
		code := "0."
		for range 1 + r.IntN(3) {
			code += string("01234567"[r.IntN(8)])
		}
		games = append(games, mustCode(t, code))
	}
	// (The fast suite runs one of the ways on two threads a game, turning
	// with the game; the long suite all three.)
	ways := []Options{{Workers: 2, parallelAt: 2048, waitHelper: true}, {Workers: 2, parallelAt: 2048, narrow: 3, waitHelper: true}, {Workers: 2, parallelAt: 2048}}
	used, runs := 0, 0
	for i, g := range games {
		one := solve(t, g, n, Options{Workers: 1})
		for _, o := range testenv.Rotate(ways, 1, i) {
			runs++
			two := solve(t, g, n, o)
			if d := firstDiff(one, two, n); d >= 0 {
				t.Fatalf("%s %+v: heap %d: %d on two threads, %d on one", g.Name, o, d, two.Value(d), one.Value(d))
			}
			if two.Stats().Parallel > 0 {
				used++
			}
		}
	}
	if used < runs*20/69 { // (20 of the long suite's 69 runs)
		t.Errorf("parallel segments ran in %d of %d runs only", used, runs)
	}
}

// TestCheckpoint: a Solver restored from a checkpoint of another goes on
// to the values a Solver computes alone; a checkpoint of another game is
// skipped, and what is not a checkpoint is an error.
func TestCheckpoint(t *testing.T) {
	for _, c := range []struct {
		code string
		n    int
	}{{"0.56", 30000}, {"0.166", 3000}, {"0.b7", 400}, {"4.07", 5000}} {
		g := mustCode(t, c.code)
		want := solve(t, g, 2*c.n, Options{})
		part := solve(t, g, c.n, Options{Workers: 2, parallelAt: 2048})
		other := solve(t, mustCode(t, "0.77"), 500, Options{})
		var buf bytes.Buffer
		if err := WriteCheckpoint(&buf, other, part); err != nil {
			t.Fatal(err)
		}
		s, _ := NewSolver(g, Options{Workers: 2, parallelAt: 2048})
		if k, err := s.Restore(bytes.NewReader(buf.Bytes()), int64(buf.Len())); err != nil || k != c.n+1 {
			t.Fatalf("%s: Restore: %d, %v", c.code, k, err)
		}
		s.Extend(2*c.n, nil)
		if d := firstDiff(s, want, 2*c.n); d >= 0 {
			t.Fatalf("%s: heap %d: %d after a checkpoint, %d alone", c.code, d, s.Value(d), want.Value(d))
		}
	}
	s, _ := NewSolver(Grundys(), Options{})
	for _, bad := range []string{"hello\n", "grundy-takebreak 1 0:4u 1 100\n\x00\x00", "grundy-checkpoint 2\ntakebreak 0:4u 1 100\n\x00\x00"} {
		if _, err := s.Restore(strings.NewReader(bad), int64(len(bad))); err == nil {
			t.Errorf("%q restored", bad)
		}
	}
}

// TestMapped: a table in a memory-mapped file (MapAbove passed as it
// grows, as it widens, and as a checkpoint is read back) has the values
// of one in the heap.
func TestMapped(t *testing.T) {
	if !canMap {
		t.Skip("no memory mapping here")
	}
	for _, c := range []struct {
		code string
		n    int
		o    Options
	}{
		{"0.56", 40000, Options{}},
		{"0.127", 30000, Options{Workers: 2, parallelAt: 2048}},
		{"0.56", 20000, Options{narrow: 7}},
		{"0." + strings.Repeat("3", 300), 3000, Options{}},
	} {
		g := mustCode(t, c.code)
		want := solve(t, g, c.n, c.o)
		o := c.o
		o.MapAbove, o.MapDir = 5000, t.TempDir()
		s := solve(t, g, c.n, o)
		if ok, err := s.Mapped(); !ok || err != nil {
			t.Fatalf("%s: mapped %v, %v", g.Name, ok, err)
		}
		if d := firstDiff(s, want, c.n); d >= 0 {
			t.Fatalf("%s %+v: heap %d: %d mapped, %d in the heap", g.Name, c.o, d, s.Value(d), want.Value(d))
		}
		// Saved, read back into a mapped table, and extended.
		var buf bytes.Buffer
		if err := s.Save(&buf); err != nil {
			t.Fatal(err)
		}
		r, _ := NewSolver(g, o)
		if k, err := r.Restore(&buf, int64(buf.Len())); err != nil || k != c.n+1 {
			t.Fatalf("%s: Restore: %d, %v", g.Name, k, err)
		}
		if ok, _ := r.Mapped(); !ok {
			t.Errorf("%s: the restored table is not mapped", g.Name)
		}
		more := solve(t, g, 2*c.n, c.o)
		r.Extend(2*c.n, nil)
		if d := firstDiff(r, more, 2*c.n); d >= 0 {
			t.Fatalf("%s: heap %d: %d restored and mapped, %d in the heap", g.Name, d, r.Value(d), more.Value(d))
		}
		if ents, _ := os.ReadDir(o.MapDir); len(ents) != 0 {
			t.Errorf("%s: %d files left in the directory", g.Name, len(ents))
		}
	}
	// A directory that cannot hold the file: the table stays in the heap.
	s := solve(t, Grundys(), 20000, Options{MapAbove: 5000, MapDir: filepath.Join(t.TempDir(), "none")})
	if ok, err := s.Mapped(); ok || err == nil {
		t.Errorf("mapped %v, %v", ok, err)
	}
	want := solve(t, Grundys(), 20000, Options{})
	if d := firstDiff(s, want, 20000); d >= 0 {
		t.Fatalf("heap %d", d)
	}
}
