package spelling

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/lang"
)

// A timing is one spelling of a workload at its real size, against its
// canonical script.
type timing struct {
	workload string
	seed     uint64
	rewrites []string
	text     string
	ratio    float64 // its time / the canonical script's
	timeout  bool    // no answer within the limit: the ratio is at least this
}

func (tm timing) String() string {
	r := fmt.Sprintf("%.2f", tm.ratio)
	if tm.timeout {
		r = ">=" + r
	}
	return fmt.Sprintf("%s seed %d: %sx %v", tm.workload, tm.seed, r, tm.rewrites)
}

// TestSpellingRatios times K random spellings of each workload (one to
// three rewrites each, so that a slow one points at a few families) at
// its real size (GRUNDY_SPELLING_K, default 5) against the canonical
// script, each within 20 times the canonical time (GRUNDY_SPELLING_CAP
// sets the factor; at most 60 s; a run is timed by its CPU time; a
// timeout counts as at least that ratio), and prints the distribution
// of the ratios: median, 90th percentile, the worst with its script,
// the worst five with their rewrites, and per family the spellings
// that used it. What a spelling costs is what the planner does not yet
// bring back to the fast paths. A spelling that prints something else
// fails the test. With GRUNDY_SPELLING_SINGLE=1, one spelling per
// family instead, by that family alone; GRUNDY_SPELLING_ONLY, a regular
// expression, keeps the workloads whose names it matches ("bench/cut").
// A spelling 1.5 times slower than its canonical script is timed again,
// the faster run kept. Only with
// GRUNDY_SPELLING_BENCH=1 (it takes minutes):
//
//	GRUNDY_SPELLING_BENCH=1 go test ./internal/spelling -run TestSpellingRatios -v -timeout 0
func TestSpellingRatios(t *testing.T) {
	if os.Getenv("GRUNDY_SPELLING_BENCH") != "1" {
		t.Skip("set GRUNDY_SPELLING_BENCH=1 to time spellings of the workloads at their real size")
	}
	k := 5
	if n, err := strconv.Atoi(os.Getenv("GRUNDY_SPELLING_K")); err == nil && n > 0 {
		k = n
	}
	single := os.Getenv("GRUNDY_SPELLING_SINGLE") == "1"
	cap := 20.0
	if c, err := strconv.ParseFloat(os.Getenv("GRUNDY_SPELLING_CAP"), 64); err == nil && c >= 1 {
		cap = c
	}
	fams := families(t)
	var all []timing
	only := regexp.MustCompile(os.Getenv("GRUNDY_SPELLING_ONLY"))
	for _, s := range corpus(t) {
		if !s.workload || !only.MatchString(s.name) {
			continue
		}
		canon := best(s.name, s.src, 2)
		if canon.err != "" {
			t.Fatalf("%s: %s", s.name, canon.err)
		}
		limit := min(time.Duration(cap*float64(canon.took)), time.Minute)
		var line []string
		spell := func(seed uint64, rewrite func(*rand.Rand, *lang.File) []string) {
			r := rand.New(rand.NewPCG(seed, 0))
			f := parseOK(t, s.name, s.src)
			applied := rewrite(r, f)
			if len(applied) == 0 {
				return
			}
			text, err := printed(f)
			if err != nil {
				t.Fatalf("%s seed %d: %v", s.name, seed, err)
			}
			got := timed(s.name, text, limit)
			if !got.timedOut() && got.took > canon.took*3/2 {
				// (A slow one again: the machine may have been busy.)
				if again := timed(s.name, text, limit); !again.timedOut() && again.took < got.took {
					got = again
				}
			}
			tm := timing{workload: s.name, seed: seed, rewrites: applied, text: text,
				ratio: float64(got.took) / float64(canon.took), timeout: got.timedOut()}
			if !tm.timeout && !same(canon, got) {
				t.Errorf("%s seed %d, rewrites %v:\n%s", s.name, seed, applied, mismatch(canon, got, text))
			}
			all = append(all, tm)
			line = append(line, "\n    "+tm.String())
		}
		if single {
			// One spelling per family, each with that family alone.
			for _, fam := range fams {
				spell(seedOf(s.name+"/"+fam.Name, 0), func(r *rand.Rand, f *lang.File) []string {
					return RewriteWith(r, f, 1, []Family{fam})
				})
			}
		} else {
			for i := range k {
				spell(seedOf(s.name+"/ratio", i), func(r *rand.Rand, f *lang.File) []string {
					return RewriteWith(r, f, 1+r.IntN(3), fams)
				})
			}
		}
		t.Logf("%s: canonical %.3fs, limit %.1fs%s", s.name, canon.took.Seconds(), limit.Seconds(), strings.Join(line, ""))
	}
	report(t, all)
}

// timed runs src after a collection of the garbage runs before it left
// (which would be collected, and timed, during it).
func timed(name, src string, limit time.Duration) result {
	runtime.GC()
	return run(name, src, "", limit)
}

// best runs src n times and returns the fastest run.
func best(name, src string, n int) result {
	var b result
	for i := range n {
		res := timed(name, src, 10*time.Minute)
		if i == 0 || res.took < b.took {
			b = res
		}
	}
	return b
}

// report logs the distribution of the ratios.
func report(t *testing.T, all []timing) {
	if len(all) == 0 {
		return
	}
	slices.SortFunc(all, func(a, b timing) int { return cmp.Compare(a.ratio, b.ratio) })
	q := func(p float64) timing { return all[min(len(all)-1, int(math.Ceil(p*float64(len(all))))-1)] }
	timeouts := 0
	for _, tm := range all {
		if tm.timeout {
			timeouts++
		}
	}
	t.Logf("%d spellings, %d without an answer within the limit", len(all), timeouts)
	t.Logf("median %.2fx, 90th percentile %.2fx, worst %s", q(0.5).ratio, q(0.9).ratio, all[len(all)-1])
	t.Logf("the worst spelling:\n%s", all[len(all)-1].text)
	for i := len(all) - 1; i >= max(0, len(all)-5); i-- {
		t.Logf("worst %d: %s", len(all)-i, all[i])
		if len(all)-i > 1 && len(all)-i <= 3 {
			t.Logf("its script:\n%s", all[i].text)
		}
	}
	// Per family: the spellings that used it.
	byFam := map[string][]float64{}
	for _, tm := range all {
		seen := map[string]bool{}
		for _, f := range tm.rewrites {
			if !seen[f] {
				byFam[f] = append(byFam[f], tm.ratio)
				seen[f] = true
			}
		}
	}
	var names []string
	for n := range byFam {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		rs := byFam[n]
		slices.Sort(rs)
		t.Logf("family %-14s in %3d spellings: median %.2fx, worst %.2fx", n, len(rs), rs[len(rs)/2], rs[len(rs)-1])
	}
}
