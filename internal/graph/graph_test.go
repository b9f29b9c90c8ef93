package graph_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/internal/eval"
)

// The fill colours the spec promises for the outcomes.
var graphFill = map[string]string{"P": "#56B4E9", "N": "#E69F00", "D": "#D9D9D9"}

type dotNode struct {
	id      string
	lines   []string // the label's lines, unescaped
	fill    string
	tooltip string
}

type dotEdge struct {
	from, to     string
	bold, dashed bool
}

type dotGraph struct {
	nodes   []dotNode
	edges   []dotEdge
	note    string // the label of the note node, when there is one
	caption string
	more    map[string]string // node id -> label of its "+k more" stub
}

var (
	reDotNode    = regexp.MustCompile(`^  (n\d+) \[label="((?:[^"\\]|\\.)*)", fillcolor="(#[0-9A-F]{6})"(?:, tooltip="((?:[^"\\]|\\.)*)")?\];$`)
	reDotEdge    = regexp.MustCompile(`^  (n\d+) -> (n\d+(?:_more)?)(?: \[(.*)\])?;$`)
	reDotMore    = regexp.MustCompile(`^  (n\d+)_more \[shape=plaintext, style="", label="(\+\d+ more)"\];$`)
	reDotNote    = regexp.MustCompile(`^  note \[shape=note, style=filled, fillcolor="#FFFFFF", label="((?:[^"\\]|\\.)*)"\];$`)
	reDotCaption = regexp.MustCompile(`^  graph \[rankdir=(?:TB|LR), label="((?:[^"\\]|\\.)*)", labelloc=b, fontname="Helvetica", fontsize=10\];$`)
)

