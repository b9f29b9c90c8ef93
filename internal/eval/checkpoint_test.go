package eval

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/grundy-lang/grundy/internal/solve"
	"github.com/grundy-lang/grundy/takebreak"
)

// The attacks on --checkpoint (Options.Checkpoint): runs sharing a file,
// a file changed by a byte, two games in one file, a save that fails in
// a run that failed. Every value is checked against a Solver that
// computed it without a checkpoint.

// plainValues is the values of code's heaps 0 .. n computed without a
// checkpoint.
func plainValues(t *testing.T, code string, n int) []uint32 {
	t.Helper()
	g, err := takebreak.ParseCode(code)
	if err != nil {
		t.Fatal(err)
	}
	s, err := takebreak.NewSolver(g, takebreak.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Extend(n, nil)
	vals := make([]uint32, n+1)
	s.Values(0, vals)
	return vals
}

// fromCheckpoint is the values of code's heaps that a session reads from
// checkpoint file (none: nil).
func fromCheckpoint(t *testing.T, file, code string) []uint32 {
	t.Helper()
	g, err := takebreak.ParseCode(code)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSession(Options{Checkpoint: file})
	if err := s.ExecFile(context.Background(), "t.game", fmt.Sprintf("print sg(octal(%q)(0))", code)); err != nil {
		t.Fatalf("reading %s's values back: %v", code, err)
	}
	for _, pd := range solve.Tables(s.env.Engine) {
		if takebreak.RulesKey(pd.Solver.Game()) == takebreak.RulesKey(g) {
			vals := make([]uint32, pd.Solver.Len())
			pd.Solver.Values(0, vals)
			return vals
		}
	}
	return nil
}

// checkValues: the checkpoint holds at least n+1 values of code, the
// ones computed without it.
func checkValues(t *testing.T, file, code string, n int) {
	t.Helper()
	got := fromCheckpoint(t, file, code)
	if len(got) <= n {
		t.Fatalf("%s: the checkpoint holds %d values, want %d at least", code, len(got), n+1)
	}
	want := plainValues(t, code, len(got)-1)
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s: heap %d is %d in the checkpoint, %d computed without it", code, i, got[i], want[i])
		}
	}
}

// runCode runs src in a new session with checkpoint file and returns
// its output.
func runCode(file, src string) (string, error) {
	var out strings.Builder
	s := NewSession(Options{Stdout: &out, Checkpoint: file})
	err := s.ExecFile(context.Background(), "t.game", src)
	return out.String(), err
}

// TestCheckpointConcurrentRuns: runs at the same time on one file, of
// one game and of two, each going on from what the file holds and saving
// more: none fails, and the file ends with the right values of both
// games (every save waited for the one under way, and kept the other
// game's values).
func TestCheckpointConcurrentRuns(t *testing.T) {
	file := filepath.Join(t.TempDir(), "cp")
	const runs = 12
	codes := []string{"0.1777", "0.1777", "0.56"}
	var wg sync.WaitGroup
	errs := make(chan error, len(codes)*runs)
	for g, code := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range runs {
				n := 20000 + 1500*(len(codes)*i+g)
				if _, err := runCode(file, fmt.Sprintf("print sg(octal(%q)(%d))", code, n)); err != nil {
					errs <- fmt.Errorf("%s to heap %d: %v", code, n, err)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	checkValues(t, file, "0.1777", 20000+1500*(len(codes)*(runs-1)+1))
	checkValues(t, file, "0.56", 20000+1500*(len(codes)*(runs-1)+2))
	if left := tempFiles(t, filepath.Dir(file)); len(left) > 0 {
		t.Errorf("files left beside the checkpoint: %v", left)
	}
}

// tempFiles lists the files of dir other than the checkpoint "cp".
func tempFiles(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if e.Name() != "cp" {
			out = append(out, e.Name())
		}
	}
	return out
}

// TestCheckpointTwoGames: a run of another game with the same file
// keeps the first game's values (and a third run, of the first game
// again, the second's).
func TestCheckpointTwoGames(t *testing.T) {
	file := filepath.Join(t.TempDir(), "cp")
	for _, c := range []struct {
		code string
		n    int
	}{{"0.1777", 60000}, {"0.56", 30000}, {"0.1777", 62000}} {
		if _, err := runCode(file, fmt.Sprintf("print sg(octal(%q)(%d))", c.code, c.n)); err != nil {
			t.Fatalf("%s: %v", c.code, err)
		}
	}
	checkValues(t, file, "0.1777", 62000)
	checkValues(t, file, "0.56", 30000)
}

// TestCheckpointOneByteChanged: a checkpoint with one byte changed
// (anywhere: its header, a game's rules, its count, a value, its end)
// is refused with an error that names the file; the value it would
// have given is never printed.
func TestCheckpointOneByteChanged(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "cp")
	if _, err := runCode(file, `print sg(octal("0.137")(5000))`); err != nil {
		t.Fatal(err)
	}
	good, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	want := plainValues(t, "0.137", 5000)
	// The byte of heap 100's value, and bytes all over the file.
	at := []int{len(good) - 5001 + 100 - len("end 01234567\n"), 0, 5, 20, 25, 30, len(good) / 2, len(good) - 3, len(good) - 1}
	for _, i := range at {
		for _, flip := range []byte{1, 0x40} {
			bad := append([]byte(nil), good...)
			bad[i] ^= flip
			if err := os.WriteFile(file, bad, 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := runCode(file, `print sg(octal("0.137")(100))`)
			if err == nil || !strings.Contains(err.Error(), "--checkpoint "+file+" ") || out != "" {
				t.Errorf("byte %d ^ %#x: printed %q (heap 100 is %d), error %v", i, flip, out, want[100], err)
			}
			after, _ := os.ReadFile(file)
			if string(after) != string(bad) {
				t.Errorf("byte %d ^ %#x: the refused file was changed", i, flip)
			}
		}
	}
}

// TestCheckpointSaveFailsInAFailedRun: a run that fails (a division by
// zero) and whose values cannot be saved (the file's directory does not
// exist) reports both.
func TestCheckpointSaveFailsInAFailedRun(t *testing.T) {
	file := filepath.Join(t.TempDir(), "none", "cp")
	_, err := runCode(file, "print sg(octal(\"0.56\")(3000))\nprint 1 / 0")
	if err == nil || !strings.Contains(err.Error(), "division by zero") || !strings.Contains(err.Error(), "--checkpoint "+file) {
		t.Errorf("error %v", err)
	}
	_, err = runCode(file, `print sg(octal("0.56")(3000))`)
	if err == nil || !strings.Contains(err.Error(), "--checkpoint "+file) {
		t.Errorf("error %v", err)
	}
}
