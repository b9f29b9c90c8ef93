// Command wasm is the grundy interpreter of the playground: package web
// builds it with GOOS=js GOARCH=wasm into grundy.wasm, which the page's
// worker (web/static/worker.js) loads. It defines one JavaScript function,
//
//	grundyRun(requestJSON) -> responseJSON
//
// that runs a script through the root package's public API, as grundy run
// would: a request (see request) gives the source, its standard input and
// optionally a game whose state graph to draw; the response (see
// response) has the output, the error with its position, and the graph as
// DOT text. main_js.go is the JavaScript glue; this file is portable, so
// that its tests run natively.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/grundy-lang/grundy"
)

// limits bound each call as the command line's defaults do (positions,
// steps, depth), except two that a browser needs tighter: the time, which
// the command line leaves unbounded for Ctrl-C to end (the page has a Stop
// button too), and the memory, since a WebAssembly page holds 4 GiB at
// most and a tab that runs out is killed, not told.
var limits = grundy.Limits{Timeout: 30 * time.Second, MaxMemory: 1 << 30}

// request is what the page asks for. (The plot view, when it comes, adds
// its expression here and its tab in static/index.html.)
type request struct {
	File   string `json:"file"`   // the name errors show; default main.game
	Source string `json:"source"` // the script
	Input  string `json:"input"`  // what ints() reads; empty: no standard input
	Graph  string `json:"graph"`  // an expression: the game whose state graph to draw, or the DOT text of graph(G, LIMIT); empty: none
	// Seconds, when above 0 and below the time limit, is the time limit
	// of this request's calls instead.
	Seconds float64 `json:"seconds"`
}

// response is the answer to a request.
type response struct {
	Output     string     `json:"output"`               // what the script printed (before its error, if any)
	Error      *errorInfo `json:"error,omitempty"`      // the script's error
	Reused     bool       `json:"reused,omitempty"`     // the script was not run again: same source and input as the last request
	Dot        string     `json:"dot,omitempty"`        // the state graph, as DOT text
	GraphError *errorInfo `json:"graphError,omitempty"` // why there is no graph
	Millis     int64      `json:"millis"`               // the time taken
	Limits     limitInfo  `json:"limits"`
}

// errorInfo is an error of grundy code, or of the request.
type errorInfo struct {
	Kind   string `json:"kind"` // syntax error, resolve error, runtime error, limit error, canceled, or request
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"` // from 1; 0 without a position
	Column int    `json:"column,omitempty"`
	Msg    string `json:"msg"`  // one sentence, without the position
	Text   string `json:"text"` // as the grundy command prints it: FILE:LINE:COL: MSG, the source line, a caret, the call sites
}

// limitInfo tells the page the limits in force.
type limitInfo struct {
	States   int64   `json:"states"`
	Steps    int64   `json:"steps"`
	MemoryMB int64   `json:"memoryMiB"`
	Seconds  float64 `json:"seconds"`
}

// player runs requests, keeping the interpreter of the last script so
// that drawing a graph of it does not run it again.
type player struct {
	in  *grundy.Interpreter
	key string // file, source and input of in
	ok  bool   // in's script parsed and resolved (its names exist)
	// err is the syntax or resolve error of in's script when !ok.
	err *errorInfo
}

// handle answers one request (JSON in, JSON out).
func (p *player) handle(ctx context.Context, reqJSON string) string {
	var req request
	var resp response
	start := time.Now()
	if err := json.Unmarshal([]byte(reqJSON), &req); err != nil {
		resp.Error = &errorInfo{Kind: "request", Msg: "bad request: " + err.Error(), Text: "bad request: " + err.Error() + "\n"}
	} else {
		resp = p.run(ctx, req)
	}
	resp.Millis = time.Since(start).Milliseconds()
	resp.Limits = currentLimits()
	out, _ := json.Marshal(resp)
	return string(out)
}

