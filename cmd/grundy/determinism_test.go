package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/testenv"
)

// TestDeterminism runs every example (exampleFiles) three times (the fast
// suite twice): the bytes on standard output and standard error must be
// the same each time.
func TestDeterminism(t *testing.T) {
	for _, f := range exampleFiles(t) {
		var first string
		for i := range testenv.Scale(2, 3) { // (the fast suite: twice)
			var in []byte
			if b, err := os.ReadFile(strings.TrimSuffix(f, ".game") + ".in"); err == nil {
				in = b
			}
			var out, errOut bytes.Buffer
			run([]string{"run", f}, bytes.NewReader(in), &out, &errOut)
			got := out.String() + "\x00" + errOut.String()
			if i == 0 {
				first = got
			} else if got != first {
				t.Errorf("%s: run %d printed something else than run 1", f, i+1)
			}
		}
	}
}
