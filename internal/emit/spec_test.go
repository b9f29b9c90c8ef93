package emit_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy"
	"github.com/grundy-lang/grundy/internal/testenv"
)

// specScript is a script of spec.md's examples: a ```grundy or
// ```grundy error block, and the ```input block after it, if any.
type specScript struct {
	line      int // of the block's opening fence
	src, in   string
	wantsFail bool
}

// specScripts reads the scripts of spec.md's examples (cmd/grundy's
// TestSpecExamples says what the blocks are).
func specScripts(t *testing.T) []specScript {
	data, err := os.ReadFile("../../spec.md")
	if err != nil {
		t.Fatal(err)
	}
	var out []specScript
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	line, open, info, start := 0, false, "", 0
	var body strings.Builder
	for sc.Scan() {
		line++
		l := sc.Text()
		switch {
		case !open && strings.HasPrefix(l, "```"):
			open, info, start = true, strings.Join(strings.Fields(strings.TrimLeft(l, "`")), " "), line
			body.Reset()
		case open && strings.TrimRight(l, " ") == "```":
			open = false
			switch info {
			case "grundy", "grundy error":
				out = append(out, specScript{line: start, src: body.String(), wantsFail: info == "grundy error"})
			case "input":
				if n := len(out); n > 0 {
					out[n-1].in = body.String()
				}
			}
		case open:
			body.WriteString(l + "\n")
		}
	}
	return out
}

// TestDifferentialSpec (the long suite): each example script of spec.md
// that is in the subset (and has no error that grundy check reports:
// emit's are TestOutside's), emitted, compiled and run on its input,
// prints what grundy run prints, exits with its status and writes its
// error message and caret.
func TestDifferentialSpec(t *testing.T) {
	if !testenv.IsLong() {
		t.Skip("the long suite (GRUNDY_LONG_TESTS=1) runs spec.md's examples through emit")
	}
	dir := t.TempDir()
	var progs []program
	for _, s := range specScripts(t) {
		name := fmt.Sprintf("spec%d.game", s.line)
		if err := grundy.New(grundy.Config{}).Check("spec.md", s.src); err != nil {
			continue // a syntax or resolve error: emit stops as check does
		}
		p := filepath.Join(dir, fmt.Sprintf("spec%d.game", s.line))
		if err := os.WriteFile(p, []byte(s.src), 0o644); err != nil {
			t.Fatal(err)
		}
		progs = append(progs, program{name, p, []string{s.in}})
	}
	if len(progs) < 50 {
		t.Fatalf("only %d example scripts read from spec.md", len(progs))
	}
	emitAndCompare(t, dir, progs)
}
