//go:build unix

package main

// Tests of grundy fmt -w's rewriting in place (rewrite.go): what a file
// is stays, what cannot be rewritten is refused, and a failed or killed
// write leaves the text recoverable.

import (
	"context"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A symbolic link stays a link, and its target (in another directory,
// through a relative link) is what is formatted.
func TestFmtWriteThroughASymlink(t *testing.T) {
	target := script(t, "t.game", messy)
	dir := t.TempDir()
	rel, err := filepath.Rel(dir, target)
	if err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "l.game")
	if err := os.Symlink(rel, link); err != nil {
		t.Fatal(err)
	}
	check(t, "fmt -w LINK", runCLI(t, "", "fmt", "-w", link), result{0, "", ""})
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is no longer a link: %v %v", fi.Mode(), err)
	}
	if got := readText(t, target); got != tidy {
		t.Errorf("the target holds %q, want %q", got, tidy)
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"l.game"}) {
		t.Errorf("the link's directory holds %v", names)
	}
	if names := dirNames(t, filepath.Dir(target)); !slices.Equal(names, []string{"t.game"}) {
		t.Errorf("the target's directory holds %v", names)
	}
}

// The file keeps its inode: a hard link to it sees the new text; and its
// owner, group and mode (the set-group-ID bit too).
func TestFmtWriteKeepsTheFile(t *testing.T) {
	a := script(t, "a.game", messy)
	b := filepath.Join(filepath.Dir(a), "b.game")
	if err := os.Link(a, b); err != nil {
		t.Fatal(err)
	}
	mode := os.FileMode(0o664) | os.ModeSetgid
	if err := os.Chmod(a, mode); err != nil {
		t.Fatal(err)
	}
	uid, gid := os.Getuid(), os.Getgid()
	if uid == 0 {
		// (Only root gives a file away: then it is another user's.)
		uid, gid = 65534, 65534
		if err := os.Chown(a, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	before, err := os.Stat(a)
	if err != nil {
		t.Fatal(err)
	}
	check(t, "fmt -w", runCLI(t, "", "fmt", "-w", a), result{0, "", ""})
	after, err := os.Stat(a)
	if err != nil {
		t.Fatal(err)
	}
	if !os.SameFile(before, after) {
		t.Error("fmt -w replaced the file by another one")
	}
	if got := readText(t, b); got != tidy {
		t.Errorf("the hard link holds %q, want %q", got, tidy)
	}
	if after.Mode() != mode {
		t.Errorf("mode %v, want %v", after.Mode(), mode)
	}
	if st := after.Sys().(*syscall.Stat_t); int(st.Uid) != uid || int(st.Gid) != gid {
		t.Errorf("owner %d:%d, want %d:%d", st.Uid, st.Gid, uid, gid)
	}
	if names := dirNames(t, filepath.Dir(a)); !slices.Equal(names, []string{"a.game", "b.game"}) {
		t.Errorf("the directory holds %v", names)
	}
}

// A file whose formatting does not change is not touched: not its time,
// not its directory (a read-only one neither).
func TestFmtWriteLeavesAFormattedFile(t *testing.T) {
	p := script(t, "t.game", tidy)
	old := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
	if err := os.Chtimes(p, old, old); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, 0o444); err != nil {
		t.Fatal(err)
	}
	check(t, "fmt -w of a formatted file", runCLI(t, "", "fmt", "-w", p), result{0, "", ""})
	if fi, err := os.Stat(p); err != nil || !fi.ModTime().Equal(old) || fi.Mode() != 0o444 {
		t.Errorf("the file was touched: %v %v %v", fi.ModTime(), fi.Mode(), err)
	}
	if names := dirNames(t, filepath.Dir(p)); !slices.Equal(names, []string{"t.game"}) {
		t.Errorf("the directory holds %v", names)
	}
}

// A file without write permission is refused, not made writable, even
// for root, whoever owns it.
func TestFmtWriteRefusesAReadOnlyFile(t *testing.T) {
	p := script(t, "t.game", messy)
	if err := os.Chmod(p, 0o444); err != nil {
		t.Fatal(err)
	}
	if os.Getuid() == 0 {
		if err := os.Chown(p, 65534, 65534); err != nil {
			t.Fatal(err)
		}
	}
	check(t, "fmt -w of a read-only file", runCLI(t, "", "fmt", "-w", p),
		result{2, "", "grundy fmt: cannot rewrite " + p + ": it is read-only\n"})
	if got := readText(t, p); got != messy {
		t.Errorf("the file holds %q", got)
	}
	if fi, err := os.Stat(p); err != nil || fi.Mode() != 0o444 {
		t.Errorf("mode %v (%v), want -r--r--r--", fi.Mode(), err)
	}
	if names := dirNames(t, filepath.Dir(p)); !slices.Equal(names, []string{"t.game"}) {
		t.Errorf("the directory holds %v", names)
	}
}

// What is not a regular file is refused with a sentence, at once (a
// named pipe is not opened: that would wait for a writer).
func TestFmtWriteRefusesWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "p.game")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "l.game")
	if err := os.Symlink(fifo, link); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ file, kind string }{
		{fifo, "a named pipe"}, {link, "a named pipe"}, {dir, "a directory"}, {os.DevNull, "a device"},
	} {
		done := make(chan result, 1)
		go func() { done <- runCLI(t, "", "fmt", "-w", c.file) }()
		select {
		case got := <-done:
			check(t, "fmt -w "+c.file, got, result{2, "", "grundy fmt: cannot rewrite " + c.file + ": it is " + c.kind + ", not a regular file\n"})
		case <-time.After(time.Minute):
			// (Open the pipe for writing, so that the read ends.)
			if w, err := os.OpenFile(fifo, os.O_RDWR, 0); err == nil {
				w.Close()
			}
			t.Fatalf("fmt -w %s did not end", c.file)
		}
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"l.game", "p.game"}) {
		t.Errorf("the directory holds %v", names)
	}
}

