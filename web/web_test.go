package web

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/grundy-lang/grundy/editors"
	"github.com/grundy-lang/grundy/internal/testenv"
)

// TestWasmDeps: the interpreter for the browser links the root package
// and nothing of the terminal (readline, pty, the REPL, the command), nor
// this package (the page's files are not the interpreter's).
func TestWasmDeps(t *testing.T) {
	goCmd, err := goTool()
	if err != nil {
		t.Skip(err)
	}
	cmd := exec.Command(goCmd, "list", "-deps", WasmPackage)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	has := func(p string) bool {
		for _, d := range deps {
			if d == p || strings.HasPrefix(d, p+"/") {
				return true
			}
		}
		return false
	}
	if !has("github.com/grundy-lang/grundy") || !has("syscall/js") {
		t.Errorf("%s does not link the root package and syscall/js: %v", WasmPackage, deps)
	}
	for _, p := range []string{"github.com/chzyer/readline", "github.com/creack/pty", "github.com/grundy-lang/grundy/repl", "github.com/grundy-lang/grundy/cmd/grundy", "github.com/grundy-lang/grundy/web", "github.com/chromedp/chromedp"} {
		for _, d := range deps {
			if d == p {
				t.Errorf("the WebAssembly links %s", p)
			}
		}
	}
}

var (
	buildOnce sync.Once
	buildDir  string
	buildErr  error
)

