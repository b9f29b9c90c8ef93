package main

import (
	"os"
	"syscall"
)

// stdoutClosed reports whether the process started with standard output
// closed. The Go runtime opens /dev/null read-write in place of a closed
// standard descriptor before main runs, so writes would vanish: a shell
// redirection to /dev/null opens it write-only, so /dev/null open
// read-write on descriptor 1 is taken as that stand-in (1<>/dev/null,
// which nobody writes, is the one false alarm).
func stdoutClosed() bool {
	fi, err := os.Stdout.Stat()
	if err != nil {
		return false
	}
	null, err := os.Stat(os.DevNull)
	if err != nil || !os.SameFile(fi, null) {
		return false
	}
	fl, _, errno := syscall.Syscall(syscall.SYS_FCNTL, 1, syscall.F_GETFL, 0)
	return errno == 0 && fl&syscall.O_ACCMODE == syscall.O_RDWR
}
