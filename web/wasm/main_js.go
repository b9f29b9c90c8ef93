//go:build js && wasm

package main

import (
	"context"
	"syscall/js"
)

// main defines grundyRun(requestJSON), grundyLimits (JSON) and
// grundyReady = true, then waits for calls. A call runs on the worker's thread until it returns: the page
// keeps its own thread free by calling from a Web Worker.
func main() {
	var p player
	js.Global().Set("grundyRun", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return `{"error":{"kind":"request","msg":"grundyRun takes one JSON string","text":"grundyRun takes one JSON string\n"}}`
		}
		return p.handle(context.Background(), args[0].String())
	}))
	js.Global().Set("grundyLimits", limitsJSON())
	js.Global().Set("grundyReady", true)
	select {}
}
