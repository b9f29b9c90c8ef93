package takebreak

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// A checkpoint file (checkpoint.go's format) is never written in place:
// a save writes a new file beside it (a name of its own, os.CreateTemp),
// syncs it to the disk and renames it over the old one, so that the file
// is always a whole checkpoint, the old one or the new. Saves and reads
// take the file's lock (an advisory lock, flock, where there is one:
// lock_flock.go; a lock file elsewhere: lock_excl.go), so that one run at
// a time writes it: a save reads what the file holds under the lock and
// keeps the values of the games it does not have (or has fewer of), so
// that runs of several games, one after the other or at the same time,
// share one file. A save that fails leaves the file as it was, and its
// temporary file is removed (a run killed while saving leaves one, which
// the next save removes).

// lockWait is how long a run waits for another run's lock on a
// checkpoint file before it gives up.
var lockWait = 10 * time.Minute

// failAt, when set (tests), makes a save fail at that step ("write",
// "sync", "rename").
var failAt string

// RestoreFile is Restore from checkpoint file path: nothing is taken
// when there is no such file. A file that is not a regular one, or not
// a checkpoint, or a corrupt one, is a *CheckpointError.
func (s *Solver) RestoreFile(path string) (int, error) {
	to, err := resolve(path)
	if err == nil {
		_, err = os.Stat(to)
	}
	if errors.Is(err, fs.ErrNotExist) {
		return s.Len(), nil
	} else if err != nil {
		return s.Len(), fileError(path, err)
	}
	unlock, err := lockFile(to)
	if err != nil {
		return s.Len(), fileError(path, err)
	}
	defer unlock()
	f, size, err := openRegular(to)
	if errors.Is(err, fs.ErrNotExist) {
		return s.Len(), nil
	}
	if err != nil {
		return s.Len(), fileError(path, err)
	}
	defer f.Close()
	n, err := s.Restore(f, size)
	if err != nil {
		return n, fileError(path, err)
	}
	return n, nil
}

// SaveFile saves the values of solvers to checkpoint file path (those
// with values), with the values the file holds of other games, and of
// theirs when it holds more. An error (a *CheckpointError) leaves the
// file as it was; a file that is not a checkpoint, or a corrupt one, is
// not written over.
func SaveFile(path string, solvers []*Solver) error { return SaveFileExtras(path, solvers, nil) }

// SaveFileExtras is SaveFile of solvers and extras (each under its key,
// in place of what the file holds under that key).
func SaveFileExtras(path string, solvers []*Solver, extras []Extra) (err error) {
	defer func() {
		if err != nil {
			err = saveError(path, err)
		}
	}()
	to, err := resolve(path)
	if err != nil {
		return err
	}
	unlock, err := lockFile(to)
	if err != nil {
		return err
	}
	defer unlock()
	return save(to, solvers, extras)
}

// ReadExtra returns the bytes of the Extra of key that checkpoint file
// path holds: nil when it has none, or there is no such file. A file that
// is not a regular one, or not a checkpoint, or a corrupt one, is a
// *CheckpointError.
func ReadExtra(path, key string) ([]byte, error) {
	to, err := resolve(path)
	if err == nil {
		_, err = os.Stat(to)
	}
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, fileError(path, err)
	}
	unlock, err := lockFile(to)
	if err != nil {
		return nil, fileError(path, err)
	}
	defer unlock()
	f, size, err := openRegular(to)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fileError(path, err)
	}
	defer f.Close()
	var got []byte // (not returned until the whole file is checked)
	err = scan(f, size, func(h section, rd *reader) error {
		if !h.extra || h.key != key {
			return rd.skip(h.bytes(), nil)
		}
		got = make([]byte, h.n)
		return rd.read(got)
	})
	if err != nil {
		return nil, fileError(path, err)
	}
	return got, nil
}

// saveError is SaveFile's error err as a *CheckpointError: the file's,
// or one of the system's, which says that the file is as it was.
func saveError(path string, err error) error {
	var ce *CheckpointError
	var corrupt errCorrupt
	var other errNotCheckpoint
	if errors.As(err, &ce) || errors.As(err, &corrupt) || errors.As(err, &other) || errors.Is(err, errFormat1) {
		return fileError(path, err)
	}
	kept := ""
	if _, err := os.Stat(path); err == nil {
		kept = "; the file keeps the ones it had"
	}
	return &CheckpointError{path, ": the values could not be saved (" + unwrapPath(err).Error() + ")" + kept}
}

