package web

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"

	"github.com/grundy-lang/grundy/editors"
	"github.com/grundy-lang/grundy/examples"
)

//go:embed static
var static embed.FS

// WasmPackage is the import path of the interpreter that Build compiles.
const WasmPackage = "github.com/grundy-lang/grundy/web/wasm"

// The files Build writes into its directory.
const (
	WasmFile     = "grundy.wasm"
	WasmExecFile = "wasm_exec.js"
)

// Build compiles the playground's interpreter (WasmPackage) for js/wasm
// into dir/grundy.wasm and copies the matching dir/wasm_exec.js from the
// Go installation that compiled it. It runs the go command found in PATH
// (or in $GOROOT/bin) in the module's source directory: the one this
// package was compiled from when it is still there, else the current
// directory. Its error says what to do when Go or the source is missing.
func Build(ctx context.Context, dir string) error {
	goCmd, err := goTool()
	if err != nil {
		return err
	}
	src := moduleDir()
	out := filepath.Join(dir, WasmFile)
	cmd := exec.CommandContext(ctx, goCmd, "build", "-trimpath", "-ldflags=-s -w", "-o", out, WasmPackage)
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return fmt.Errorf("building the playground's interpreter (go build %s in %s, GOOS=js GOARCH=wasm) failed: %s; run grundy serve in a clone of grundy's source, or give it a directory built beforehand with --wasm", WasmPackage, src, msg)
	}
	root, err := exec.CommandContext(ctx, goCmd, "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %v", err)
	}
	goroot := strings.TrimSpace(string(root))
	var js []byte
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} { // Go 1.24 moved it to lib
		if js, err = os.ReadFile(filepath.Join(goroot, p)); err == nil {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("the Go installation at %s has no lib/wasm/wasm_exec.js: %v", goroot, err)
	}
	return os.WriteFile(filepath.Join(dir, WasmExecFile), js, 0o644)
}

// goTool finds the go command.
func goTool() (string, error) {
	if p, err := exec.LookPath("go"); err == nil {
		return p, nil
	}
	if r := os.Getenv("GOROOT"); r != "" {
		p := filepath.Join(r, "bin", "go")
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", errors.New("the playground's interpreter is compiled from grundy's source with the Go toolchain, and the go command is not installed (https://go.dev/dl); or give grundy serve a directory built beforehand with --wasm")
}

// moduleDir returns the directory of grundy's go.mod when this file's
// source is still where it was compiled (not with -trimpath), else "" (the
// current directory).
func moduleDir() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return ""
	}
	dir := filepath.Dir(filepath.Dir(file))
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil || !bytes.Contains(mod, []byte("module github.com/grundy-lang/grundy\n")) {
		return ""
	}
	return dir
}

// CheckDir reports whether dir holds what Build writes.
func CheckDir(dir string) error {
	for _, f := range []string{WasmFile, WasmExecFile} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			return fmt.Errorf("%s has no %s", dir, f)
		}
	}
	return nil
}

// An example is an entry of /examples/index.json.
type example struct {
	Name  string `json:"name"`            // the file name without .game
	File  string `json:"file"`            // NAME.game
	Input string `json:"input,omitempty"` // NAME.in, when the example reads standard input
	Title string `json:"title"`           // the first line of its leading comment
}

// exampleIndex lists the examples, sorted by name.
func exampleIndex() ([]byte, error) {
	names, err := fs.Glob(examples.FS, "*.game")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var list []example
	for _, f := range names {
		name := strings.TrimSuffix(f, ".game")
		e := example{Name: name, File: f}
		if _, err := fs.Stat(examples.FS, name+".in"); err == nil {
			e.Input = name + ".in"
		}
		src, _ := fs.ReadFile(examples.FS, f)
		e.Title = title(string(src), f)
		list = append(list, e)
	}
	return json.MarshalIndent(list, "", "  ")
}

// title is the first sentence of an example's leading comment, without
// its file name: "# cutting.game -- Cutting Game (POJ 2311), judge
// style." gives "Cutting Game (POJ 2311), judge style", cut to about 64
// characters.
func title(src, file string) string {
	var words []string
	for _, line := range strings.Split(src, "\n") {
		t, ok := strings.CutPrefix(strings.TrimSpace(line), "#")
		t = strings.TrimSpace(t)
		if !ok || t == "" {
			break
		}
		words = append(words, strings.Fields(t)...)
	}
	if len(words) > 0 && strings.TrimRight(words[0], ":") == file {
		words = words[1:]
		if len(words) > 0 && strings.Trim(words[0], "-—:") == "" {
			words = words[1:]
		}
	}
	var b strings.Builder
	cut := false
	for _, w := range words {
		if b.Len()+len(w) > 64 {
			cut = true
			break
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w)
		if strings.HasSuffix(w, ".") {
			break
		}
	}
	t := strings.TrimSuffix(b.String(), ".")
	if cut {
		t = strings.TrimRight(t, ",;:") + "…"
	}
	if r := []rune(t); len(r) > 0 {
		t = strings.ToUpper(string(r[0])) + string(r[1:])
	}
	return t
}

