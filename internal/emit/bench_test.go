package emit_test

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"text/tabwriter"
	"time"

	"github.com/grundy-lang/grundy/internal/emit"
)

var (
	benchRuns = flag.Int("emit.runs", 5, "BenchmarkWorkloads: runs of each program (the best CPU time counts)")
	benchOnly = flag.String("emit.only", "", "BenchmarkWorkloads: only these workloads (comma-separated names)")
)

// BenchmarkWorkloads measures the program grundy emit writes for each
// benchmark workload against the hand-written C++ of the same algorithm:
// the workloads and the C++ are the shared benchmark's (shared/bench/
// workloads/W.game and shared/bench/ref/W.cpp, in the first directory
// above the repository that has them, or in GRUNDY_BENCH_DIR; the
// benchmark is skipped without them: a clone of the repository alone has
// no reference programs). Both are compiled with g++ -O2 -std=c++17 and
// their outputs checked identical; then each runs -emit.runs times
// (default 5), and the ratios of the emitted program's CPU time (user +
// system of the process, the best run of each) and peak RSS (the largest)
// to the C++'s are reported as x-cpp-time and x-cpp-mem (and the emitted
// program's CPU time as ns/op), with a table on standard output.
// There is no assertion on them: they are measures.
//
//	go test ./internal/emit -run '^$' -bench Workloads -benchtime 1x [-emit.only cut,dag]
//
// The programs are started by a small C++ launcher that forks them and
// reads their rusage: a child the Go test process starts directly reports
// the test process's own peak RSS when it is larger (its address space is
// the child's until exec), which would hide the programs' own.
func BenchmarkWorkloads(b *testing.B) {
	gxx, err := exec.LookPath("g++")
	if err != nil {
		b.Skip("g++ is not installed: the programs cannot be compiled")
	}
	dir := benchDir()
	if dir == "" {
		b.Skip("no shared/bench (workloads and ref) above the repository, and GRUNDY_BENCH_DIR is not set: nothing to compare with")
	}
	names := benchWorkloads(b, dir)
	tmp := b.TempDir()
	launcher := filepath.Join(tmp, "launch")
	if err := compileCpp(gxx, launcherSrc, launcher); err != nil {
		b.Fatalf("the launcher: %v", err)
	}
	var rows []benchRow
	for _, w := range names {
		measured := false // (the measures are taken once, whatever b.N)
		b.Run(w, func(b *testing.B) {
			if !measured {
				row, ok := measureWorkload(b, gxx, launcher, dir, tmp, w)
				if !ok {
					return
				}
				rows, measured = append(rows, row), true
			}
			row := rows[len(rows)-1]
			b.ReportMetric(float64(row.emitted.cpu.Nanoseconds()), "ns/op") // (not the compiles')
			b.ReportMetric(row.timeRatio(), "x-cpp-time")
			b.ReportMetric(row.memRatio(), "x-cpp-mem")
		})
	}
	var tb strings.Builder
	tw := tabwriter.NewWriter(&tb, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "workload\temitted CPU ms\tC++ CPU ms\tx time\temitted MiB\tC++ MiB\tx mem\t\n")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%.1f\t%.1f\t%.2f\t%.1f\t%.1f\t%.2f\t\n", r.name, ms(r.emitted.cpu), ms(r.ref.cpu), r.timeRatio(),
			float64(r.emitted.rssKiB)/1024, float64(r.ref.rssKiB)/1024, r.memRatio())
	}
	tw.Flush()
	// (on standard output: the log of a benchmark with sub-benchmarks is
	// not printed)
	fmt.Printf("grundy emit's programs against the hand-written C++ (CPU time: the best of %d runs; peak RSS):\n%s", max(*benchRuns, 1), tb.String())
}

