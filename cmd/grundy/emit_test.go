package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEmit: grundy emit FILE writes the C++ program on standard output,
// or to OUT with -o (nothing else left in OUT's directory); a construct
// outside the subset is reported with its position and a caret, and no
// file is written; its help is in the table of commands.
func TestEmit(t *testing.T) {
	p := script(t, "cut.game", "game cut(w, h) moves\n    cut(i, h) + cut(w - i, h) for i in 2 .. w - 2\n  | cut(w, j) + cut(w, h - j) for j in 2 .. h - 2\nprint sg(cut(4, 2))\n")
	code, out, errOut := cli(t, "", "emit", p)
	if code != 0 || errOut != "" || !strings.Contains(out, "int main() {") || !strings.Contains(out, "// print sg(cut(4, 2))") {
		t.Fatalf("grundy emit FILE: status %d, stderr %q, stdout %.200q", code, errOut, out)
	}
	dir := t.TempDir()
	dst := filepath.Join(dir, "cut.cpp")
	if code, out2, errOut := cli(t, "", "emit", p, "-o", dst); code != 0 || out2 != "" || errOut != "" {
		t.Fatalf("grundy emit FILE -o OUT: status %d, stdout %q, stderr %q", code, out2, errOut)
	}
	data, err := os.ReadFile(dst)
	if err != nil || string(data) != out {
		t.Errorf("-o OUT holds %d bytes (%v), want the %d of standard output", len(data), err, len(out))
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("-o OUT left %d files in its directory, want 1", len(ents))
	}

	bad := script(t, "bad.game", "let f = len\nprint f([1])\n")
	code, out, errOut = cli(t, "", "emit", bad, "-o", filepath.Join(dir, "bad.cpp"))
	want := bad + ":1:9: emit: len used as a value is not in the subset grundy emit translates; call it: emit translates calls of defs, games and built-ins by their names\n    let f = len\n            ^\n"
	if code != 1 || out != "" || errOut != want {
		t.Errorf("grundy emit of a script outside the subset: status %d, stdout %q, stderr\n%s\nwant\n%s", code, out, errOut, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "bad.cpp")); err == nil {
		t.Errorf("grundy emit wrote bad.cpp for a script outside the subset")
	}
	syntax := script(t, "syntax.game", "print [1 2]\n")
	if code, _, errOut := cli(t, "", "emit", syntax); code != 2 || !strings.HasPrefix(errOut, syntax+":1:10: expected") {
		t.Errorf("grundy emit of a syntax error: status %d, stderr %q", code, errOut)
	}
	if code, _, errOut := cli(t, "", "emit"); code != 2 || !strings.Contains(errOut, "want one FILE") {
		t.Errorf("grundy emit without FILE: status %d, stderr %q", code, errOut)
	}
	code, help, _ := cli(t, "", "emit", "--help")
	_, help2, _ := cli(t, "", "help", "emit")
	if code != 0 || help != help2 || !strings.Contains(help, "Usage: grundy emit FILE [-o OUT.cpp]") || !strings.Contains(help, "-o OUT") || !strings.Contains(help, "Example:") {
		t.Errorf("grundy emit --help: status %d\n%s\ngrundy help emit:\n%s", code, help, help2)
	}
}
