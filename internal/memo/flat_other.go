//go:build !linux

package memo

// Elsewhere the states live in the pages only (see flat_linux.go).

func mapFlat(n int) []int32 { return nil }

func unmapFlat(f []int32) {}

func clearFlat(f []int32) {}

func adviseHugeFlat(f []int32) bool { return false }

func adviseSmallFlat(f []int32) {}
