// Package web is grundy's playground: a page where a visitor edits a
// script, runs it in the browser, reads its output and errors, draws the
// state graph of a position, and opens any script of examples/. grundy
// serve serves it (Serve); the page itself is static (static/), and the
// interpreter runs in the browser, compiled to WebAssembly, in a Web Worker
// so that the page stays responsive and the Stop button can end a run.
//
// # What is served
//
//	/                          static/index.html, and static/*: the page, its style,
//	                           app.js (the page), worker.js (runs the interpreter),
//	                           highlight.js (reads the TextMate grammar to colour the editor)
//	/vendor/viz.js             Graphviz for the browser (npm @viz-js/viz, vendored)
//	/grundy.wasm               the interpreter: package web/wasm built for js/wasm
//	/wasm_exec.js              Go's JavaScript support for it, from the same Go
//	/grundy.tmLanguage.json    the grammar of package editors
//	/examples/index.json       the examples: name, script, input
//	/examples/NAME.game, .in   package examples
//	/?run=SCRIPT               the page, which loads SCRIPT (URL-encoded) and runs it;
//	                           also &input=TEXT and &graph=EXPR; /?example=NAME opens one
//
// # How the WebAssembly is built, and why so
//
// grundy serve compiles web/wasm when it starts (Build: go build with
// GOOS=js GOARCH=wasm, into a temporary directory), with the Go toolchain
// and the module source it runs from, and serves the result; nothing
// generated is committed. The first build takes up to a minute, later
// ones a second or two (Go's build cache). The choice: the interpreter in
// the browser is always the one in the source tree, the same code as the
// command line's; no binary of many megabytes enters the repository at
// every change of the interpreter, no merge conflicts on it, and no test
// fails because someone forgot to regenerate it. The cost is that grundy serve needs Go and the
// source (go run ./cmd/grundy serve in a clone has both); a binary
// installed elsewhere serves a directory built beforehand with --wasm DIR
// (Build writes it; see grundy serve --help). wasm_exec.js comes from the
// same Go installation as the compiler, as it must.
//
// The build links the root package, eval, lang and stdlib, never repl or
// cmd/grundy: the readline and pty libraries are not in the WebAssembly
// (a test checks), and eval's flat tables fall back to the paged ones
// (flat_other.go). In the browser the limit checks also yield to the Go
// scheduler (internal/engine/poll_js.go), so that the time limit fires and deep
// recursion does not overflow the browser's stack.
//
// # Security
//
// Every response carries a Content-Security-Policy (ContentSecurityPolicy:
// the page's own scripts and styles only, WebAssembly compiled from bytes
// with 'wasm-unsafe-eval', which both the interpreter and Graphviz need;
// the browser test fails without it), X-Frame-Options: DENY,
// X-Content-Type-Options: nosniff and Referrer-Policy: no-referrer.
// CheckHost refuses a request whose Host header is not this machine's
// (localhost, 127.0.0.1, [::1], with the port) with 421, so that a site
// whose name an attacker points at 127.0.0.1 (DNS rebinding) cannot
// read the playground; grundy serve wraps Handler in it.
//
// # Graphviz
//
// static/vendor/viz.js is the built single file of the npm package
// @viz-js/viz (Graphviz compiled to WebAssembly), unchanged, with its
// licence beside it (viz.js.LICENSE, which records the version and the
// file's sha256; a test checks the file against it). It is vendored, not
// installed by a build step, so that a clone with Go alone serves the
// whole page: no npm at build time. It is loaded only when a graph is
// drawn. To update it: npm pack @viz-js/viz@VERSION, copy
// package/dist/viz.js here, and update the version and sha256 in the
// licence file.
//
// # Tests
//
// The tests build the WebAssembly, run it under Node.js when it is
// installed (a script's output, an error's position, the time limit and
// deep recursion), and cmd/grundy's browser test drives the page in
// headless Chromium (skipped when Chromium is not installed; .ci/run
// installs it).
package web
