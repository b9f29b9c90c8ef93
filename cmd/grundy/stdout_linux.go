package main

import (
	"context"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"
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

// watchOutput watches out while a command computes what it will write
// there only at the end (a text table, which must know every row to align
// its columns): when out is standard output and a pipe, and the pipe's
// reader goes away (grundy table ... | head -1 stops reading before the
// table is written), the context it returns is cancelled, so that the
// computation stops at once rather than running to its end (or to a
// limit) to find out. gone then returns the error the write would have
// had, and stops the watch; it returns nil while the reader is there.
func watchOutput(ctx context.Context, out io.Writer) (context.Context, func() error) {
	if c, ok := out.(*checkedWriter); ok {
		out = c.w
	}
	f, ok := out.(*os.File)
	if !ok {
		return ctx, func() error { return nil }
	}
	if fi, err := f.Stat(); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		return ctx, func() error { return nil }
	}
	fd := int(f.Fd())
	ctx, cancel := context.WithCancel(ctx)
	var readerGone atomic.Bool
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			default:
			}
			if pipeReaderGone(fd, 100*time.Millisecond) {
				readerGone.Store(true)
				cancel()
				return
			}
		}
	}()
	var once sync.Once
	return ctx, func() error {
		once.Do(func() {
			close(done)
			cancel()
		})
		if readerGone.Load() {
			return &os.PathError{Op: "write", Path: f.Name(), Err: syscall.EPIPE}
		}
		return nil
	}
}

// pipeReaderGone waits up to wait for the pipe fd is the writing end of
// to have no reader left (the system reports an error condition on it
// then), and reports whether it has none.
func pipeReaderGone(fd int, wait time.Duration) bool {
	type pollFd struct {
		fd             int32
		events, revent int16
	}
	const pollErr = 0x8
	pfd := pollFd{fd: int32(fd)} // no events asked: errors are always reported
	ts := syscall.NsecToTimespec(int64(wait))
	n, _, errno := syscall.Syscall6(syscall.SYS_PPOLL, uintptr(unsafe.Pointer(&pfd)), 1, uintptr(unsafe.Pointer(&ts)), 0, 0, 0)
	if errno != 0 {
		if errno != syscall.EINTR {
			time.Sleep(wait) // (cannot tell: as if the reader were there)
		}
		return false
	}
	return n == 1 && pfd.revent&pollErr != 0
}