// save is SaveFile under the lock: the checkpoint of solvers and of
// what path holds, in a new file renamed over it.
func save(path string, solvers []*Solver, extras []Extra) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	removeStale(dir, base)
	old, size, err := openRegular(path)
	mode := fs.FileMode(0o644)
	switch {
	case err == nil:
		if st, err := old.Stat(); err == nil {
			mode = st.Mode().Perm() // (the new file's, as the old one's)
		}
	case errors.Is(err, fs.ErrNotExist):
		old = nil
	default:
		return err
	}
	tmp, err := writeTemp(dir, base, old, size, mode, solvers, extras)
	if old != nil {
		old.Close() // (before the rename: Windows renames no open file)
	}
	if err != nil {
		return err
	}
	if err := step("rename", func() error { return os.Rename(tmp, path) }); err != nil {
		os.Remove(tmp)
		return err
	}
	syncDir(dir)
	return nil
}

// writeTemp writes the checkpoint of solvers and of old (size bytes; nil:
// none) to a new file in dir, synced to the disk, and returns its name;
// on an error the file is removed.
func writeTemp(dir, base string, old *os.File, size int64, mode fs.FileMode, solvers []*Solver, extras []Extra) (name string, err error) {
	f, err := os.CreateTemp(dir, base+".*.tmp")
	if err != nil {
		return "", err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	var w io.Writer = f
	if failAt == "write" {
		w = failing{}
	}
	if old != nil {
		err = merge(w, old, size, solvers, extras)
	} else {
		err = merge(w, nil, 0, solvers, extras)
	}
	if err != nil {
		return "", err
	}
	f.Chmod(mode) // (best effort)
	if err := step("sync", f.Sync); err != nil {
		return "", err
	}
	return f.Name(), f.Close()
}

// failing fails every write (tests: failAt "write").
type failing struct{}

func (failing) Write([]byte) (int, error) { return 0, errors.New("no space left on device (a test)") }

// step runs f, or fails as a test asked (failAt).
func step(name string, f func() error) error {
	if failAt == name {
		return fmt.Errorf("%s failed (a test)", name)
	}
	return f()
}

// resolve returns the file a save writes: path, or the file it links to
// (there or not). An error when it is there and is not a regular file.
func resolve(path string) (string, error) {
	name := path // (what errors say)
	for range 40 {
		st, err := os.Lstat(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return path, nil
		case err != nil:
			return path, err
		case st.Mode()&fs.ModeSymlink == 0:
			return path, regular(name, st)
		}
		to, err := os.Readlink(path)
		if err != nil {
			return path, err
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(path), to)
		}
		path = to
	}
	return path, errors.New("too many symbolic links")
}

// regular fails unless st is a regular file's.
func regular(path string, st fs.FileInfo) error {
	m := st.Mode()
	if m.IsRegular() {
		return nil
	}
	what := "a special file"
	switch {
	case m.IsDir():
		what = "a directory"
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	case m&fs.ModeDevice != 0:
		what = "a device"
	}
	return &CheckpointError{path, " is not a regular file (it is " + what + ")"}
}

// openRegular opens path to read (without waiting, where a named pipe
// would wait for a writer) and returns it with its size: an error when
// it is not a regular file.
func openRegular(path string) (*os.File, int64, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, 0, err
	}
	st, err := f.Stat()
	if err == nil {
		err = regular(path, st)
	}
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, st.Size(), nil
}

// removeStale removes the temporary files of saves of base that did not
// end (killed): under the lock, no save is writing one.
func removeStale(dir, base string) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		mid, ok := strings.CutPrefix(e.Name(), base+".")
		if mid, ok2 := strings.CutSuffix(mid, ".tmp"); ok && ok2 && mid != "" && strings.Trim(mid, "0123456789") == "" && e.Type().IsRegular() {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// unwrapPath is an error of the os package without the path it repeats.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
