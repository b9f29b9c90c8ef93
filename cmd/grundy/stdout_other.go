//go:build !linux

package main

import (
	"context"
	"io"
)

// stdoutClosed reports whether the process started with standard output
// closed; only Linux tells (see stdout_linux.go).
func stdoutClosed() bool { return false }

// watchOutput returns ctx: only Linux tells when the reader of a pipe
// has gone before it is written (see stdout_linux.go).
func watchOutput(ctx context.Context, out io.Writer) (context.Context, func() error) {
	return ctx, func() error { return nil }
}