// built builds the interpreter once for the tests of this package. It
// skips the test in -short mode and in the fast suite (package
// internal/testenv): compiling the interpreter for GOOS=js GOARCH=wasm
// takes half a minute of two cores on a fresh clone. (TestHandler serves
// a stand-in; TestWasmDeps checks what the interpreter links.)
func built(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the WebAssembly interpreter")
	}
	testenv.Long(t)
	if _, err := goTool(); err != nil {
		t.Skip(err)
	}
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "grundy-web-test-")
		if buildErr == nil {
			buildErr = Build(context.Background(), buildDir)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return buildDir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

func TestBuild(t *testing.T) {
	dir := built(t)
	wasm, err := os.ReadFile(filepath.Join(dir, WasmFile))
	if err != nil || !bytes.HasPrefix(wasm, []byte("\x00asm")) {
		t.Fatalf("%s is not WebAssembly (%d bytes, %v)", WasmFile, len(wasm), err)
	}
	js, err := os.ReadFile(filepath.Join(dir, WasmExecFile))
	if err != nil || !bytes.Contains(js, []byte("globalThis.Go")) {
		t.Errorf("%s is not Go's wasm_exec.js (%v)", WasmExecFile, err)
	}
	if err := CheckDir(dir); err != nil {
		t.Error(err)
	}
	if err := CheckDir(t.TempDir()); err == nil || !strings.Contains(err.Error(), "has no grundy.wasm") {
		t.Errorf("CheckDir of an empty directory: %v", err)
	}
	t.Logf("%s: %.1f MiB", WasmFile, float64(len(wasm))/(1<<20))
}

// nodeHarness loads the interpreter in Node.js as worker.js does in a
// browser (wasm_exec.js, then main), sends it the requests it reads on
// standard input (a JSON list) and prints the responses (a JSON list).
const nodeHarness = `
const fs = require("fs");
globalThis.fs = fs; // wasm_exec.js writes the Go runtime's messages with it
require(process.argv[2] + "/wasm_exec.js");
(async () => {
  const go = new Go();
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(process.argv[2] + "/grundy.wasm"), go.importObject);
  go.run(instance);
  if (!globalThis.grundyReady) throw new Error("grundyReady is not set");
  const reqs = JSON.parse(fs.readFileSync(0, "utf8"));
  const out = reqs.map((r) => JSON.parse(globalThis.grundyRun(JSON.stringify(r))));
  process.stdout.write(JSON.stringify(out));
  process.exit(0);
})().catch((e) => { console.error(e); process.exit(1); });
`

type nodeResponse struct {
	Output string `json:"output"`
	Error  *struct {
		Kind   string `json:"kind"`
		Line   int    `json:"line"`
		Column int    `json:"column"`
		Msg    string `json:"msg"`
	} `json:"error"`
	Dot string `json:"dot"`
}

// runNode runs Node.js (node) with args until ctx ends, the JSON of
// the list reqs its standard input, and returns the list of as many
// answers it prints as JSON; it fails the test when node fails or prints
// anything else.
func runNode[T, R any](t *testing.T, ctx context.Context, node string, reqs []R, args ...string) []T {
	t.Helper()
	in, _ := json.Marshal(reqs)
	cmd := exec.CommandContext(ctx, node, args...)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var resps []T
	if err := json.Unmarshal(out, &resps); err != nil || len(resps) != len(reqs) {
		t.Fatalf("node printed %q (%v)", out, err)
	}
	return resps
}

// TestWasmInNode runs the built interpreter in Node.js, when it is
// installed: the JavaScript entry point, an error's position, and the two
// things that differ in a browser's single thread: the time limit must
// fire (nothing preempts the run) and deep recursion must not overflow
// the JavaScript engine's stack (internal/engine/poll_js.go).
func TestWasmInNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("Node.js is not installed: the WebAssembly is not run outside a browser")
	}
	dir := built(t)
	harness := filepath.Join(t.TempDir(), "harness.js")
	os.WriteFile(harness, []byte(nodeHarness), 0o644)
	reqs := []map[string]any{
		{"source": "print sg(*3 + *5)"},
		{"source": "print 1\nprint (2 +", "file": "bad.game"},
		{"source": "def f(n) = if n == 0 then 0 else f(n - 1) + 1\nprint f(50000)"},
		{"source": "print len([x for x in 0 .. 9000000 for y in 0 .. 9000000])", "seconds": 1},
		{"source": "game sub(n) moves sub(n - 1) if n > 0", "graph": "sub(2)"},
		{"source": "game g(x) moves *0\ndef d(x, n) = if n == 0 then x else d(g(x) + g(x + *1), n - 1)\nprint d(*0, 9000) == d(*1, 9000)"},
		{"source": "game g(x) moves *0\ndef d(x, n) = if n == 0 then x else d(g(x) + g(x + *1), n - 1)\nprint d(*0, 490) == d(*1, 490), len({d(*0, 490): 1, d(*1, 490): 2})"},
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	resps := runNode[nodeResponse](t, ctx, node, reqs, harness, dir)
	if r := resps[0]; r.Output != "6\n" || r.Error != nil {
		t.Errorf("print sg(*3 + *5): %+v", r)
	}
	if e := resps[1].Error; e == nil || e.Kind != "syntax error" || e.Line != 2 || e.Column != 11 {
		t.Errorf("a syntax error: %+v, want one at 2:11", e)
	}
	if r := resps[2]; r.Output != "50000\n" || r.Error != nil {
		t.Errorf("50000 nested calls: output %q, error %+v", r.Output, r.Error)
	}
	if e := resps[3].Error; e == nil || e.Kind != "limit error" || !strings.Contains(e.Msg, "time limit reached") {
		t.Errorf("a runaway script with a limit of 1s: %+v", e)
	}
	if r := resps[4]; !strings.HasPrefix(r.Dot, "digraph") || !strings.Contains(r.Dot, "sub(0)") {
		t.Errorf("graph: %+v", r)
	}
	// Comparing sums nested deep recurses without yielding: past 500
	// levels an error, not the JavaScript engine's stack overflowing
	// (near 1,400).
	if e := resps[5].Error; e == nil || !strings.Contains(e.Msg, "sums nested more than 500 deep") {
		t.Errorf("sums nested 9000 deep: %+v", e)
	}
	if r := resps[6]; r.Output != "false 2\n" || r.Error != nil {
		t.Errorf("sums nested 490 deep: %+v", r)
	}
}

// TestVendoredViz: viz.js is the file its licence names, unchanged.
func TestVendoredViz(t *testing.T) {
	js, err := static.ReadFile("static/vendor/viz.js")
	if err != nil {
		t.Fatal(err)
	}
	lic, err := static.ReadFile("static/vendor/viz.js.LICENSE")
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(js)
	m := regexp.MustCompile(`sha256\s+([0-9a-f]{64})`).FindSubmatch(lic)
	if m == nil || string(m[1]) != hex.EncodeToString(sum[:]) {
		t.Errorf("viz.js has sha256 %x, its licence file says %s", sum, m)
	}
	for _, want := range []string{"Copyright (c) 2014-2016 Michael Daines", "Permission is hereby granted", "Graphviz", "Eclipse Public License", "Expat"} {
		if !bytes.Contains(lic, []byte(want)) {
			t.Errorf("viz.js.LICENSE lacks %q", want)
		}
	}
	if !bytes.Contains(js, []byte("export { engines, formats, graphvizVersion, instance }")) {
		t.Error("viz.js does not export instance (app.js imports it)")
	}
}

