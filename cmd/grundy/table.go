package main

import (
	"fmt"
	"io"
)

// tableCmd runs grundy table FILE 'EXPR for n in A .. B' [--format F].
func tableCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "grundy: table is not implemented yet")
	return 2
}
