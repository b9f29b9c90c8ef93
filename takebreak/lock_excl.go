package takebreak

import (
	"errors"
	"io/fs"
	"os"
	"time"
)

// lockExcl takes the lock of checkpoint file path where there is no
// flock (lock_other.go; tested everywhere): the lock file path.lock,
// made with O_EXCL (only one run makes it) and removed when the lock is
// released. A run waits for another's at most lockWait; a lock file
// left by a run that was killed then has to be removed by hand, as the
// error says.
func lockExcl(path string) (unlock func(), err error) {
	name := path + ".lock"
	deadline := time.Now().Add(lockWait)
	wait := time.Millisecond
	for {
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			f.Close()
			return func() { os.Remove(name) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		if time.Now().After(deadline) {
			return nil, &CheckpointError{path, " is locked by another run, which has held it for " + lockWait.String() + " (" + name + " exists): remove " + name + " if no run is using the checkpoint"}
		}
		time.Sleep(wait)
		wait = min(2*wait, 100*time.Millisecond)
	}
}
