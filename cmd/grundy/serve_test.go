package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/grundy-lang/grundy/internal/testenv"
	"github.com/grundy-lang/grundy/web"
)

func TestServeUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--help"}, 0, "Usage: grundy serve"},
		{[]string{"--port", "70000"}, 2, "--port must be a port number"},
		{[]string{"--port", "x"}, 2, "invalid value"},
		{[]string{"extra"}, 2, `unexpected argument "extra"`},
		{[]string{"--wasm", ""}, 2, "--wasm needs a directory"},
	} {
		var out, errOut bytes.Buffer
		code := serve(context.Background(), c.args, &out, &errOut, nil)
		if code != c.code || !strings.Contains(out.String()+errOut.String(), c.want) {
			t.Errorf("grundy serve %q: exit %d, %q %q; want %d and %q", c.args, code, out.String(), errOut.String(), c.code, c.want)
		}
	}
}

// TestServePortInUse: a port in use is reported before anything is built.
func TestServePortInUse(t *testing.T) {
	var stderr, errOut bytes.Buffer
	busy := startServe(t, []string{"--wasm", wasmDir(t)}, io.Discard, &stderr)
	port := busy[strings.LastIndex(busy, ":")+1 : len(busy)-1]
	// The second server would build the interpreter: the error comes
	// first.
	code := serve(context.Background(), []string{"--port", port}, io.Discard, &errOut, nil)
	if code != 1 || !strings.Contains(errOut.String(), "cannot listen on 127.0.0.1:"+port) || strings.Contains(errOut.String(), "compiling") {
		t.Errorf("a port in use: exit %d, %q", code, errOut.String())
	}
}

// wasmDir is a directory for grundy serve --wasm: in the long suite
// (package internal/testenv) an empty one, where serve builds the
// interpreter; in the fast suite one with a stand-in for it, served as it
// is (compiling the interpreter for GOOS=js GOARCH=wasm takes half a
// minute of two cores on a fresh clone).
func wasmDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "wasm")
	if testenv.IsLong() {
		return dir
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{web.WasmFile: "\x00asm stand-in", web.WasmExecFile: "// stand-in: globalThis.Go"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// startServe runs grundy serve --port 0 ARGS until the test ends and
// returns the page's address. It skips the test in -short mode.
func startServe(t *testing.T, args []string, stdout, stderr io.Writer) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the WebAssembly interpreter")
	}
	ctx, cancel := context.WithCancel(context.Background())
	urls := make(chan string, 1)
	done := make(chan int, 1)
	go func() {
		done <- serve(ctx, append([]string{"--port", "0"}, args...), stdout, stderr, func(u string) { urls <- u })
	}()
	t.Cleanup(func() {
		select {
		case <-done:
		case <-time.After(time.Minute):
			t.Error("grundy serve did not stop")
		}
	})
	t.Cleanup(cancel) // (first: the cleanups run last to first)
	select {
	case u := <-urls:
		return u
	case code := <-done:
		done <- code
		t.Fatalf("grundy serve stopped with status %d: %s", code, stderr)
	case <-time.After(10 * time.Minute):
		t.Fatalf("grundy serve did not start: %s", stderr)
	}
	return ""
}

// TestServeFiles: the page, the interpreter, the grammar and the examples
// are served (the interpreter a stand-in in the fast suite: wasmDir).
func TestServeFiles(t *testing.T) {
	var stdout, stderr bytes.Buffer
	u := startServe(t, []string{"--wasm", wasmDir(t)}, &stdout, &stderr)
	if !strings.HasPrefix(u, "http://127.0.0.1:") || !strings.Contains(stdout.String(), u) {
		t.Errorf("address %q, stdout %q", u, stdout.String())
	}
	for _, c := range []struct{ path, ctype, has string }{
		{"", "text/html", `id="output"`},
		{"?run=print%201", "text/html", `id="output"`},
		{"app.js", "javascript", "worker.js"},
		{"worker.js", "javascript", "grundyRun"},
		{"grundy.wasm", "application/wasm", "\x00asm"},
		{"wasm_exec.js", "javascript", "globalThis.Go"},
		{"grundy.tmLanguage.json", "application/json", `"scopeName": "source.grundy"`},
		{"examples/index.json", "application/json", `"input": "cutting.in"`},
		{"examples/cutting.game", "", "# cutting.game"},
		{"vendor/viz.js", "javascript", "graphvizVersion"},
	} {
		resp, err := http.Get(u + c.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Type"), c.ctype) || !bytes.Contains(body, []byte(c.has)) {
			t.Errorf("GET /%s: %d %s, %d bytes; want 200 %s with %q", c.path, resp.StatusCode, resp.Header.Get("Content-Type"), len(body), c.ctype, c.has)
		}
	}
	if resp, err := http.Get(u + "examples/nosuch.game"); err != nil || resp.StatusCode != 404 {
		t.Errorf("a missing example: %v %v", resp.StatusCode, err)
	}
}

