//go:build !linux

package main

// stdoutClosed reports whether the process started with standard output
// closed; only Linux tells (see stdout_linux.go).
func stdoutClosed() bool { return false }
