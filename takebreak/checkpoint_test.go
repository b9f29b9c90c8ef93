package takebreak

import (
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/internal/testenv"
)

// The checkpoint files: every value read back is checked against a
// Solver that computed it alone.

// checkFile: file holds at least n+1 values of g, and they are right.
func checkFile(t *testing.T, file string, g *Game, n int) {
	t.Helper()
	s, _ := NewSolver(g, Options{})
	k, err := s.RestoreFile(file)
	if err != nil || k <= n {
		t.Fatalf("%s: %d values restored (want %d), %v", g.Name, k, n+1, err)
	}
	want := solve(t, g, k-1, Options{Plain: true})
	if d := firstDiff(s, want, k-1); d >= 0 {
		t.Fatalf("%s: heap %d is %d in the file, %d computed alone", g.Name, d, s.Value(d), want.Value(d))
	}
}

// noTemps fails when dir holds other files than names.
func noTemps(t *testing.T, dir string, names ...string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if !strings.Contains(" "+strings.Join(names, " ")+" ", " "+e.Name()+" ") {
			t.Errorf("%s left in the directory", e.Name())
		}
	}
}

// TestCheckpointFileConcurrentSaves: goroutines saving to one file at
// once, of one game and of two, with more values each time: the file
// ends with the most values of each game, right.
func TestCheckpointFileConcurrentSaves(t *testing.T) {
	file := filepath.Join(t.TempDir(), "cp")
	games := []*Game{mustCode(t, "0.1777"), mustCode(t, "0.1777"), mustCode(t, "0.56"), Grundys()}
	const saves = 15
	var wg sync.WaitGroup
	for i, g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, _ := NewSolver(g, Options{})
			for k := range saves {
				s.Extend(1000*(k+1)+100*i, nil)
				if err := SaveFile(file, []*Solver{s}); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	checkFile(t, file, games[0], 1000*saves+100)
	checkFile(t, file, games[2], 1000*saves+200)
	checkFile(t, file, games[3], 1000*saves+300)
	noTemps(t, filepath.Dir(file), "cp")
}

// saverEnv makes the test binary a saver (TestCheckpointSaverChild).
const saverEnv = "TAKEBREAK_SAVER"

// TestCheckpointSaverChild is a process of TestCheckpointFileProcesses:
// it saves the values of a game to a file, more each time.
func TestCheckpointSaverChild(t *testing.T) {
	spec := os.Getenv(saverEnv)
	if spec == "" {
		t.Skip("only a child process of TestCheckpointFileProcesses")
	}
	file, code, _ := strings.Cut(spec, "|")
	code, first, _ := strings.Cut(code, "|")
	from, _ := strconv.Atoi(first)
	s, _ := NewSolver(mustCode(t, code), Options{})
	for k := range 20 {
		s.Extend(from+1000*k, nil)
		if err := SaveFile(file, []*Solver{s}); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCheckpointFileProcesses: processes saving to one file at once (two
// of one game, one of another): the file ends with the right values of
// both games, the most of each.
func TestCheckpointFileProcesses(t *testing.T) {
	file := filepath.Join(t.TempDir(), "cp")
	children := []string{"0.1777|5000", "0.1777|5500", "0.56|6000"}
	cmds := make([]*exec.Cmd, len(children))
	outs := make([]bytes.Buffer, len(children))
	for i, c := range children {
		cmds[i] = exec.Command(os.Args[0], "-test.run=^TestCheckpointSaverChild$", "-test.count=1")
		cmds[i].Env = append(os.Environ(), saverEnv+"="+file+"|"+c)
		cmds[i].Stdout, cmds[i].Stderr = &outs[i], &outs[i]
		if err := cmds[i].Start(); err != nil {
			t.Fatal(err)
		}
	}
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Errorf("%s: %v\n%s", children[i], err, outs[i].String())
		}
	}
	checkFile(t, file, mustCode(t, "0.1777"), 5500+19000)
	checkFile(t, file, mustCode(t, "0.56"), 6000+19000)
	noTemps(t, filepath.Dir(file), "cp")
}

// TestCheckpointFileMerge: a save keeps the values of the games it does
// not have, and the file's when it has more of one than the save.
func TestCheckpointFileMerge(t *testing.T) {
	file := filepath.Join(t.TempDir(), "cp")
	a, b := solve(t, mustCode(t, "0.1777"), 3000, Options{}), solve(t, Grundys(), 2000, Options{})
	for _, s := range [][]*Solver{{a}, {b}, {solve(t, mustCode(t, "0.1777"), 1000, Options{})}} {
		if err := SaveFile(file, s); err != nil {
			t.Fatal(err)
		}
	}
	checkFile(t, file, a.g, 3000)
	checkFile(t, file, b.g, 2000)
}

// TestCheckpointFileLock: a save waits for the lock another run holds,
// at most lockWait, and then fails with an error that names the file;
// the lock released, it saves. The same with the lock file of systems
// without flock.
func TestCheckpointFileLock(t *testing.T) {
	defer func(w time.Duration) { lockWait = w }(lockWait)
	lockWait = 50 * time.Millisecond
	for i, lock := range []func(string) (func(), error){lockFile, lockExcl} {
		dir := t.TempDir()
		file := filepath.Join(dir, "cp")
		s := solve(t, mustCode(t, "0.56"), 500, Options{})
		unlock, err := lock(file)
		if err != nil {
			t.Fatal(err)
		}
		if err := SaveFile(file, []*Solver{s}); i == 0 && (err == nil || !strings.Contains(err.Error(), file+" is locked by another run")) {
			t.Errorf("saved while locked: %v", err)
		}
		if _, err := excl(lock, file); err == nil || !strings.Contains(err.Error(), file+" is locked by another run") {
			t.Errorf("locked twice: %v", err)
		}
		unlock()
		if err := SaveFile(file, []*Solver{s}); err != nil {
			t.Fatal(err)
		}
		checkFile(t, file, s.g, 500)
		noTemps(t, dir, "cp")
	}
}

// excl takes lock of file (lockFile or lockExcl) and releases it.
func excl(lock func(string) (func(), error), file string) (bool, error) {
	unlock, err := lock(file)
	if err != nil {
		return false, fileError(file, err)
	}
	unlock()
	return true, nil
}

// TestCheckpointFileSaveFails: a save that fails (a write, the sync, the
// rename) says why, leaves the file as it was, and no temporary file;
// one that finds the file locked, corrupt or not a checkpoint writes
// nothing either; a temporary file of a save that was killed goes at
// the next save.
func TestCheckpointFileSaveFails(t *testing.T) {
	defer func() { failAt = "" }()
	dir := t.TempDir()
	file := filepath.Join(dir, "cp")
	s := solve(t, mustCode(t, "0.56"), 500, Options{})
	if err := SaveFile(file, []*Solver{s}); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(file)
	more := solve(t, mustCode(t, "0.56"), 800, Options{})
	for _, at := range []string{"write", "sync", "rename"} {
		failAt = at
		err := SaveFile(file, []*Solver{more})
		if err == nil || !strings.Contains(err.Error(), file+": the values could not be saved (") || !strings.Contains(err.Error(), "the file keeps the ones it had") {
			t.Errorf("%s: %v", at, err)
		}
		if now, _ := os.ReadFile(file); !bytes.Equal(now, before) {
			t.Errorf("%s: the file changed", at)
		}
		noTemps(t, dir, "cp")
	}
	failAt = ""
	// The first save to a file that could not be saved: no file at all.
	other := filepath.Join(dir, "new")
	failAt = "rename"
	if err := SaveFile(other, []*Solver{s}); err == nil || strings.Contains(err.Error(), "keeps") {
		t.Errorf("a new file: %v", err)
	}
	failAt = ""
	noTemps(t, dir, "cp")
	// Not a checkpoint, corrupt: not written over.
	for _, text := range []string{"print 1\n", strings.Replace(string(before), "takebreak", "takebrEak", 1)} {
		os.WriteFile(file, []byte(text), 0o644)
		if err := SaveFile(file, []*Solver{more}); err == nil || !strings.Contains(err.Error(), file+" is ") {
			t.Errorf("%.12q: %v", text, err)
		}
		if now, _ := os.ReadFile(file); string(now) != text {
			t.Errorf("%.12q: written over", text)
		}
	}
	// A temporary file left by a killed save goes; a file of the user's
	// that looks like one does not.
	os.WriteFile(file, before, 0o644)
	os.WriteFile(file+".123456.tmp", []byte("half"), 0o644)
	os.WriteFile(file+".notes.tmp", []byte("mine"), 0o644)
	if err := SaveFile(file, []*Solver{more}); err != nil {
		t.Fatal(err)
	}
	noTemps(t, dir, "cp", "cp.notes.tmp")
	checkFile(t, file, more.g, 800)
	// A directory that cannot be written (not as root: root writes it).
	if os.Geteuid() != 0 {
		os.Chmod(dir, 0o500)
		defer os.Chmod(dir, 0o700)
		if err := SaveFile(file, []*Solver{solve(t, more.g, 900, Options{})}); err == nil || !strings.Contains(err.Error(), "could not be saved") {
			t.Errorf("a directory that cannot be written: %v", err)
		}
		checkFile(t, file, more.g, 800)
	}
}

// TestCheckpointFileLink: a save through a symbolic link writes the file
// it links to; the link stays.
func TestCheckpointFileLink(t *testing.T) {
	dir := t.TempDir()
	file, link := filepath.Join(dir, "cp"), filepath.Join(dir, "link")
	os.Symlink("cp", link)
	s := solve(t, mustCode(t, "0.56"), 500, Options{})
	for range 2 {
		if err := SaveFile(link, []*Solver{s}); err != nil {
			t.Fatal(err)
		}
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is gone: %v", err)
	}
	checkFile(t, file, s.g, 500)
}

// TestCheckpointEveryByte: a checkpoint with any one byte changed, or
// cut short anywhere, is refused (the Solver keeps its values); the
// whole one is read.
func TestCheckpointEveryByte(t *testing.T) {
	var buf bytes.Buffer
	a, b := solve(t, mustCode(t, "0.137"), 300, Options{}), solve(t, mustCode(t, "4.07"), 200, Options{})
	if err := WriteCheckpoint(&buf, a, b); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	restore := func(data []byte) (int, error) {
		s, _ := NewSolver(b.g, Options{})
		s.Extend(10, nil)
		return s.Restore(bytes.NewReader(data), int64(len(data)))
	}
	if k, err := restore(good); err != nil || k != 201 {
		t.Fatalf("%d %v", k, err)
	}
	for i := range good {
		// (The fast suite flips each byte one way, turning with the byte;
		// the long suite all three.)
		for _, flip := range testenv.Rotate([]byte{1, 0x80, 0xff}, 1, i) {
			bad := append([]byte(nil), good...)
			bad[i] ^= flip
			if k, err := restore(bad); err == nil || k != 11 {
				t.Fatalf("byte %d ^ %#x: %d values, %v", i, flip, k, err)
			}
		}
	}
	for n := 1; n < len(good); n++ {
		if k, err := restore(good[:n]); err == nil || k != 11 {
			t.Fatalf("cut at %d: %d values, %v", n, k, err)
		}
		// (A file that shrank as it was read.)
		s, _ := NewSolver(b.g, Options{})
		if k, err := s.Restore(bytes.NewReader(good[:n]), int64(len(good))); err == nil || k != 0 {
			t.Fatalf("cut at %d, read as whole: %d values, %v", n, k, err)
		}
	}
}

// crafted is a checkpoint of the sections given (their header lines and
// values), with its checksum right.
func crafted(sections ...string) []byte {
	text := fileHead + strings.Join(sections, "")
	return fmt.Appendf([]byte(text), "end %08x\n", crc32.Checksum([]byte(text), castagnoli()))
}

// TestCheckpointCrafted: checkpoints made to hurt, with their checksum
// right, are refused before they take memory: counts beyond the file or
// beyond reason, values no heap can have (which would make huge sets),
// two sections of a game, bytes after the end, other formats.
func TestCheckpointCrafted(t *testing.T) {
	g := mustCode(t, "0.56")
	three := mustCode(t, "0.f")
	key, key3 := RulesKey(g), RulesKey(three)
	vals := func(v ...byte) string { return string(v) }
	for _, c := range []struct {
		g    *Game
		data []byte
		want string
	}{
		{g, crafted("takebreak " + key + " 4 8589934591\n"), "longer than the rest of the file"},
		{g, crafted("takebreak " + key + " 4 4611686018427387903\n"), "not a section's header"},
		{g, crafted("takebreak " + key + " 1 -3\n"), "not a section's header"},
		{g, crafted("takebreak " + key + " 3 2\n" + vals(0, 0, 0, 0, 0, 0)), "not a section's header"},
		{g, crafted("takebreak " + key + " 1 +2\n" + vals(0, 0)), "not a section's header"},
		{g, crafted("takebreak " + key + " 1 2 3\n" + vals(0, 0)), "not a section's header"},
		{g, crafted("takebreak " + key + " 4 3\n" + vals(0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0x80)), "heap 2 has the value 2147483648"},
		{g, crafted("takebreak " + key + " 1 4\n" + vals(0, 1, 1, 9)), "heap 3 has the value 9"},
		{g, crafted("takebreak " + key + " 1 1\n" + vals(1)), "heap 0 has the value 1"},
		{three, crafted("takebreak " + key3 + " 4 " + strconv.Itoa(1<<13) + "\n" + tripleBomb(1<<13)), "MiB of sets"},
		{g, crafted("takebreak "+key+" 1 2\n"+vals(0, 1), "takebreak "+key+" 1 3\n"+vals(0, 1, 1)), "two sections of one game"},
		{g, append(crafted("takebreak "+key+" 1 2\n"+vals(0, 1)), 'x'), "bytes follow its end"},
		{g, append(crafted("takebreak "+key+" 1 2\n"+vals(0, 1)), "end 00000000\n"...), "bytes follow its end"},
		{g, []byte(fileHead + "takebreak " + key + " 1 2\n" + vals(0, 1)), "cut short"},
		{g, []byte(fileHead + "takebreak " + key + strings.Repeat("1", 2*maxLine)), "longer than"},
		{g, []byte("grundy-checkpoint 3\n"), "its first line is"},
		{g, []byte("grundy-takebreak 1 " + key + " 1 2\n" + vals(0, 1)), "format 1"},
		{g, []byte("#!/bin/sh\n"), "not a checkpoint"},
		{g, bytes.Repeat([]byte{0}, 3*maxLine), "not a checkpoint"},
	} {
		s, _ := NewSolver(c.g, Options{})
		k, err := s.Restore(bytes.NewReader(c.data), int64(len(c.data)))
		if err == nil || k != 0 || !strings.Contains(fileError("cp", err).Error(), c.want) {
			t.Errorf("%.60q: %d values, %v; want %q", c.data, k, err, c.want)
		}
	}
	// The right values of a game that leaves three heaps are read.
	s := solve(t, three, 300, Options{})
	var buf bytes.Buffer
	s.Save(&buf)
	r, _ := NewSolver(three, Options{})
	if k, err := r.Restore(&buf, int64(buf.Len())); err != nil || k != 301 {
		t.Fatalf("%d %v", k, err)
	}
	r.Extend(600, nil)
	if d := firstDiff(r, solve(t, three, 600, Options{Plain: true}), 600); d >= 0 {
		t.Fatalf("heap %d", d)
	}
}

// tripleBomb is n values of 4 bytes that grow as fast as a game that
// leaves three heaps allows (a bit a heap, to a bound of the heap's
// options): the sets they make would take terabytes.
func tripleBomb(n int) string {
	var b []byte
	v := uint32(0)
	for i := range n {
		if i > 0 {
			v = min(1<<bits32(v), uint32(i*i/12))
		}
		b = append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
	}
	return string(b)
}

// TestCheckpointFileNotRegular: RestoreFile and SaveFile refuse what is
// not a regular file (a directory, a device) and read no such thing; a
// file that is not there is no values.
func TestCheckpointFileNotRegular(t *testing.T) {
	dir := t.TempDir()
	s := solve(t, mustCode(t, "0.56"), 100, Options{})
	paths := []string{dir}
	if _, err := os.Stat("/dev/zero"); err == nil {
		paths = append(paths, "/dev/zero")
	}
	for _, p := range paths {
		var ce *CheckpointError
		if _, err := s.RestoreFile(p); !errors.As(err, &ce) || !strings.Contains(err.Error(), p+" is not a regular file") {
			t.Errorf("restore %s: %v", p, err)
		}
		if err := SaveFile(p, []*Solver{s}); !errors.As(err, &ce) || !strings.Contains(err.Error(), p+" is not a regular file") {
			t.Errorf("save %s: %v", p, err)
		}
	}
	if k, err := s.RestoreFile(filepath.Join(dir, "none")); err != nil || k != 101 {
		t.Errorf("no file: %d %v", k, err)
	}
	noTemps(t, dir)
}

// TestCheckpointExtras: a file holds Extras beside the games' values,
// each key once: saves keep the ones they do not have and replace the
// ones they have, games' saves keep them, a game's restore skips them,
// and they are refused when crafted wrong.
func TestCheckpointExtras(t *testing.T) {
	file := filepath.Join(t.TempDir(), "cp")
	a := solve(t, mustCode(t, "0.1777"), 3000, Options{})
	steps := []struct {
		solvers []*Solver
		extras  []Extra
	}{
		{nil, []Extra{{"p1", []byte("one\nvalue")}}},
		{[]*Solver{a}, []Extra{{"p2", []byte{0, 1, 2}}}},
		{nil, []Extra{{"p1", []byte("short")}}},                 // replaced
		{nil, []Extra{{"p2", []byte{9, 9, 9, 9}}, {"p2", nil}}}, // the longer of the save's
		{[]*Solver{a}, nil},
	}
	for _, st := range steps {
		if err := SaveFileExtras(file, st.solvers, st.extras); err != nil {
			t.Fatal(err)
		}
	}
	for key, want := range map[string]string{"p1": "short", "p2": "\x09\x09\x09\x09", "p3": ""} {
		got, err := ReadExtra(file, key)
		if err != nil || string(got) != want {
			t.Errorf("%s: %q, %v; want %q", key, got, err, want)
		}
	}
	checkFile(t, file, a.g, 3000)
	if got, err := ReadExtra(filepath.Join(t.TempDir(), "none"), "p1"); got != nil || err != nil {
		t.Errorf("no file: %q, %v", got, err)
	}
	if err := SaveFileExtras(file, nil, []Extra{{"a key", []byte{1}}}); err == nil {
		t.Error("a key with a space saved")
	}
	for _, c := range []struct {
		data []byte
		want string
	}{
		{crafted("pruned k 4\nabcd", "pruned k 1\nx"), "two sections of one game"},
		{crafted("pruned k 400\nabcd"), "longer than the rest of the file"},
		{crafted("pruned k -1\n"), "not a section's header"},
		{crafted("pruned \n"), "not a section's header"},
		{append(crafted("pruned k 2\nab"), 'x'), "bytes follow its end"},
	} {
		os.WriteFile(file, c.data, 0o644)
		got, err := ReadExtra(file, "k")
		if err == nil || got != nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%.60q: %q, %v; want %q", c.data, got, err, c.want)
		}
	}
	// A game's restore reads past them.
	os.WriteFile(file, crafted("pruned k 3\nabc"), 0o644)
	SaveFile(file, []*Solver{a})
	checkFile(t, file, a.g, 3000)
	if got, _ := ReadExtra(file, "k"); string(got) != "abc" {
		t.Errorf("after a game's save: %q", got)
	}
}
