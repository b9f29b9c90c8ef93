package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func ask(t *testing.T, p *player, req request) response {
	t.Helper()
	in, _ := json.Marshal(req)
	var resp response
	if err := json.Unmarshal([]byte(p.handle(context.Background(), string(in))), &resp); err != nil {
		t.Fatalf("the response is not JSON: %v", err)
	}
	return resp
}

func TestRunOutput(t *testing.T) {
	var p player
	r := ask(t, &p, request{Source: "print sg(*3 + *5)\nprint outcome(nim(0))"})
	if r.Output != "6\nP\n" || r.Error != nil {
		t.Errorf("output %q, error %+v; want \"6\\nP\\n\" and none", r.Output, r.Error)
	}
	if r.Limits.States != 20_000_000 || r.Limits.Seconds != limits.Timeout.Seconds() || r.Limits.MemoryMB != 1024 {
		t.Errorf("limits %+v", r.Limits)
	}
	var l limitInfo
	if err := json.Unmarshal([]byte(limitsJSON()), &l); err != nil || l != r.Limits {
		t.Errorf("limitsJSON() %s, a response's limits %+v", limitsJSON(), r.Limits)
	}
}

func TestRunErrors(t *testing.T) {
	var p player
	for _, c := range []struct {
		src, file, kind string
		line, col       int
		msg, out        string
	}{
		{"print 1\nprint (2 +", "a.game", "syntax error", 2, 11, "", ""},
		{"print 1\nprint nosuch(2)", "main.game", "resolve error", 2, 7, "nosuch", ""},
		{"print 1\nlet xs = [1, 2]\nprint 10 / (len(xs) - 2)", "main.game", "runtime error", 3, 10, "division by zero", "1\n"},
		{"def f(n) = if n == 0 then 0 else f(n - 1) + 1\nprint f(3)\nprint f(-1)", "main.game", "limit error", 1, 0, "", "3\n"},
		{"print len(ints())", "main.game", "runtime error", 1, 11, "no standard input", ""},
	} {
		file := c.file
		if file == "main.game" {
			file = ""
		}
		r := ask(t, &p, request{File: file, Source: c.src})
		e := r.Error
		if e == nil {
			t.Errorf("%q: no error (output %q)", c.src, r.Output)
			continue
		}
		if e.Kind != c.kind || e.File != c.file || e.Line != c.line || (c.col > 0 && e.Column != c.col) || !strings.Contains(e.Msg, c.msg) {
			t.Errorf("%q: %s %s:%d:%d %q; want %s %s:%d:%d containing %q", c.src, e.Kind, e.File, e.Line, e.Column, e.Msg, c.kind, c.file, c.line, c.col, c.msg)
		}
		// The text is what grundy run prints: the position, the message,
		// the source line and a caret under the column.
		lines := strings.Split(e.Text, "\n")
		if len(lines) < 3 || !strings.HasPrefix(lines[0], c.file+":") || !strings.HasSuffix(strings.TrimRight(lines[2], " "), "^") {
			t.Errorf("%q: text %q has no position and caret", c.src, e.Text)
		}
		if r.Output != c.out {
			t.Errorf("%q: output %q before the error, want %q", c.src, r.Output, c.out)
		}
	}
}

func TestRunInput(t *testing.T) {
	var p player
	r := ask(t, &p, request{Source: "let xs = ints()\nprint sg(sum of nim(x) for x in xs)", Input: "3 5\n"})
	if r.Output != "6\n" || r.Error != nil {
		t.Errorf("output %q, error %+v", r.Output, r.Error)
	}
}