// An interrupt while a file is written waits until it is written, then
// stops the command: the files after it are not formatted.
func TestFmtWriteInterrupted(t *testing.T) {
	p, q := script(t, "a.game", messy), script(t, "b.game", messy)
	// (The test hears the interrupt too: it is not killed, and the
	// command's own handler has the signal once the test has.)
	seen := make(chan os.Signal, 1)
	signal.Notify(seen, os.Interrupt)
	defer signal.Stop(seen)
	t.Cleanup(func() { writeText = realWriteText })
	calls := 0
	writeText = func(f *os.File, s string, off int64) (int, error) {
		if calls++; calls == 2 {
			syscall.Kill(os.Getpid(), syscall.SIGINT)
			<-seen
		}
		return realWriteText(f, s, off)
	}
	check(t, "an interrupt while the first file is written", runCLI(t, "", "fmt", "-w", p, q),
		result{1, "", "grundy fmt: interrupted after writing " + p + "\n"})
	if readText(t, p) != tidy || readText(t, q) != messy {
		t.Errorf("the files hold %q and %q", readText(t, p), readText(t, q))
	}
	if names := dirNames(t, filepath.Dir(p)); !slices.Equal(names, []string{"a.game"}) {
		t.Errorf("the directory holds %v", names)
	}
}

// realWriteText is writeText, which tests replace.
var realWriteText = writeText

// failWrites makes the calls of writeText numbered fail (1: the backup,
// 2: the new text, 3: the old text put back) fail, after writing half of
// what they were given; the test puts writeText back.
func failWrites(t *testing.T, fail ...int) {
	t.Cleanup(func() { writeText = realWriteText })
	calls := 0
	writeText = func(f *os.File, s string, off int64) (int, error) {
		calls++
		if !slices.Contains(fail, calls) {
			return realWriteText(f, s, off)
		}
		k, _ := realWriteText(f, s[:len(s)/2], off)
		return k, syscall.ENOSPC
	}
}