// currentLimits describes limits (the defaults of grundy.Limits where it
// has zeros).
func currentLimits() limitInfo {
	return limitInfo{States: 20_000_000, Steps: 10_000_000_000, MemoryMB: limits.MaxMemory >> 20, Seconds: limits.Timeout.Seconds()}
}

// limitsJSON is currentLimits as JSON, for the page before its first run.
func limitsJSON() string {
	out, _ := json.Marshal(currentLimits())
	return string(out)
}

func (p *player) run(ctx context.Context, req request) response {
	var resp response
	if req.File == "" {
		req.File = "main.game"
	}
	key := req.File + "\x00" + req.Source + "\x00" + req.Input
	if p.in != nil && req.Graph != "" && key == p.key {
		resp.Reused = true
	} else {
		var out bytes.Buffer
		cfg := grundy.Config{Stdout: &out, Limits: limits}
		if d := time.Duration(req.Seconds * float64(time.Second)); d > 0 && d < limits.Timeout {
			cfg.Limits.Timeout = d
		}
		if req.Input != "" {
			cfg.Stdin = strings.NewReader(req.Input)
		}
		p.in, p.key = grundy.New(cfg), key
		err := p.in.Load(ctx, req.File, req.Source)
		resp.Output = out.String()
		resp.Error = info(err)
		p.ok = err == nil || resp.Error.Kind != grundy.SyntaxError.String() && resp.Error.Kind != grundy.ResolveError.String()
		p.err = nil
		if !p.ok {
			p.err = resp.Error
		}
	}
	if req.Graph != "" {
		if !p.ok {
			resp.GraphError = notDrawn(p.err)
		} else {
			resp.Dot, resp.GraphError = p.graph(ctx, req.Graph)
		}
	}
	return resp
}

// notDrawn is the graph's error for a script whose error e (a syntax or
// resolve error) stopped it before it declared its games: it says so,
// then shows e as the script's error shows it (position, line, caret).
func notDrawn(e *errorInfo) *errorInfo {
	what := "it does not parse"
	if e.Kind == grundy.ResolveError.String() {
		what = "its names do not resolve"
	}
	lead := "the script's games cannot be drawn: " + what
	return &errorInfo{Kind: e.Kind, File: e.File, Line: e.Line, Column: e.Column, Msg: lead + ": " + e.Msg, Text: lead + ":\n" + e.Text}
}

// graph returns the state graph of the game expr, as DOT text; expr may
// also be a call graph(G, LIMIT) (as for grundy graph). The DOT text is
// always the engine's (Interpreter.Graph): text a script wrote is never
// drawn, since a shared link's script could otherwise put links of its
// own (javascript: URLs) into the page.
func (p *player) graph(ctx context.Context, expr string) (string, *errorInfo) {
	v, err := p.in.Eval(ctx, expr)
	if err != nil {
		return "", info(err)
	}
	if _, ok := v.Str(); !ok && !v.IsGame() {
		msg := "the graph needs a game, such as sub(8) or cut(4, 2) + *1, but " + clip(v.Repr(), 40) + " is not one"
		return "", &errorInfo{Kind: "request", Msg: msg, Text: msg + "\n"}
	}
	// The expression is evaluated once more; its value is memoized by
	// then, and any error is the graph's own (a limit, or a string that
	// is not the value of graph(G, LIMIT)).
	d, err := p.in.Graph(ctx, "<eval>", expr)
	if err != nil {
		return "", info(err)
	}
	return d, nil
}

// info converts an error of the interpreter.
func info(err error) *errorInfo {
	if err == nil {
		return nil
	}
	var e *grundy.Error
	if !errors.As(err, &e) {
		return &errorInfo{Kind: "runtime error", Msg: err.Error(), Text: err.Error() + "\n"}
	}
	return &errorInfo{Kind: e.Kind.String(), File: e.File, Line: e.Line, Column: e.Column, Msg: e.Msg, Text: grundy.Explain(err)}
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