func TestRunGraph(t *testing.T) {
	var p player
	src := "game sub(n) moves sub(n - s) for s in {1, 2} if s <= n\nprint sg(sub(4))"
	r := ask(t, &p, request{Source: src, Graph: "sub(3)"})
	if r.Output != "1\n" || r.Reused || !strings.HasPrefix(r.Dot, "digraph") || !strings.Contains(r.Dot, "sub(3)") || r.GraphError != nil {
		t.Fatalf("first request: output %q, reused %v, dot %.40q, graph error %+v", r.Output, r.Reused, r.Dot, r.GraphError)
	}
	// The same script again: not run again (no output), the graph drawn.
	r = ask(t, &p, request{Source: src, Graph: "sub(2) + *1"})
	if r.Output != "" || !r.Reused || !strings.Contains(r.Dot, "sub(2) + *1") {
		t.Errorf("second request: output %q, reused %v, dot %.60q", r.Output, r.Reused, r.Dot)
	}
	r = ask(t, &p, request{Source: src, Graph: `graph(sub(3), 2)`})
	if !strings.Contains(r.Dot, "digraph") || r.GraphError != nil {
		t.Errorf("graph(G, LIMIT): dot %.40q, error %+v", r.Dot, r.GraphError)
	}
	for _, c := range []struct{ graph, msg string }{
		{"17", "is not one"},
		{"sub(", "expected"},
		{"nosuch(1)", "nosuch"},
	} {
		r = ask(t, &p, request{Source: src, Graph: c.graph})
		if r.Dot != "" || r.GraphError == nil || !strings.Contains(r.GraphError.Msg, c.msg) {
			t.Errorf("graph %q: dot %.20q, error %+v; want an error with %q", c.graph, r.Dot, r.GraphError, c.msg)
		}
	}
	// DOT text a script wrote is never drawn (a shared link's script
	// could put javascript: links into the page): only the engine's.
	evil := src + "\ndef g(n) = \"digraph { a [URL=\\\"javascript:alert(1)\\\"] }\"\ndef graph(g, n) = g\n"
	for _, expr := range []string{"g(7)", "graph(g(7), 5)"} {
		r = ask(t, &p, request{Source: evil, Graph: expr})
		if r.Dot != "" || r.GraphError == nil || !strings.Contains(r.GraphError.Msg, "must be a game") {
			t.Errorf("graph %q of a script's string: dot %.60q, error %+v; want no DOT and an error", expr, r.Dot, r.GraphError)
		}
	}
	// A script that does not parse has no games to draw.
	r = ask(t, &p, request{Source: "game (", Graph: "sub(1)"})
	if r.Error == nil || r.GraphError == nil || r.Dot != "" {
		t.Errorf("unparsable script: error %+v, graph error %+v", r.Error, r.GraphError)
	}
}

// TestRunGraphOfAFailedScript: the graph of a script that stopped at a
// syntax or resolve error says which, and shows that error (the one the
// output shows), also when the script is not run again.
func TestRunGraphOfAFailedScript(t *testing.T) {
	for _, c := range []struct {
		src, kind, lead, text string
	}{
		{"game sub(n) moves sub(n - 1) for i in [0] if n > 0\nprint nope\n", "resolve error",
			"the script's games cannot be drawn: its names do not resolve: unknown name \"nope\"",
			"the script's games cannot be drawn: its names do not resolve:\nmain.game:2:7: unknown name \"nope\"\n    print nope\n          ^\n"},
		{"game sub(n) moves\nprint (\n", "syntax error",
			"the script's games cannot be drawn: it does not parse: ",
			"the script's games cannot be drawn: it does not parse:\nmain.game:2:1: "},
	} {
		var p player
		for i, req := range []request{{Source: c.src}, {Source: c.src, Graph: "sub(3)"}} {
			r := ask(t, &p, req)
			if i == 0 {
				continue
			}
			e := r.GraphError
			if r.Dot != "" || e == nil || e.Kind != c.kind || !strings.HasPrefix(e.Msg, c.lead) || !strings.HasPrefix(e.Text, c.text) || e.Line != 2 {
				t.Errorf("%q: graph error %+v; want a %s, %q, text %q, line 2", c.src, e, c.kind, c.lead, c.text)
			}
		}
	}
}

func TestRunLimits(t *testing.T) {
	saved := limits
	defer func() { limits = saved }()
	limits.Timeout = 50 * time.Millisecond
	var p player
	r := ask(t, &p, request{Source: "print len([x for x in 0 .. 9000000 for y in 0 .. 9000000])"})
	if r.Error == nil || r.Error.Kind != "limit error" || !strings.Contains(r.Error.Msg, "time limit") || r.Error.Line != 1 {
		t.Errorf("a runaway script: %+v", r.Error)
	}
	// A request may ask for a shorter limit.
	limits.Timeout = time.Hour
	r = ask(t, &p, request{Source: "print len([x for x in 0 .. 9000000 for y in 0 .. 9000000])", Seconds: 0.05})
	if r.Error == nil || !strings.Contains(r.Error.Msg, "more than 50ms") {
		t.Errorf("a runaway script with seconds 0.05: %+v", r.Error)
	}
}

func TestRunBadRequest(t *testing.T) {
	var p player
	var r response
	json.Unmarshal([]byte(p.handle(context.Background(), "{")), &r)
	if r.Error == nil || r.Error.Kind != "request" {
		t.Errorf("bad JSON: %+v", r.Error)
	}
}
