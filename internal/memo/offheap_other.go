//go:build !linux

package memo

import "os"

var pageSize = os.Getpagesize()

// Elsewhere the arrays stay in the Go heap (see offheap_linux.go).

func remapOff(old []byte, n int) []byte { return nil }

func unmapOff(b []byte) {}