func TestExampleIndex(t *testing.T) {
	data, err := exampleIndex()
	if err != nil {
		t.Fatal(err)
	}
	var list []example
	if err := json.Unmarshal(data, &list); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("../examples/*.game")
	if len(list) != len(files) || len(list) == 0 {
		t.Fatalf("%d examples listed, %d in examples/", len(list), len(files))
	}
	for _, e := range list {
		if e.File != e.Name+".game" || e.Title == "" {
			t.Errorf("%+v: no title, or file is not NAME.game", e)
		}
		_, err := os.Stat(filepath.Join("..", "examples", e.Name+".in"))
		if (err == nil) != (e.Input == e.Name+".in") {
			t.Errorf("%s: input %q, but examples/%s.in exists: %v", e.Name, e.Input, e.Name, err == nil)
		}
	}
}

func TestTitle(t *testing.T) {
	for _, c := range [][3]string{
		{"# cutting.game -- Cutting Game (POJ 2311), judge style.\n#\n# more", "cutting.game", "Cutting Game (POJ 2311), judge style"},
		{"# a.game -- four classic impartial games, checked against the\n# published Sprague-Grundy values.\n", "a.game", "Four classic impartial games, checked against the published…"},
		{"# The Cutting Game on a 6x6 sheet.\nlet x = 1", "g.game", "The Cutting Game on a 6x6 sheet"},
		{"let x = 1\n", "x.game", ""},
		{"# x.game: nim. Two sentences.\n", "x.game", "Nim"},
	} {
		if got := title(c[0], c[1]); got != c[2] {
			t.Errorf("title(%q) = %q, want %q", c[0], got, c[2])
		}
	}
}

// TestHandler: what the playground serves, with a stand-in for the
// built interpreter.
func TestHandler(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, WasmFile), []byte("\x00asm-stand-in"), 0o644)
	os.WriteFile(filepath.Join(dir, WasmExecFile), []byte("// stand-in"), 0o644)
	h, err := Handler(dir)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	for _, c := range []struct {
		path  string
		code  int
		ctype string
		has   string
	}{
		{"/", 200, "text/html", `<pre id="output"`},
		{"/?run=print%201", 200, "text/html", `<script type="module" src="app.js">`},
		{"/style.css", 200, "text/css", ".t-keyword"},
		{"/highlight.js", 200, "javascript", "export function compile"},
		{"/grundy.wasm", 200, "application/wasm", "asm-stand-in"},
		{"/wasm_exec.js", 200, "javascript", "stand-in"},
		{"/grundy.tmLanguage.json", 200, "application/json", "source.grundy"},
		{"/examples/index.json", 200, "application/json", `"file": "nim.game"`},
		{"/examples/snim.in", 200, "", ""},
		{"/examples/snim.out", 404, "", ""},
		{"/vendor/viz.js.LICENSE", 200, "", "Michael Daines"},
		{"/nosuch", 404, "", ""},
	} {
		resp, err := http.Get(srv.URL + c.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.code || !strings.Contains(resp.Header.Get("Content-Type"), c.ctype) || !bytes.Contains(body, []byte(c.has)) {
			t.Errorf("GET %s: %d %q, %.60q; want %d %q with %q", c.path, resp.StatusCode, resp.Header.Get("Content-Type"), body, c.code, c.ctype, c.has)
		}
		if c.code == 200 && resp.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("GET %s: Cache-Control %q", c.path, resp.Header.Get("Cache-Control"))
		}
		for k, v := range map[string]string{
			"Content-Security-Policy": ContentSecurityPolicy,
			"X-Frame-Options":         "DENY",
			"X-Content-Type-Options":  "nosniff",
			"Referrer-Policy":         "no-referrer",
		} {
			if got := resp.Header.Get(k); got != v {
				t.Errorf("GET %s: %s %q, want %q", c.path, k, got, v)
			}
		}
	}
	if _, err := Handler(t.TempDir()); err == nil {
		t.Error("Handler of a directory without the interpreter did not fail")
	}
}