// chromium returns the path of a Chromium or Chrome, or "".
func chromium() string {
	if p := os.Getenv("CHROME"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// TestServeBrowser drives the playground in headless Chromium: a script
// from the URL, two examples from the menu (their output against their
// .out files), a script typed in the editor whose error is shown with its
// position, the state graph, deep recursion and the Stop button.
//
// Set GRUNDY_SCREENSHOTS=DIR to keep a screenshot of each step. It runs
// in the long suite only (package internal/testenv).
func TestServeBrowser(t *testing.T) {
	testenv.Long(t)
	chrome := chromium()
	if chrome == "" {
		t.Skip("the playground's browser test needs headless Chromium (apt-get install chromium; .ci/run installs it): skipped")
	}
	var stderr bytes.Buffer
	u := startServe(t, nil, io.Discard, &stderr)

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chrome),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 800),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	browser, cancelBrowser := chromedp.NewContext(alloc)
	defer cancelBrowser()
	bctx, cancelTimeout := context.WithTimeout(browser, 5*time.Minute)
	defer cancelTimeout()

	shots := os.Getenv("GRUNDY_SCREENSHOTS")
	shot := func(name string) {
		if shots == "" {
			return
		}
		png, err := chromedp.Run(bctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Errorf("screenshot %s: %v", name, err)
			return
		}
		os.WriteFile(filepath.Join(shots, name+".png"), png, 0o644)
	}
	// runs is how many results the page has shown; wait waits for one
	// more than seen and returns its status and the output's text.
	runs := func() int {
		return evalJS[int](t, bctx, `+(document.getElementById("output").dataset.runs || 0)`)
	}
	wait := func(seen int) (status, text string) {
		t.Helper()
		_, err := chromedp.Run(bctx, chromedp.Poll[bool](fmt.Sprintf(`+(document.getElementById("output").dataset.runs || 0) > %d`, seen), chromedp.WithPollingTimeout(3*time.Minute)))
		if err != nil {
			t.Fatalf("waiting for a run: %v (status line: %s)", err, evalJS[string](t, bctx, `document.getElementById("status").textContent`))
		}
		return evalJS[string](t, bctx, `document.getElementById("output").dataset.status`), evalJS[string](t, bctx, `document.getElementById("output").textContent`)
	}
	// start puts src in the editor and clicks Run, once it is enabled
	// (after Stop, when the new interpreter is ready); it returns runs()
	// from before, for wait.
	start := func(src string) (seen int) {
		t.Helper()
		seen = runs()
		js, _ := json.Marshal(src)
		evalJS[bool](t, bctx, `(() => { const s = document.getElementById("source"); s.value = `+string(js)+`; s.dispatchEvent(new Event("input")); return true })()`)
		if err := chromedp.Do(bctx, chromedp.WaitEnabled(chromedp.ID("run")), chromedp.Click(chromedp.ID("run"))); err != nil {
			t.Fatal(err)
		}
		return seen
	}

	// 0. The page alone: a welcome script, which runs without error.
	if err := chromedp.Do(bctx, chromedp.Navigate(u), chromedp.WaitEnabled(chromedp.ID("run"))); err != nil {
		t.Fatal(err)
	}
	shot("0-start")
	if err := chromedp.Do(bctx, chromedp.Click(chromedp.ID("run"))); err != nil {
		t.Fatal(err)
	}
	if st, text := wait(0); st != "done" || !strings.HasPrefix(text, "[0, 1, 0, 1, 2, 3, 2, 0,") {
		t.Errorf("the welcome script: status %q, output %q", st, text)
	}
	shot("0-welcome-run")

	// 1. The link of the issue.
	if err := chromedp.Do(bctx, chromedp.Navigate(u+"?run=print%20sg(*3%20%2B%20*5)")); err != nil {
		t.Fatal(err)
	}
	if st, text := wait(0); st != "done" || strings.TrimSpace(text) != "6" {
		t.Fatalf("/?run=print sg(*3 + *5): status %q, #output %q; want done and 6", st, text)
	}
	src := evalJS[string](t, bctx, `document.getElementById("source").value`)
	if src != "print sg(*3 + *5)" {
		t.Errorf("the editor holds %q", src)
	}
	// The editor is coloured with the TextMate grammar.
	colours := evalJS[string](t, bctx, `[...document.querySelectorAll("#editor .highlight span[class^=t-]")].map(s => s.className.split(" ").pop() + ":" + s.textContent).join(" ")`)
	for _, want := range []string{"t-keyword-control:print", "t-support-function-builtin:sg", "t-constant-numeric-nimber:*3", "t-keyword-operator-arithmetic:+", "t-constant-numeric-nimber:*5"} {
		if !strings.Contains(colours, want) {
			t.Errorf("highlighting: %q lacks %q", colours, want)
		}
	}
	shot("1-run-url")

	// 2. Two examples from the menu, one with standard input.
	names := evalJS[[]string](t, bctx, `[...document.querySelectorAll("#examples option")].map(o => o.value).filter(v => v)`)
	files, _ := filepath.Glob("../../examples/*.game")
	if len(names) != len(files) || len(names) < 10 {
		t.Errorf("the menu has %d examples, examples/ %d", len(names), len(files))
	}
	for _, name := range []string{"cutting", "explore"} {
		want, err := os.ReadFile("../../examples/" + name + ".out")
		if err != nil {
			t.Fatal(err)
		}
		seen := runs()
		evalJS[bool](t, bctx, fmt.Sprintf(`(() => { const m = document.getElementById("examples"); m.value = %q; m.dispatchEvent(new Event("change")); return true })()`, name))
		st, text := wait(seen)
		if st != "done" || text != string(want) {
			t.Errorf("example %s: status %q, output\n%s\nwant\n%s", name, st, text, want)
		}
		input := evalJS[string](t, bctx, `document.getElementById("input").value`)
		if in, _ := os.ReadFile("../../examples/" + name + ".in"); input != string(in) {
			t.Errorf("example %s: the input box holds %q, want %q", name, input, in)
		}
		shot("2-example-" + name)
	}

	// 3. A script typed in the editor, with a runtime error on line 3.
	seen := runs()
	script := "let xs = [1, 2]\nprint len(xs)\nprint 10 / (len(xs) - 2)\n"
	evalJS[bool](t, bctx, `(() => { const m = document.getElementById("examples"); m.value = ""; m.dispatchEvent(new Event("change")); const s = document.getElementById("source"); s.value = ""; s.dispatchEvent(new Event("input")); return true })()`)
	err := chromedp.Do(bctx, chromedp.SendKeys(chromedp.ID("source"), script), chromedp.Click(chromedp.ID("run")))
	if err != nil {
		t.Fatal(err)
	}
	st, text := wait(seen)
	if st != "error" || !strings.HasPrefix(text, "2\nmain.game:3:10: division by zero") || !strings.Contains(text, "print 10 / (len(xs) - 2)\n             ^") {
		t.Errorf("a runtime error: status %q, output %q", st, text)
	}
	marks := evalJS[string](t, bctx, `[document.querySelector("#output .error a.pos").dataset.line, document.querySelector("#output .error a.pos").dataset.column, document.querySelector("#editor .gutter .err").textContent, [...document.querySelectorAll("#editor .highlight .line")].findIndex(l => l.classList.contains("error-line")) + 1].join(",")`)
	if marks != "3,10,3,3" {
		t.Errorf("error marks (link line, column, gutter, highlighted line): %s; want 3,10,3,3", marks)
	}
	shot("3-error")
	// Clicking the position puts the caret there.
	if err := chromedp.Do(bctx, chromedp.Click(chromedp.CSS("#output .error a.pos"))); err != nil {
		t.Fatal(err)
	}
	caret := evalJS[int](t, bctx, `document.getElementById("source").selectionStart`)
	if want := strings.Index(script, "/ (len"); caret != want {
		t.Errorf("the caret is at %d after clicking the error, want %d (line 3, column 10)", caret, want)
	}

	// 4. A syntax error from a link: nothing runs, the position is shown.
	seen = 0
	if err := chromedp.Do(bctx, chromedp.Navigate(u+"?run="+strings.ReplaceAll("print 1%0Aprint (2 +", " ", "%20"))); err != nil {
		t.Fatal(err)
	}
	if st, text := wait(seen); st != "error" || !strings.HasPrefix(text, "main.game:2:11: ") {
		t.Errorf("a syntax error: status %q, output %q", st, text)
	}

	// 5. The state graph of a position, drawn by Graphviz in the page.
	if err := chromedp.Do(bctx, chromedp.Navigate(u+"?run=game%20sub(n)%20moves%20sub(n%20-%20s)%20for%20s%20in%20%7B1,%202%7D%20if%20s%20%3C=%20n&graph=sub(4)")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(bctx, chromedp.Poll[bool](`+(document.getElementById("graph").dataset.draws || 0) > 0`, chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatal(err)
	}
	graph := evalJS[string](t, bctx, `document.getElementById("graph").dataset.status + ": " + (document.querySelector("#graph svg") ? document.querySelector("#graph svg").textContent : document.getElementById("graph").textContent)`)
	for _, want := range []string{"done: ", "sub(4)", "sub(0)", "sg = 0, P"} {
		if !strings.Contains(graph, want) {
			t.Errorf("the graph of sub(4): %q lacks %q", graph, want)
		}
	}
	shot("5-graph")

	// 6. Deep recursion, which a browser's stack alone would not hold, and
	// the Stop button on a run that would go on for long.
	if st, text := wait(start("def f(n) = if n == 0 then 0 else f(n - 1) + 1\nprint f(50000)")); st != "done" || text != "50000\n" {
		t.Errorf("deep recursion: status %q, output %q", st, text)
	}
	seen = start("print len([x for x in 0 .. 9000000 for y in 0 .. 9000000])")
	if err := chromedp.Do(bctx, chromedp.WaitVisible(chromedp.ID("stop")), chromedp.Click(chromedp.ID("stop"))); err != nil {
		t.Fatal(err)
	}
	if st, text := wait(seen); st != "error" || !strings.Contains(text, "Stopped") {
		t.Errorf("stopped: status %q, output %q", st, text)
	}
	// A new interpreter answers the next run.
	if st, text := wait(start("print 1 + 1")); st != "done" || text != "2\n" {
		t.Errorf("after Stop: status %q, output %q", st, text)
	}

	// 7. A value nested 20000 deep prints (without recursion, yielding as
	// it goes). Comparing sums nested thousands deep, a recursion the
	// interpreter does not yield in, is an error past 500 levels in a
	// browser (it once overflowed the browser's stack, and the page
	// started a new interpreter); the interpreter answers the next run.
	if st, text := wait(start("def nest(n) = if n == 0 then [] else [nest(n - 1)]\nprint len(str(nest(20000)))")); st != "done" || text != "40002\n" {
		t.Errorf("a deep value: status %q, output %q", st, text)
	}
	if st, text := wait(start("game g(x) moves *0\ndef d(x, n) = if n == 0 then x else d(g(x) + g(x + *1), n - 1)\nprint d(*0, 9000) == d(*1, 9000)")); st != "error" || !strings.Contains(text, "sums nested more than 500 deep") {
		t.Errorf("sums nested 9000 deep: status %q, output %q", st, text)
	}
	if st, text := wait(start("print 3 * 3")); st != "done" || text != "9\n" {
		t.Errorf("after sums nested 9000 deep: status %q, output %q", st, text)
	}

	// 8. Share puts the script in the address: opening it runs it again.
	if err := chromedp.Do(bctx, chromedp.Click(chromedp.ID("share"))); err != nil {
		t.Fatal(err)
	}
	link := evalJS[string](t, bctx, `location.href`)
	if !strings.Contains(link, "?run=print%203%20*%203") {
		t.Errorf("the shared link is %s", link)
	}
	if err := chromedp.Do(bctx, chromedp.Navigate(link)); err != nil {
		t.Fatal(err)
	}
	if st, text := wait(0); st != "done" || text != "9\n" {
		t.Errorf("the shared link: status %q, output %q", st, text)
	}
}

// evalJS evaluates a JavaScript expression in the page.
func evalJS[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// TestServeGuard: grundy serve's handler, on a stand-in interpreter,
// answers requests for localhost, 127.0.0.1 and [::1] at its port with
// the security headers, and refuses another name (DNS rebinding) with
// 421; with --host 0.0.0.0 it answers any IP address too, still no name.
func TestServeGuard(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, web.WasmFile), []byte("\x00asm-stand-in"), 0o644)
	os.WriteFile(filepath.Join(dir, web.WasmExecFile), []byte("// stand-in"), 0o644)
	h, err := web.Handler(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, bind := range []string{"127.0.0.1", "0.0.0.0"} {
		srv := httptest.NewUnstartedServer(nil)
		srv.Config = newServer(nil)
		srv.Start()
		srv.Config.Handler = hostGuard(h, srv.Listener.Addr(), bind)
		port := srv.Listener.Addr().(*net.TCPAddr).Port
		for _, c := range []struct {
			host string
			code int
		}{
			{fmt.Sprintf("localhost:%d", port), 200},
			{fmt.Sprintf("127.0.0.1:%d", port), 200},
			{fmt.Sprintf("[::1]:%d", port), 200},
			{fmt.Sprintf("rebind.example:%d", port), 421},
			{fmt.Sprintf("localhost:%d", port+1), 421},
			{fmt.Sprintf("10.1.2.3:%d", port), map[string]int{"127.0.0.1": 421, "0.0.0.0": 200}[bind]},
		} {
			req, _ := http.NewRequest("GET", srv.URL+"/", nil)
			req.Host = c.host
			resp, err := srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != c.code {
				t.Errorf("--host %s, Host %s: status %d, want %d", bind, c.host, resp.StatusCode, c.code)
			}
			if c.code == 200 && (resp.Header.Get("Content-Security-Policy") == "" || resp.Header.Get("X-Frame-Options") != "DENY" || resp.Header.Get("X-Content-Type-Options") != "nosniff" || resp.Header.Get("Referrer-Policy") != "no-referrer") {
				t.Errorf("--host %s, Host %s: the security headers are missing: %v", bind, c.host, resp.Header)
			}
		}
		srv.Close()
	}
}

// TestServeTimeouts: the server ends connections a client leaves idle
// or feeds slowly (each time limit set), and gives a response time enough
// for the largest file.
func TestServeTimeouts(t *testing.T) {
	srv := newServer(http.NotFoundHandler())
	if srv.ReadHeaderTimeout <= 0 || srv.ReadTimeout <= 0 || srv.WriteTimeout <= 0 || srv.IdleTimeout <= 0 {
		t.Errorf("time limits: header %v, read %v, write %v, idle %v; want all set", srv.ReadHeaderTimeout, srv.ReadTimeout, srv.WriteTimeout, srv.IdleTimeout)
	}
	if srv.ReadHeaderTimeout > srv.ReadTimeout || srv.WriteTimeout < 30*time.Second {
		t.Errorf("time limits: header %v above read %v, or write %v too short for the interpreter's file", srv.ReadHeaderTimeout, srv.ReadTimeout, srv.WriteTimeout)
	}
}