// benchDir is GRUNDY_BENCH_DIR, or the first DIR/shared/bench with
// workloads and ref in a directory DIR above this package's, or "".
func benchDir() string {
	if d := os.Getenv("GRUNDY_BENCH_DIR"); d != "" {
		return d
	}
	d, err := filepath.Abs(".")
	if err != nil {
		return ""
	}
	for {
		c := filepath.Join(d, "shared", "bench")
		if isDir(filepath.Join(c, "workloads")) && isDir(filepath.Join(c, "ref")) {
			return c
		}
		up := filepath.Dir(d)
		if up == d {
			return ""
		}
		d = up
	}
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// benchWorkloads are the workloads of dir that have a reference program
// (-emit.only's among them), in the order of benchNames, then the others.
func benchWorkloads(b *testing.B, dir string) []string {
	have := map[string]bool{}
	ms, _ := filepath.Glob(filepath.Join(dir, "workloads", "*.game"))
	for _, m := range ms {
		w := strings.TrimSuffix(filepath.Base(m), ".game")
		if _, err := os.Stat(filepath.Join(dir, "ref", w+".cpp")); err == nil {
			have[w] = true
		}
	}
	var order []string
	for _, w := range benchNames {
		if have[w] {
			order = append(order, w)
			delete(have, w)
		}
	}
	for _, m := range ms {
		if w := strings.TrimSuffix(filepath.Base(m), ".game"); have[w] {
			order = append(order, w)
		}
	}
	if *benchOnly == "" {
		return order
	}
	var only []string
	for _, w := range strings.Split(*benchOnly, ",") {
		if !contains(order, w) {
			b.Fatalf("-emit.only: no workload %q in %s (with a reference program)", w, dir)
		}
		only = append(only, w)
	}
	return only
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// A benchRow is one workload's measures.
type benchRow struct {
	name         string
	emitted, ref usage
}

func (r benchRow) timeRatio() float64 { return float64(r.emitted.cpu) / float64(max(r.ref.cpu, 1)) }
func (r benchRow) memRatio() float64 {
	return float64(r.emitted.rssKiB) / float64(max(r.ref.rssKiB, 1))
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// usage is what the launcher reports of a run: CPU time (user + system)
// and peak RSS.
type usage struct {
	cpu    time.Duration
	rssKiB int64
}

// measureWorkload emits and compiles workload w and its reference
// program, checks their outputs, and measures them; false (the
// sub-benchmark skipped or failed) when it cannot.
func measureWorkload(b *testing.B, gxx, launcher, dir, tmp, w string) (benchRow, bool) {
	src, err := os.ReadFile(filepath.Join(dir, "workloads", w+".game"))
	if err != nil {
		b.Fatal(err)
	}
	cpp, err := emit.File(w+".game", string(src))
	if err != nil {
		if emit.IsOutside(err) {
			b.Skipf("%s is outside the subset grundy emit translates: %v", w, err)
		}
		b.Fatalf("emit %s: %v", w, err)
	}
	ref, err := os.ReadFile(filepath.Join(dir, "ref", w+".cpp"))
	if err != nil {
		b.Fatal(err)
	}
	emitted, refBin := filepath.Join(tmp, w+"-emitted"), filepath.Join(tmp, w+"-ref")
	for _, c := range []struct{ src, bin string }{{cpp, emitted}, {string(ref), refBin}} {
		if err := compileCpp(gxx, c.src, c.bin); err != nil {
			b.Fatalf("%s: %v", w, err)
		}
	}
	row := benchRow{name: w}
	var outs [2]string
	for i, bin := range []string{emitted, refBin} {
		best := usage{cpu: time.Duration(math.MaxInt64)}
		for k := range max(*benchRuns, 1) {
			out, u, err := launch(launcher, bin, tmp)
			if err != nil {
				b.Fatalf("%s: %v", w, err)
			}
			if k == 0 {
				outs[i] = out
			}
			best.cpu = min(best.cpu, u.cpu)
			best.rssKiB = max(best.rssKiB, u.rssKiB)
		}
		if i == 0 {
			row.emitted = best
		} else {
			row.ref = best
		}
	}
	if outs[0] != outs[1] {
		b.Errorf("%s: the emitted program prints\n%s\nthe C++ prints\n%s", w, firstLines(outs[0], 10), firstLines(outs[1], 10))
		return row, false
	}
	return row, true
}

// compileCpp writes src beside bin and compiles it with g++ -O2 -std=c++17.
func compileCpp(gxx, src, bin string) error {
	if err := os.WriteFile(bin+".cpp", []byte(src), 0o644); err != nil {
		return err
	}
	out, err := exec.Command(gxx, "-O2", "-std=c++17", "-o", bin, bin+".cpp").CombinedOutput()
	if err != nil {
		return fmt.Errorf("g++ %s.cpp: %v\n%s", bin, err, firstLines(string(out), 20))
	}
	return nil
}

// launch runs bin through the launcher, with no input, and returns its
// standard output and its usage; an error when it fails.
func launch(launcher, bin, tmp string) (string, usage, error) {
	report := filepath.Join(tmp, "usage")
	cmd := exec.Command(launcher, report, bin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return "", usage{}, fmt.Errorf("%s: %v\n%s", filepath.Base(bin), err, firstLines(errb.String(), 10))
	}
	data, err := os.ReadFile(report)
	if err != nil {
		return "", usage{}, err
	}
	var us, rss int64
	if _, err := fmt.Sscan(string(data), &us, &rss); err != nil {
		return "", usage{}, fmt.Errorf("the launcher's report %q: %v", data, err)
	}
	return out.String(), usage{time.Duration(us) * time.Microsecond, rss}, nil
}

// launcherSrc is the launcher: `launch REPORT PROG` forks and runs PROG
// (its standard streams the launcher's), writes "CPU-µs RSS-KiB" of it to
// REPORT, and exits with its status.
const launcherSrc = `#include <cstdio>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
int main(int argc, char** argv) {
    if (argc != 3) return 2;
    pid_t p = fork();
    if (p < 0) return 2;
    if (p == 0) {
        execl(argv[2], argv[2], (char*)nullptr);
        _exit(127);
    }
    int st = 0;
    struct rusage ru;
    if (wait4(p, &st, 0, &ru) < 0) return 2;
    FILE* f = std::fopen(argv[1], "w");
    if (!f) return 2;
    long long us = (long long)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000 + ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
    std::fprintf(f, "%lld %ld\n", us, ru.ru_maxrss);
    std::fclose(f);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}
`
