package takebreak

// The results page (docs/takebreak.md): each game's period as the
// Solver proves it (two threads, as grundy's period(F) runs it), the
// largest value, the heaps computed and the time, against the published
// period. go test ./takebreak -run TestResults -v -takebreak.results
// prints the table's rows (-takebreak.long adds the games of minutes).

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

var (
	results = flag.Bool("takebreak.results", false, "TestResults: print the rows of docs/takebreak.md's table")
	only    = flag.String("takebreak.only", "", "TestResults: only these rows (codes as in resultGames, comma-separated; CODE@HEAPS picks one of a code's rows, e.g. grundy@16777216)")
)

// resultGames are the games of the results page: the published
// periods, then a period that takes too many heaps for
// TestPublishedPeriods and games whose values are computed to heap P (Q
// 0: no period is known).
var resultGames = append(slices.Clone(published), []publishedGame{
	{"0.1777", 160949018, 60620715, "Flammenkamp; OEIS A071509", true},
	{"0.6", 1 << 21, 0, "Officers, unsolved: TC's statistics to 2^21", false},
	{"grundy", 1 << 24, 0, "Grundy's game, unsolved: OEIS A002188, A036685; Flammenkamp's rare heaps", false},
	{"grundy", 1 << 28, 0, "Grundy's game, unsolved: Flammenkamp's 1287 rare heaps", true},
}...)

func TestResults(t *testing.T) {
	if !*results {
		t.Skip("-takebreak.results prints the results page's rows")
	}
	load, _ := os.ReadFile("/proc/loadavg")
	t.Logf("load average at the start: %s", strings.TrimSpace(string(load)))
	for _, c := range resultGames {
		if !picked(c.code, c.p, c.long) {
			continue
		}
		g := Grundys()
		if c.code != "grundy" {
			g = mustCode(t, c.code)
		}
		s, err := NewSolver(g, Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		var pd Period
		if c.q > 0 {
			pd = prove(s, 1<<29)
		} else {
			s.Reserve(c.p)
			s.Extend(c.p, nil)
		}
		took := time.Since(start)
		st := s.Stats()
		name := c.code
		if name != "grundy" {
			name = strings.TrimPrefix(name, "0")
		}
		agree := "yes"
		switch {
		case c.q == 0:
			agree = "(values)"
		case !pd.Proved || pd.P != c.p || pd.Q != c.q:
			agree = fmt.Sprintf("**no**: %d, %d", pd.P, pd.Q)
			t.Errorf("%s: %+v; published %d, %d", c.code, pd, c.p, c.q)
		}
		period := fmt.Sprintf("%d | %d | %d", pd.P, pd.Q, pd.S)
		if c.q == 0 {
			period = "? | ? | ?"
		}
		fmt.Printf("| %s | %s | %d | %d | %.2f s | %d | %s | %s |\n", name, period, st.MaxValue, s.Len(), took.Seconds(), int64(float64(s.Len())/took.Seconds()), c.source, agree)
	}
	load, _ = os.ReadFile("/proc/loadavg")
	t.Logf("load average at the end: %s", strings.TrimSpace(string(load)))
}

// picked reports whether TestResults runs the row of code with p heaps
// (published preperiod): -takebreak.only names it, or it is empty and
// the row is not long (or -takebreak.long).
func picked(code string, p int, isLong bool) bool {
	if *only == "" {
		return !isLong || *long
	}
	for _, w := range strings.Split(*only, ",") {
		if w = strings.TrimSpace(w); w == code || w == fmt.Sprintf("%s@%d", code, p) {
			return true
		}
	}
	return false
}