// highlightHarness tokenizes the lines it reads (a JSON list) with
// highlight.js and the grammar, and prints, per line, the tokens that
// have a scope as "scope:text".
const highlightHarness = `
const fs = require("fs");
(async () => {
  const { compile } = await import(process.argv[2]);
  const h = compile(JSON.parse(fs.readFileSync(process.argv[3], "utf8")));
  const lines = JSON.parse(fs.readFileSync(0, "utf8"));
  const out = lines.map((l) => h.tokens(l).filter((t) => t.scope).map((t) => t.scope.replace(/\.grundy$/, "") + ":" + t.text).join(" "));
  if (h.html("\"<b>\"").indexOf("&quot;&lt;b&gt;&quot;") < 0) throw new Error("html does not escape: " + h.html("\"<b>\""));
  process.stdout.write(JSON.stringify(out));
})().catch((e) => { console.error(e); process.exit(1); });
`

// TestHighlighter runs the playground's highlighter (highlight.js) in
// Node.js, when it is installed, with the grammar of package editors.
func TestHighlighter(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("Node.js is not installed")
	}
	dir := t.TempDir()
	js, _ := static.ReadFile("static/highlight.js")
	os.WriteFile(filepath.Join(dir, "highlight.mjs"), js, 0o644)
	os.WriteFile(filepath.Join(dir, "grammar.json"), editors.Grammar, 0o644)
	os.WriteFile(filepath.Join(dir, "harness.js"), []byte(highlightHarness), 0o644)
	cases := []struct{ line, want string }{
		{`print "#1" # a comment`, `keyword.control:print string.quoted.double:"#1" comment.line.number-sign:# a comment`},
		{`print "say \"hi\"", 3`, `keyword.control:print string.quoted.double:"say \"hi\"" punctuation.separator.comma:, constant.numeric.integer:3`},
		{`game cut(w, h) moves cut(w - 1, h) | *3`, `keyword.control.declaration:game entity.name.function:cut punctuation.bracket:( punctuation.separator.comma:, keyword.other.moves:moves punctuation.bracket:( keyword.operator.arithmetic:- constant.numeric.integer:1 punctuation.separator.comma:, punctuation.bracket:) keyword.operator.bitwise:| constant.numeric.nimber:*3`},
		{`print 2 * *3, x*3, (a)*3`, `keyword.control:print constant.numeric.integer:2 keyword.operator.arithmetic:* constant.numeric.nimber:*3 punctuation.separator.comma:, keyword.operator.arithmetic:* constant.numeric.integer:3 punctuation.separator.comma:, punctuation.bracket:( punctuation.bracket:) keyword.operator.arithmetic:* constant.numeric.integer:3`},
		{`print 2 ** 3, 1 << 4 >> 1, a & b ^ c`, `keyword.control:print constant.numeric.integer:2 keyword.operator.arithmetic:** constant.numeric.integer:3 punctuation.separator.comma:, constant.numeric.integer:1 keyword.operator.bitwise:<< constant.numeric.integer:4 keyword.operator.bitwise:>> constant.numeric.integer:1 punctuation.separator.comma:, keyword.operator.bitwise:& keyword.operator.bitwise:^`},
		{`assert x not in xs and s[1:3] != "b"`, `keyword.control:assert keyword.operator.word:not keyword.operator.word:in keyword.operator.word:and punctuation.bracket:[ constant.numeric.integer:1 punctuation.separator.colon:: constant.numeric.integer:3 punctuation.bracket:] keyword.operator.comparison:!= string.quoted.double:"b"`},
		{`print sum([1]), sg(sum of nim(1), *0), moves(x)`, `keyword.control:print support.function.builtin:sum punctuation.bracket:( punctuation.bracket:[ constant.numeric.integer:1 punctuation.bracket:] punctuation.bracket:) punctuation.separator.comma:, support.function.builtin:sg punctuation.bracket:( keyword.other.sum:sum keyword.other.sum:of punctuation.bracket:( constant.numeric.integer:1 punctuation.bracket:) punctuation.separator.comma:, constant.numeric.nimber:*0 punctuation.bracket:) punctuation.separator.comma:, support.function.builtin:moves punctuation.bracket:( punctuation.bracket:)`},
		{`let größe = if true then none else 0 .. 2`, `keyword.control:let keyword.operator.assignment:= keyword.control:if constant.language.boolean:true keyword.control:then constant.language.none:none keyword.control:else constant.numeric.integer:0 keyword.operator.range:.. constant.numeric.integer:2`},
		{`table sg(wythoff(x, y)) for x in 0 .. 5 for y in 0 .. 5`, `keyword.control.table:table support.function.builtin:sg punctuation.bracket:( punctuation.bracket:( punctuation.separator.comma:, punctuation.bracket:) punctuation.bracket:) keyword.control:for keyword.operator.word:in constant.numeric.integer:0 keyword.operator.range:.. constant.numeric.integer:5 keyword.control:for keyword.operator.word:in constant.numeric.integer:0 keyword.operator.range:.. constant.numeric.integer:5`},
	}
	var lines []string
	for _, c := range cases {
		lines = append(lines, c.line)
	}
	got := runNode[string](t, context.Background(), node, lines, filepath.Join(dir, "harness.js"), "file://"+filepath.Join(dir, "highlight.mjs"), filepath.Join(dir, "grammar.json"))
	for i, c := range cases {
		if got[i] != c.want {
			t.Errorf("%s\n got: %s\nwant: %s", c.line, got[i], c.want)
		}
	}
}

