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
	"github.com/grundy-lang/grundy/internal/testenv"
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
// minutes; -bench 'BoardGames/(cram|stair)' picks some. The spellings of
// testdata/boards/spellings (the same games written other ways) run as
// BoardGames/spellings/NAME, against their game's C++.
func BenchmarkBoardGames(b *testing.B) {
	files, _ := filepath.Glob("testdata/boards/*.game")
	// (The spellings of testdata/boards/spellings, each against the C++
	// of its game: BoardGames/spellings/cram_b.)
	more, _ := filepath.Glob("testdata/boards/spellings/*.game")
	files = append(files, more...)
	gxx, _ := exec.LookPath("g++")
	dir := b.TempDir()
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".game")
		game := name
		if strings.Contains(f, "spellings") {
			game, _, _ = strings.Cut(name, "_")
			name = "spellings/" + name
		}
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
			bin := filepath.Join(dir, game)
			cpp := filepath.Join("testdata", "boards", "ref", game+".cpp")
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

// TestBoardSpellings: each spelling of testdata/boards/spellings prints
// what its game as written in testdata/boards prints (the long tests:
// they take half a minute).
func TestBoardSpellings(t *testing.T) {
	testenv.Long(t)
	files, _ := filepath.Glob("testdata/boards/spellings/*.game")
	if len(files) == 0 {
		t.Fatal("no spellings")
	}
	want := map[string]string{}
	run := func(f string) string {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		s := eval.NewSession(eval.Options{Stdout: &out})
		if err := s.ExecFile(context.Background(), f, string(src)); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		return out.String()
	}
	for _, f := range files {
		game, _, _ := strings.Cut(filepath.Base(f), "_")
		if _, ok := want[game]; !ok {
			want[game] = run(filepath.Join("testdata", "boards", game+".game"))
		}
		if got := run(f); got != want[game] {
			t.Errorf("%s printed %q, %s.game %q", f, got, game, want[game])
		}
	}
}
