package eval
import ("testing";"context";"io";"fmt")
func TestDbgRuns(t *testing.T) {
	src := `game grundy(n) moves grundy(a) + grundy(n - a) for a in 1 .. (n - 1) / 2
print sg(grundy(60))`
	s := NewSession(Options{Stdout: io.Discard})
	if err := s.ExecFile(context.Background(), "x", src); err != nil { t.Fatal(err) }
	fmt.Println("runs", dbgRuns, "saves", dbgSaves, "cursor", dbgCursor, "resumed", dbgResumed)
}