func dotUnquote(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == 'n' {
				b.WriteByte('\n')
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// parseDOT reads the DOT text graph() writes; every line must be one it
// is known to write.
func parseDOT(t *testing.T, text string) dotGraph {
	t.Helper()
	g := dotGraph{more: map[string]string{}}
	lines := strings.Split(text, "\n")
	if lines[0] != "digraph grundy {" || lines[len(lines)-1] != "}" {
		t.Fatalf("not a digraph:\n%s", text)
	}
	for _, l := range lines[1 : len(lines)-1] {
		if m := reDotNode.FindStringSubmatch(l); m != nil {
			g.nodes = append(g.nodes, dotNode{m[1], strings.Split(dotUnquote(m[2]), "\n"), m[3], dotUnquote(m[4])})
		} else if m := reDotEdge.FindStringSubmatch(l); m != nil {
			e := dotEdge{from: m[1], to: m[2]}
			switch m[3] {
			case "":
			case `style=bold, color="#000000", penwidth=2.2`:
				e.bold = true
			case `style=dashed`:
				e.dashed = true
			case `style="dashed,bold", color="#000000", penwidth=2.2`:
				e.bold, e.dashed = true, true
			default:
				t.Fatalf("edge with attributes %q", m[3])
			}
			g.edges = append(g.edges, e)
		} else if m := reDotMore.FindStringSubmatch(l); m != nil {
			g.more[m[1]] = m[2]
		} else if m := reDotNote.FindStringSubmatch(l); m != nil {
			g.note = dotUnquote(m[1])
		} else if m := reDotCaption.FindStringSubmatch(l); m != nil {
			g.caption = dotUnquote(m[1])
		} else if l != `  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=11];` &&
			l != `  edge [color="#606060", arrowsize=0.7];` {
			t.Fatalf("unexpected DOT line %q", l)
		}
	}
	return g
}

// text is the game value of a node (its label without the sg line), the
// wrapped lines joined again.
func (n dotNode) text() string {
	var b strings.Builder
	for i, l := range n.lines[:len(n.lines)-1] {
		if i > 0 && (strings.HasSuffix(b.String(), ",") || strings.HasSuffix(b.String(), "+")) {
			b.WriteByte(' ')
		}
		b.WriteString(l)
	}
	return b.String()
}

func graphSession(t *testing.T, src string) *eval.Session {
	t.Helper()
	s := eval.NewSession(eval.Options{Stdout: io.Discard})
	if err := s.ExecFile(context.Background(), "t.game", src); err != nil {
		t.Fatal(err)
	}
	return s
}

func evalStr(t *testing.T, s *eval.Session, expr string) value.Value {
	t.Helper()
	v, err := s.Eval(context.Background(), "<t>", expr)
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

func graphOf(t *testing.T, s *eval.Session, expr string) string {
	t.Helper()
	v := evalStr(t, s, expr)
	if v.Kind() != value.KStr {
		t.Fatalf("%s is a %s, want a string", expr, v.TypeName())
	}
	return v.Str()
}

// checkGraph checks the DOT of graph(G, limit) against the other
// built-ins: the nodes are the breadth-first order of the values reachable
// by moves(), each labelled with its sg and outcome and filled by outcome;
// the edges are each drawn node's moves, in order, bold exactly for the
// options in winning(); options beyond the limit are counted in a dashed
// stub, bold when one of them is winning.
func checkGraph(t *testing.T, s *eval.Session, g string, limit int) dotGraph {
	t.Helper()
	dot := graphOf(t, s, fmt.Sprintf("graph(%s, %d)", g, limit))
	dg := parseDOT(t, dot)
	// Breadth-first order, computed here from moves(); a sum is one node
	// whatever the order of its parts.
	key := func(v value.Value) string {
		ps := slices.Clone(v.Parts())
		slices.SortFunc(ps, value.Compare)
		var fs []string
		for _, p := range ps {
			fs = append(fs, value.Format(p))
		}
		return strings.Join(fs, " + ")
	}
	start := evalStr(t, s, g)
	order := []string{value.Format(start)}
	index := map[string]int{key(start): 0}
	opts := map[string][]value.Value{}
	for i := 0; i < len(order) && i < limit; i++ {
		for _, o := range evalStr(t, s, "moves("+order[i]+")").Elems() {
			opts[order[i]] = append(opts[order[i]], o)
			if _, ok := index[key(o)]; !ok {
				index[key(o)] = len(order)
				order = append(order, value.Format(o))
			}
		}
	}
	want := min(len(order), limit)
	if len(dg.nodes) != want {
		t.Fatalf("graph(%s, %d): %d nodes, want %d", g, limit, len(dg.nodes), want)
	}
	cut := len(order) > limit
	if cut != (dg.note != "") {
		t.Errorf("graph(%s, %d): cut %v but note %q", g, limit, cut, dg.note)
	}
	if cut && !strings.Contains(dg.note, fmt.Sprintf("cut at %d positions", limit)) {
		t.Errorf("note %q", dg.note)
	}
	edgesFrom := map[string][]dotEdge{}
	for _, e := range dg.edges {
		edgesFrom[e.from] = append(edgesFrom[e.from], e)
	}
	for i, n := range dg.nodes {
		if n.id != fmt.Sprintf("n%d", i) {
			t.Fatalf("node %d has id %s", i, n.id)
		}
		p := n.text()
		if n.tooltip != "" {
			p = n.tooltip
		}
		if p != order[i] {
			t.Errorf("%s is %q, want %q (breadth-first order)", n.id, p, order[i])
			continue
		}
		sg := value.Format(evalStr(t, s, "sg("+p+")"))
		out := evalStr(t, s, "outcome("+p+")").Str()
		if last := n.lines[len(n.lines)-1]; last != "sg = "+sg+", "+out {
			t.Errorf("%s (%s): sg line %q, want %q", n.id, p, last, "sg = "+sg+", "+out)
		}
		if n.fill != graphFill[out] {
			t.Errorf("%s (%s): fill %s for outcome %s", n.id, p, n.fill, out)
		}
		win := map[string]bool{}
		for _, w := range evalStr(t, s, "winning("+p+")").Elems() {
			win[key(w)] = true
		}
		var wantEdges []dotEdge
		hidden, hidWin := 0, false
		for _, o := range opts[p] {
			if j := index[key(o)]; j < limit {
				wantEdges = append(wantEdges, dotEdge{from: n.id, to: fmt.Sprintf("n%d", j), bold: win[key(o)]})
			} else {
				hidden++
				hidWin = hidWin || win[key(o)]
			}
		}
		if hidden > 0 {
			wantEdges = append(wantEdges, dotEdge{from: n.id, to: n.id + "_more", bold: hidWin, dashed: true})
			if got := dg.more[n.id]; got != fmt.Sprintf("+%d more", hidden) {
				t.Errorf("%s: stub %q, want +%d more", n.id, got, hidden)
			}
		} else if _, ok := dg.more[n.id]; ok {
			t.Errorf("%s: a stub, but every option is drawn", n.id)
		}
		if fmt.Sprint(edgesFrom[n.id]) != fmt.Sprint(wantEdges) {
			t.Errorf("%s (%s): edges\n%v\nwant\n%v", n.id, p, edgesFrom[n.id], wantEdges)
		}
	}
	renderDOT(t, dot)
	return dg
}

// renderDOT runs Graphviz's dot on the text when it is installed: it must
// accept it without an error or a warning.
func renderDOT(t *testing.T, dot string) {
	t.Helper()
	path, err := exec.LookPath("dot")
	if err != nil {
		return
	}
	var out, errOut bytes.Buffer
	cmd := exec.Command(path, "-Tsvg")
	cmd.Stdin = strings.NewReader(dot)
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil || errOut.Len() > 0 {
		t.Errorf("dot -Tsvg: %v\n%s\non\n%s", err, errOut.String(), dot)
	}
	if !strings.Contains(out.String(), "<svg") {
		t.Errorf("dot -Tsvg wrote no SVG")
	}
}

const graphGames = `
game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n
game cut(w, h) moves
    cut(i, h) + cut(w - i, h) for i in 2 .. w - 2
  | cut(w, j) + cut(w, h - j) for j in 2 .. h - 2
# A game with cycles: P, N and D positions (see testdata/cycles.game).
let E = {"a": ["b", "c"], "b": [], "c": ["c"], "x": ["y", "c"], "y": ["b"], "p": ["q"], "q": ["p", "b"], "s": ["a", "x", "p", "q"]}
game v(n) moves v(m) for m in E[n]
game g(n) moves g(n - 2) if n >= 2 | g(n + 1) if n >= 3 and n < 6
`

func TestGraphAgainstBuiltins(t *testing.T) {
	s := graphSession(t, graphGames)
	for _, c := range []struct {
		g     string
		limit int
	}{
		{"*0", 200}, {"*5", 200}, {"sub(10)", 200}, {"cut(6, 6)", 200}, {"cut(5, 4) + *2", 200},
		{`v("s")`, 200}, {`v("s") + *1`, 200}, {`v("x") + v("q")`, 200}, {"g(7)", 200}, {"g(7) + g(2)", 200},
		// Cut by the limit.
		{"*10", 4}, {"*3 + *1", 2}, {"cut(6, 6)", 12}, {"cut(6, 6)", 1}, {`v("s")`, 3}, {"g(7) + g(3)", 10},
	} {
		t.Run(c.g, func(t *testing.T) { checkGraph(t, s, c.g, c.limit) })
	}
}

// TestGraphByHand checks small graphs against answers worked out by hand.
func TestGraphByHand(t *testing.T) {
	s := graphSession(t, graphGames)
	// *2: *2 -> *0 (wins), *2 -> *1; *1 -> *0 (wins).
	dg := checkGraph(t, s, "*2", 200)
	if got := fmt.Sprint(dg.edges); got != "[{n0 n1 true false} {n0 n2 false false} {n2 n1 true false}]" {
		t.Errorf("edges of *2: %s", got)
	}
	if got := dg.nodes[1].lines; fmt.Sprint(got) != "[*0 sg = 0, P]" {
		t.Errorf("label of *0: %q", got)
	}
	if !strings.Contains(dg.caption, "graph(*2): 3 positions") || !strings.Contains(dg.caption, "blue P") ||
		!strings.Contains(dg.caption, "orange N") || strings.Contains(dg.caption, "D:") || !strings.Contains(dg.caption, "bold arrow") {
		t.Errorf("caption %q", dg.caption)
	}
	// *10 cut at 4: *10, then its options *0, *1, *2; seven more not shown,
	// none of them winning (only *0 is).
	dg = checkGraph(t, s, "*10", 4)
	if len(dg.more) != 1 || dg.more["n0"] != "+7 more" {
		t.Errorf("stubs of graph(*10, 4): %v", dg.more)
	}
	if !slices.Contains(dg.edges, dotEdge{"n0", "n0_more", false, true}) {
		t.Errorf("edges of graph(*10, 4): %v", dg.edges)
	}
	if !strings.Contains(dg.caption, "the first 4 positions") {
		t.Errorf("caption %q", dg.caption)
	}
	// *3 + *1 cut at 2: n0 = *3 + *1 (N), n1 = *0 + *1 (N). The winning
	// moves *1 + *1 and *0 + *0 are not drawn, so both stubs are bold.
	dg = checkGraph(t, s, "*3 + *1", 2)
	if fmt.Sprint(dg.edges) != "[{n0 n1 false false} {n0 n0_more true true} {n1 n1_more true true}]" ||
		dg.more["n0"] != "+3 more" || dg.more["n1"] != "+1 more" {
		t.Errorf("graph(*3 + *1, 2): %v %v", dg.edges, dg.more)
	}
	// The loopy graph: c is a draw, b terminal, a wins by moving to b.
	dg = checkGraph(t, s, `v("a")`, 200)
	want := []string{`[v("a") sg = ∞{0}, N]`, `[v("b") sg = 0, P]`, `[v("c") sg = ∞{}, D]`}
	for i, w := range want {
		if fmt.Sprint(dg.nodes[i].lines) != w {
			t.Errorf("node %d: %q, want %s", i, dg.nodes[i].lines, w)
		}
	}
	if fmt.Sprint(dg.edges) != "[{n0 n1 true false} {n0 n2 false false} {n2 n2 false false}]" {
		t.Errorf("edges: %v", dg.edges)
	}
	if !strings.Contains(dg.caption, "grey D: a draw") {
		t.Errorf("caption %q", dg.caption)
	}
}

func TestGraphEscapesLabels(t *testing.T) {
	s := graphSession(t, `
game q(x) moves q("") if x != ""
game aVeryLongGameName(k) moves aVeryLongGameName(k - 1) + aVeryLongGameName(k - 1) if k > 0
game w(n, s) moves w(n - 1, s + s) if n > 0
`)
	dot := graphOf(t, s, `graph(q("say \"hi\" \\ \n"))`)
	if !strings.Contains(dot, `n0 [label="q(\"say \\\"hi\\\" \\\\ \\n\")\nsg = 1, N"`) {
		t.Errorf("escaping:\n%s", dot)
	}
	dg := checkGraph(t, s, `q("say \"hi\" \\ \n")`, 200)
	if got := dg.nodes[0].lines[0]; got != `q("say \"hi\" \\ \n")` {
		t.Errorf("label %q", got)
	}
	// Long labels wrap after ", " or " + ", or anywhere in a longer word,
	// at most four lines of 40 characters, the whole value in the tooltip.
	for _, g := range []string{"aVeryLongGameName(3)", `w(5, "abcdefghij")`} {
		dg = checkGraph(t, s, g, 200)
		for _, n := range dg.nodes {
			if len(n.lines) > 5 {
				t.Errorf("%s has %d lines", n.id, len(n.lines))
			}
			for _, l := range n.lines {
				if utf8.RuneCountInString(l) > 40 {
					t.Errorf("%s: line %q is longer than 40", n.id, l)
				}
			}
		}
		// The last: eight parts of 22 characters, or a string of 320.
		last := dg.nodes[len(dg.nodes)-1]
		if len(last.lines) != 5 || !strings.HasSuffix(last.lines[3], "…") || utf8.RuneCountInString(last.tooltip) < 170 {
			t.Errorf("long label %q, tooltip %q", last.lines, last.tooltip)
		}
	}
	// w(3, ...) is 47 characters: "w(3," then 40 characters of the word,
	// then the rest.
	if got := dg.nodes[2].lines; fmt.Sprint(got) != `[w(3, "abcdefghijabcdefghijabcdefghijabcdefghi j") sg = 1, N]` {
		t.Errorf("w(3, ...) label %q", got)
	}
}

func TestGraphDeterministic(t *testing.T) {
	var first string
	for i := range 3 {
		s := graphSession(t, graphGames)
		if i == 1 {
			evalStr(t, s, "sg(cut(5, 5))") // a different memo state
		}
		dot := graphOf(t, s, `graph(cut(6, 6) + v("s"), 150)`)
		if i == 0 {
			first = dot
		} else if dot != first {
			t.Fatalf("run %d differs", i)
		}
	}
}

func TestGraphLimits(t *testing.T) {
	s := eval.NewSession(eval.Options{Limits: engine.Limits{MaxSteps: 20000}})
	err := s.ExecFile(context.Background(), "t.game", "let d = graph(*100000, 100000)\n")
	if err == nil || !strings.Contains(err.Error(), "step limit reached") || !strings.HasPrefix(err.Error(), "t.game:1:9:") {
		t.Errorf("graph past the step limit: %v", err)
	}
}
