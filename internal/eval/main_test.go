package eval_test

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestMain runs the package's tests with the collector at 200 (unless
// GOGC says otherwise): they make many short sessions, whose garbage
// the default collects twice as often for no gain (a tenth of the
// package's time). The memory limits' tests measure the process as it
// is and give memory back before they judge it, as a run does.
func TestMain(m *testing.M) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(200)
	}
	os.Exit(m.Run())
}
