//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package takebreak

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
	"time"
)

// openFlags opens a checkpoint without waiting for a writer when it is a
// named pipe (it is then refused: not a regular file).
const openFlags = syscall.O_NONBLOCK

// lockFile takes the lock of checkpoint file path, waiting for another
// run's (at most lockWait), and returns what releases it. The lock is an
// flock of the file itself (made empty when there is none: an empty file
// holds no values), so that it is also another process's, and another
// goroutine's, each opening the file; since a save replaces the file,
// a lock taken on a file that was replaced meanwhile is taken again on
// the new one. A file made for the lock and left empty (a save that
// failed) is removed with it.
func lockFile(path string) (unlock func(), err error) {
	deadline := time.Now().Add(lockWait)
	for {
		made := true
		f, err := os.OpenFile(path, os.O_RDONLY|os.O_CREATE|os.O_EXCL|openFlags, 0o644)
		if errors.Is(err, fs.ErrExist) {
			made = false
			f, err = os.OpenFile(path, os.O_RDONLY|openFlags, 0)
			if errors.Is(err, fs.ErrNotExist) {
				continue // (removed meanwhile)
			}
		}
		if err != nil {
			return nil, err
		}
		st, err := f.Stat()
		if err == nil {
			err = regular(path, st)
		}
		if err == nil {
			err = flock(f, deadline, path)
		}
		if err != nil {
			f.Close()
			return nil, err
		}
		if now, err := os.Stat(path); err == nil && os.SameFile(now, st) {
			return func() {
				if now, err := os.Stat(path); made && err == nil && os.SameFile(now, st) && now.Size() == 0 {
					os.Remove(path)
				}
				syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
				f.Close()
			}, nil
		}
		f.Close() // (replaced or removed meanwhile: lock the file there now)
	}
}

// flock takes f's exclusive lock, waiting until deadline at most.
func flock(f *os.File, deadline time.Time, path string) error {
	wait := time.Millisecond
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case err == syscall.EINTR:
			continue
		case err != syscall.EWOULDBLOCK && err != syscall.EAGAIN:
			return err
		case time.Now().After(deadline):
			return &CheckpointError{path, " is locked by another run, which has held the lock for " + lockWait.String() + " while saving or reading it"}
		}
		time.Sleep(wait)
		wait = min(2*wait, 100*time.Millisecond)
	}
}

// syncDir syncs directory dir (a rename in it is then on the disk).
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
