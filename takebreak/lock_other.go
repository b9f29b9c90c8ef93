//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package takebreak

// (No flock here: the lock is a lock file, lock_excl.go; files are opened
// plainly.)
const openFlags = 0

func lockFile(path string) (func(), error) { return lockExcl(path) }

func syncDir(string) {}
