//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestCheckpointCraftedFiles: --checkpoint FILE of a file made to hurt
// (a count of values far beyond the file, in the old format and in the
// new; a count whose bytes overflow; /dev/zero; a directory; a FIFO; a
// link to /dev/zero) is an error of one line that names the file, exit
// status 1, in a child process limited to 256M: no Go fatal error, no
// internal error, no read without end.
func TestCheckpointCraftedFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "zero")
	if err := os.Symlink("/dev/zero", link); err != nil {
		t.Fatal(err)
	}
	// (octal("0.56")'s rules are 1:5,2:6.)
	for _, file := range []string{
		write("old35", "grundy-takebreak 1 1:5,2:6 4 8589934591\n"),
		write("new35", "grundy-checkpoint 2\ntakebreak 1:5,2:6 4 8589934591\n"),
		write("overflow", "grundy-takebreak 1 1:5,2:6 4 4611686018427387903\n"),
		write("overflow2", "grundy-checkpoint 2\ntakebreak 1:5,2:6 4 4611686018427387903\n"),
		write("negative", "grundy-checkpoint 2\ntakebreak 1:5,2:6 1 -5\n"),
		write("noline", "grundy-checkpoint 2\ntakebreak 1:5,2:6"+strings.Repeat("1", 5000)),
		"/dev/zero", dir, fifo, link,
	} {
		r, ok := runBadChild(t, []string{"--max-memory", "256M", "--checkpoint", file, "-e", `print sg(octal("0.56")(10))`}, nil, 30*time.Second)
		if !ok {
			t.Errorf("%s: still running after 30 s", file)
			continue
		}
		first, _, _ := strings.Cut(r.stderr, "\n")
		if r.code != 1 || r.stdout != "" || !strings.Contains(first, "--checkpoint "+file+" ") ||
			strings.Contains(r.stderr, "fatal error") || strings.Contains(r.stderr, "internal error") || strings.Contains(r.stderr, "goroutine ") {
			t.Errorf("%s: exit %d, stdout %q, stderr %.400q", file, r.code, r.stdout, r.stderr)
		}
	}
}

// TestCheckpointSaveFailsInAFailedRun: a run that fails and whose
// values cannot be saved (no such directory) reports both errors, exit
// status 1.
func TestCheckpointSaveFailsInAFailedRun(t *testing.T) {
	file := filepath.Join(t.TempDir(), "none", "cp")
	p := script(t, "t.game", "print sg(octal(\"0.56\")(3000))\nprint 1 / 0\n")
	r := runCLI(t, "", "--checkpoint", file, p)
	if r.code != 1 || !strings.Contains(r.stderr, "division by zero") || !strings.Contains(r.stderr, "--checkpoint "+file) {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
}