// A write that fails leaves the file as it was and nothing beside it;
// when putting the old text back fails too, the backup stays and the
// error names it, and the next fmt -w refuses the file until it is gone.
func TestFmtWriteFailures(t *testing.T) {
	p := script(t, "t.game", messy)
	failWrites(t, 1)
	check(t, "the backup fails", runCLI(t, "", "fmt", "-w", p), result{2, "",
		"grundy fmt: cannot rewrite " + p + ": its backup cannot be written: no space left on device (" + p + " is as it was)\n"})
	if got, names := readText(t, p), dirNames(t, filepath.Dir(p)); got != messy || !slices.Equal(names, []string{"t.game"}) {
		t.Errorf("after a failed backup: the file holds %q, the directory %v", got, names)
	}
	failWrites(t, 2)
	check(t, "the write fails", runCLI(t, "", "fmt", "-w", p), result{2, "",
		"grundy fmt: cannot write " + p + ": no space left on device (" + p + " is as it was)\n"})
	if got, names := readText(t, p), dirNames(t, filepath.Dir(p)); got != messy || !slices.Equal(names, []string{"t.game"}) {
		t.Errorf("after a failed write: the file holds %q, the directory %v", got, names)
	}
	failWrites(t, 2, 3)
	bak := p + ".fmt-backup"
	check(t, "the write and the restore fail", runCLI(t, "", "fmt", "-w", p), result{2, "",
		"grundy fmt: cannot write " + p + ": no space left on device; its text from before is in " + bak + "\n"})
	if got := readText(t, bak); got != messy {
		t.Errorf("the backup holds %q, want %q", got, messy)
	}
	writeText = realWriteText
	refuseLeft(t, p, bak)
}

// refuseLeft checks that fmt -w refuses p while its backup bak is there,
// and formats it once bak is moved back over it.
func refuseLeft(t *testing.T, p, bak string) {
	t.Helper()
	old := readText(t, p)
	check(t, "fmt -w with a backup left", runCLI(t, "", "fmt", "-w", p), result{2, "",
		"grundy fmt: cannot rewrite " + p + ": " + bak + " is left by a grundy fmt -w that was stopped while it wrote " + p +
			" and holds its text from before: keep the right one of the two and remove " + bak + "\n"})
	if got := readText(t, p); got != old {
		t.Errorf("the file was changed: %q", got)
	}
	if err := os.Rename(bak, p); err != nil {
		t.Fatal(err)
	}
	check(t, "fmt -w after the backup is back", runCLI(t, "", "fmt", "-w", p), result{0, "", ""})
	if got, names := readText(t, p), dirNames(t, filepath.Dir(p)); got != tidy || !slices.Equal(names, []string{filepath.Base(p)}) {
		t.Errorf("the file holds %q, the directory %v", got, names)
	}
}

// A grundy fmt -w killed in the middle of writing the file leaves its
// backup, which holds the old text, and nothing else; the next fmt -w
// names it.
func TestFmtWriteKilled(t *testing.T) {
	p := script(t, "t.game", messy)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestFmtKilledChild$", "--", p)
	cmd.Env = append(os.Environ(), "GRUNDY_FMT_KILLED_CHILD=1")
	err := cmd.Run()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("the child was not killed: %v", err)
	}
	bak := p + ".fmt-backup"
	if names := dirNames(t, filepath.Dir(p)); !slices.Equal(names, []string{"t.game", "t.game.fmt-backup"}) {
		t.Fatalf("the directory holds %v", names)
	}
	if got := readText(t, p); got != tidy[:len(tidy)/2]+messy[len(tidy)/2:] {
		t.Errorf("the file holds %q: was it killed in the middle?", got)
	}
	if got := readText(t, bak); got != messy {
		t.Errorf("the backup holds %q, want %q", got, messy)
	}
	refuseLeft(t, p, bak)
}

// TestFmtKilledChild is TestFmtWriteKilled's child: grundy fmt -w FILE,
// killed after writing half of FILE's new text.
func TestFmtKilledChild(t *testing.T) {
	if os.Getenv("GRUNDY_FMT_KILLED_CHILD") != "1" {
		t.Skip("run by TestFmtWriteKilled")
	}
	calls := 0
	writeText = func(f *os.File, s string, off int64) (int, error) {
		calls++
		if calls == 2 {
			f.WriteAt([]byte(s[:len(s)/2]), off)
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
		}
		return f.WriteAt([]byte(s), off)
	}
	var out, errOut strings.Builder
	run([]string{"fmt", "-w", flagArgs()[0]}, strings.NewReader(""), &out, &errOut)
	t.Fatalf("not killed: %s", errOut.String())
}

// flagArgs returns the arguments after "--" of the test binary.
func flagArgs() []string {
	for i, a := range os.Args {
		if a == "--" {
			return os.Args[i+1:]
		}
	}
	return nil
}
