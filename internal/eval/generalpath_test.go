package eval_test

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/grundy-lang/grundy/internal/passes"

	"github.com/grundy-lang/grundy/internal/eval"
)

// BenchmarkGeneralPath runs the int workloads whose moves are a move
// rule's loop (../shared/bench) with the fast loops and everything built
// on them switched off: every move through the general closures. It
// reports the time per move (ns/move, the moves the engine counted) and
// the CPU time per move (cpu-ns/move: the process's user and system time,
// which a machine shared with other work inflates less):
//
//	go test ./eval -run '^$' -bench GeneralPath -benchtime 2x
var generalSizes = map[string]int{
	"cut": 100, "subtract": 200000, "snim": 30000, "kayles": 2000, "grundy": 3000, "wythoff": 100,
}

const kernelsOff = passes.FastLoops | passes.Sweep | passes.Symmetric | passes.Cursor

func BenchmarkGeneralPath(b *testing.B) {
	letN := regexp.MustCompile(`(?m)^let N = \d+`)
	for _, name := range []string{"cut", "subtract", "snim", "kayles", "grundy", "wythoff"} {
		src, err := os.ReadFile(filepath.Join("testdata", "bench", name+".game"))
		if err != nil {
			b.Fatal(err)
		}
		text := letN.ReplaceAllString(string(src), "let N = "+itoa(generalSizes[name]))
		b.Run(name, func(b *testing.B) {
			var moves int64
			cpu0 := cpuTime()
			for i := 0; i < b.N; i++ {
				s := eval.NewSession(eval.Options{Stdout: io.Discard, Disable: kernelsOff})
				if err := s.ExecFile(context.Background(), name+".game", text); err != nil {
					b.Fatal(err)
				}
				moves += s.Stats().Moves
			}
			cpu := cpuTime() - cpu0
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(moves), "ns/move")
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(moves), "cpu-ns/move")
		})
	}
}
