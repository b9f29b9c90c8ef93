package main

import (
	"fmt"
	"io"
)

// graphCmd runs grundy graph FILE 'EXPR' [--format dot|svg|png].
func graphCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "grundy: graph is not implemented yet")
	return 2
}