// Handler serves the playground, with the interpreter that Build wrote
// into dir.
func Handler(dir string) (http.Handler, error) {
	if err := CheckDir(dir); err != nil {
		return nil, err
	}
	index, err := exampleIndex()
	if err != nil {
		return nil, err
	}
	page, _ := fs.Sub(static, "static")
	mux := http.NewServeMux()
	files := http.FileServerFS(page)
	mux.Handle("GET /", files)
	for _, f := range []string{WasmFile, WasmExecFile} {
		file := filepath.Join(dir, f)
		mux.HandleFunc("GET /"+f, func(w http.ResponseWriter, r *http.Request) { http.ServeFile(w, r, file) })
	}
	mux.HandleFunc("GET /grundy.tmLanguage.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(editors.Grammar)
	})
	mux.HandleFunc("GET /examples/index.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(index)
	})
	mux.Handle("GET /examples/", http.StripPrefix("/examples/", http.FileServerFS(examples.FS)))
	return secure(mux), nil
}

// ContentSecurityPolicy is the policy of every response: the page runs
// its own scripts only (app.js, worker.js, highlight.js, wasm_exec.js,
// vendor/viz.js; no inline script, no eval), and compiles WebAssembly
// ('wasm-unsafe-eval': the interpreter, which app.js compiles and the
// worker instantiates, and Graphviz, which viz.js instantiates from bytes
// it holds); its styles are style.css; its only image is the empty icon
// of a data: URL; it fetches from its own server only; no page may frame
// it.
const ContentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// secure adds the headers of every response: the security policy, no
// framing, no guessing of content types, no referrer, and no caching (the
// browser asks again for every file: after a rebuild the page must not
// mix old and new files).
func secure(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", ContentSecurityPolicy)
		hd.Set("X-Frame-Options", "DENY")
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Referrer-Policy", "no-referrer")
		hd.Set("Cache-Control", "no-cache")
		if path.Ext(r.URL.Path) == ".wasm" {
			hd.Set("Content-Type", "application/wasm")
		}
		h.ServeHTTP(w, r)
	})
}

// LocalHosts are the names of this machine that a request to the
// playground may be addressed to (its Host header, without the port).
var LocalHosts = []string{"localhost", "127.0.0.1", "::1"}

// CheckHost wraps h so that it answers only requests whose Host header
// is one of LocalHosts or extra (names or IP addresses), with port (or
// without a port when port is 80), or, when anyIP is true (a server that
// listens on every address), any IP address with port. Any other request
// is refused with 421 Misdirected Request: a web page of another site
// whose name was made to resolve to this machine (DNS rebinding) sends
// its own name, and so cannot reach the playground.
func CheckHost(h http.Handler, port string, extra []string, anyIP bool) http.Handler {
	names := append(slices.Clone(LocalHosts), extra...)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !hostAllowed(r.Host, port, names, anyIP) {
			msg := fmt.Sprintf("grundy serve answers requests for localhost:%s, 127.0.0.1:%s or [::1]:%s only, not for %q (a guard against DNS rebinding)\n", port, port, port, r.Host)
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Header().Set("X-Content-Type-Options", "nosniff")
			w.WriteHeader(http.StatusMisdirectedRequest)
			io.WriteString(w, msg)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// hostAllowed reports whether the Host header host names one of names
// (or any IP address, with anyIP) with port.
func hostAllowed(host, port string, names []string, anyIP bool) bool {
	name, p, err := net.SplitHostPort(host)
	if err != nil {
		// No port: the default port of http.
		name, p = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"), "80"
	}
	if p != port {
		return false
	}
	name = strings.ToLower(strings.TrimSuffix(name, "."))
	ip := net.ParseIP(name)
	for _, n := range names {
		if n == name || ip != nil && ip.Equal(net.ParseIP(n)) {
			return true
		}
	}
	return anyIP && ip != nil
}