// TestContentSecurityPolicy: the policy allows what the page needs (its
// own scripts, WebAssembly compiled from bytes, its stylesheet, the data:
// icon) and nothing from elsewhere: no inline script, no eval, no frame.
func TestContentSecurityPolicy(t *testing.T) {
	directives := map[string]string{}
	for _, d := range strings.Split(ContentSecurityPolicy, ";") {
		name, value, _ := strings.Cut(strings.TrimSpace(d), " ")
		directives[name] = value
	}
	for name, want := range map[string]string{
		"default-src":     "'self'",
		"script-src":      "'self' 'wasm-unsafe-eval'",
		"style-src":       "'self'",
		"img-src":         "'self' data:",
		"object-src":      "'none'",
		"frame-ancestors": "'none'",
	} {
		if directives[name] != want {
			t.Errorf("%s is %q, want %q", name, directives[name], want)
		}
	}
	// The page has no inline script or style for the policy to block.
	page, _ := fs.ReadFile(static, "static/index.html")
	if strings.Contains(string(page), "<script>") || strings.Contains(string(page), "style=") || strings.Contains(string(page), "<style") {
		t.Error("index.html has an inline script or style, which the policy blocks")
	}
}

// TestCheckHost: the playground answers requests addressed to this
// machine by localhost, 127.0.0.1 or [::1] at its port, and refuses any
// other name (DNS rebinding) with 421.
func TestCheckHost(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "page") })
	for _, c := range []struct {
		host  string
		extra []string
		anyIP bool
		code  int
	}{
		{"localhost:8080", nil, false, 200},
		{"LOCALHOST:8080", nil, false, 200},
		{"127.0.0.1:8080", nil, false, 200},
		{"[::1]:8080", nil, false, 200},
		{"evil.example:8080", nil, false, 421},
		{"localhost.evil.example:8080", nil, false, 421},
		{"127.0.0.1.nip.io:8080", nil, false, 421},
		{"localhost:9090", nil, false, 421},
		{"localhost", nil, false, 421},
		{"", nil, false, 421},
		{"192.168.1.5:8080", nil, false, 421},
		{"192.168.1.5:8080", []string{"192.168.1.5"}, false, 200},
		{"192.168.1.5:8080", nil, true, 200},
		{"evil.example:8080", nil, true, 421},
		{"myhost:8080", []string{"myhost"}, false, 200},
	} {
		h := CheckHost(ok, "8080", c.extra, c.anyIP)
		r := httptest.NewRequest("GET", "/", nil)
		r.Host = c.host
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != c.code {
			t.Errorf("Host %q (extra %q, any IP %v): %d %q, want %d", c.host, c.extra, c.anyIP, w.Code, w.Body.String(), c.code)
		}
		if c.code == 421 && !strings.Contains(w.Body.String(), "DNS rebinding") {
			t.Errorf("Host %q: refused with %q, which does not say why", c.host, w.Body.String())
		}
	}
	// Port 80 may be left out of the Host header.
	r := httptest.NewRequest("GET", "/", nil)
	r.Host = "localhost"
	w := httptest.NewRecorder()
	CheckHost(ok, "80", nil, false).ServeHTTP(w, r)
	if w.Code != 200 {
		t.Errorf("Host localhost on port 80: %d", w.Code)
	}
}
