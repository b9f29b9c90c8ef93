package eval_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/eval"
)

// The board games of issue #28 (testdata/boards: positions written as a
// newcomer writes them, a set of cells, a list of pins, a string of
// squares, a tuple of a vertex and a set), each against its bitmask C++
// search (testdata/boards/ref, reference programs for measuring only,
// built with g++ -O2 when g++ is there):
//
//	go test ./eval -run '^$' -bench BoardGames -benchtime 1x
//
// Each reports cpp-ns/op, the C++ program's time, beside its own, and
// checks that both print the same checksum. notakto (4 x 6) takes
// minutes; -bench 'BoardGames/(cram|stair)' picks some.
func BenchmarkBoardGames(b *testing.B) {
	files, _ := filepath.Glob("testdata/boards/*.game")
	gxx, _ := exec.LookPath("g++")
	dir := b.TempDir()
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".game")
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			var out bytes.Buffer
			for i := 0; i < b.N; i++ {
				out.Reset()
				s := eval.NewSession(eval.Options{Stdout: &out})
				if err := s.ExecFile(context.Background(), f, string(src)); err != nil {
					b.Fatal(err)
				}
			}
			if gxx == "" {
				return
			}
			b.StopTimer()
			bin := filepath.Join(dir, name)
			cpp := filepath.Join("testdata", "boards", "ref", name+".cpp")
			if msg, err := exec.Command(gxx, "-O2", "-o", bin, cpp).CombinedOutput(); err != nil {
				b.Fatalf("g++ %s: %v\n%s", cpp, err, msg)
			}
			start := time.Now()
			ref, err := exec.Command(bin).Output()
			if err != nil {
				b.Fatalf("%s: %v", bin, err)
			}
			b.ReportMetric(float64(time.Since(start).Nanoseconds()), "cpp-ns/op")
			if string(ref) != out.String() {
				b.Errorf("grundy printed %q, the C++ reference %q", out.String(), ref)
			}
		})
	}
}
