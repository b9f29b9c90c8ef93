//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package main

import (
	"errors"
	"os"
	"syscall"
)

// lockOut takes the lock of the file f that grundy table -o writes (an
// flock), and returns what releases it: another run writing the same
// file holds it, and the run fails at once rather than wait.
func lockOut(f *os.File) (func(), error) {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return func() { syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }, nil
		case err == syscall.EINTR:
			continue
		case err == syscall.EWOULDBLOCK || err == syscall.EAGAIN:
			return nil, errors.New("another grundy table is writing it")
		}
		return nil, err
	}
}
