//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// main explains how this command is built: it runs in a browser only.
func main() {
	fmt.Fprintln(os.Stderr, "this is the playground's interpreter: build it with GOOS=js GOARCH=wasm (grundy serve does), and run grundy serve")
	os.Exit(2)
}
