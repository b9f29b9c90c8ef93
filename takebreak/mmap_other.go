//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package takebreak

import (
	"errors"
	"os"
)

// (No memory mapping here: tables stay in the heap.)
const canMap = false

func mapFile(*os.File, int64) ([]byte, error) { return nil, errors.New("no memory mapping") }

func unmap([]byte) {}
