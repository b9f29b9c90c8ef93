package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// runStd runs the command line with the process's standard streams. A
// write error on standard output (a closed descriptor, a pipe whose
// reader has gone, a full disk) is an error: a message on standard error
// and exit status 1, never output lost with exit status 0.
func runStd(args []string) int {
	// With SIGPIPE handled, a write to a pipe whose reader has gone
	// returns EPIPE (a write error) instead of killing the process
	// silently.
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	if isTerminal(os.Stdout) {
		// The REPL and grundy graph need the terminal itself, to tell
		// that it is one.
		return run(args, os.Stdin, os.Stdout, os.Stderr)
	}
	var out io.Writer = os.Stdout
	if stdoutClosed() {
		out = closedWriter{}
	}
	w := &checkedWriter{w: out}
	code := run(args, os.Stdin, w, os.Stderr)
	return finishOutput(code, w.err, os.Stderr)
}

// finishOutput turns a successful run whose output could not all be
// written into a failure. A run that failed already said why (a script
// stops at the print that cannot write).
func finishOutput(code int, err error, stderr io.Writer) int {
	if err == nil || code != 0 {
		return code
	}
	fmt.Fprintf(stderr, "grundy: writing output: %v\n", err)
	return 1
}

// checkedWriter remembers the first error of its writer and returns it
// for every later write.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err != nil {
		c.err = err
	}
	return n, err
}

// closedWriter is standard output when the process started with it
// closed (grundy run x.game >&-): every write fails as it would on the
// closed descriptor.
type closedWriter struct{}

func (closedWriter) Write([]byte) (int, error) {
	return 0, &os.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.EBADF}
}
