package eval_test

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/eval"
)

// The benchmark workloads of ../shared/bench (copied into testdata/bench),
// at a size chosen per workload so that one run takes about 0.1-0.5 s:
//
//	go test ./eval -run '^$' -bench Workload -benchtime 3x
//
// compare.sh runs them at full size against hand-written C++.
var benchSizes = map[string]int{
	"cut": 200, "subtract": 1000000, "snim": 200000, "kayles": 6000, "grundy": 10000,
	"wythoff": 200, "dag": 200000, "equalsplit": 100000, "loopy": 100000,
	"heaps": 16, "board": 20, "chomp": 10,
}

func BenchmarkWorkload(b *testing.B) {
	files, _ := filepath.Glob("testdata/bench/*.game")
	letN := regexp.MustCompile(`(?m)^let N = \d+`)
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".game")
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		text := string(src)
		if n, ok := benchSizes[name]; ok {
			text = letN.ReplaceAllString(text, "let N = "+itoa(n))
		}
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				s := eval.NewSession(eval.Options{Stdout: io.Discard})
				if err := s.ExecFile(context.Background(), f, text); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func itoa(n int) string {
	var buf [20]byte
	i := len(buf)
	for {
		i--
		buf[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(buf[i:])
		}
	}
}
