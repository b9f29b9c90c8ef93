// Package graph owns the state graph of a game value drawn as Graphviz
// DOT text: DOT, what graph(G) and grundy graph show, built from the
// engine's positions only (never from a string of the script), every
// label escaped.
package graph

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/memo"
	"github.com/grundy-lang/grundy/internal/value"
)

// DefaultGraphLimit is the number of positions graph(G) draws at most.
const DefaultGraphLimit = 200

// MaxGraphLimit bounds the LIMIT of graph(G, LIMIT).
const MaxGraphLimit = 100_000

// The fill colours of the outcomes, from the Okabe-Ito palette, which
// stays distinguishable under the common colour-vision deficiencies; the
// outcome letter is in every label too, so no information rests on colour
// alone.
const (
	graphColorP = "#56B4E9" // sky blue: the player to move loses
	graphColorN = "#E69F00" // orange: the player to move wins
	graphColorD = "#D9D9D9" // light grey: a draw
)

// Label layout: lines of at most graphLineRunes characters, at most
// graphMaxLines lines for the position (the rest is cut with "…" and the
// full text goes to the tooltip, up to graphMaxTooltip characters).
const (
	graphLineRunes  = 40
	graphMaxLines   = 4
	graphMaxTooltip = 1000
)

type graphEdge struct {
	to  int32
	win bool
}

type graphNode struct {
	v       value.Value
	sg      memo.Sgv
	outcome string
	edges   []graphEdge
	hidden  int  // options not drawn (beyond the limit)
	hidWin  bool // one of them is a winning move
	level   int  // breadth-first distance from the start
}

// DOT returns the state graph reachable from the game value g as DOT
// text: breadth-first from g, at most limit nodes (ids n0, n1, ... in
// breadth-first order), each labelled with its game value, SG value and
// outcome and filled by outcome; the moves are arrows in move order,
// winning moves (the options Winning returns) bold. When the limit cuts
// the graph, a note says so and each node with options not drawn gets a
// dashed arrow to a "+k more" stub. The text does not end in a newline.
func DOT(th *engine.Thread, c *engine.Call, g value.Value, limit int) string {
	engine.NeedGame(c, "graph", g)
	if limit < 1 || limit > MaxGraphLimit {
		c.ArgFail(1, "graph's node limit must be between 1 and %d, found %d", MaxGraphLimit, limit)
	}
	e := th.Engine
	ids := map[string]int32{}
	var nodes []*graphNode
	var key []byte
	add := func(v value.Value, level int) (int32, bool) {
		key = value.AppendKey(key[:0], v)
		if id, ok := ids[string(key)]; ok {
			return id, true
		}
		if len(nodes) >= limit {
			return -1, false
		}
		id := int32(len(nodes))
		ids[string(key)] = id
		nodes = append(nodes, &graphNode{v: v, level: level})
		return id, true
	}
	add(g, 0)
	cut := false
	for i := 0; i < len(nodes); i++ {
		n := nodes[i]
		th.Tick(c.Pos)
		n.sg = th.Direct.ValueSG(c.Pos, n.v)
		n.outcome = e.Outcome(n.sg)
		// The winning moves are the P-options of an N-position: the
		// options Winning returns (it orders them, which is not needed
		// here).
		for _, o := range e.Moves(n.v) {
			th.Tick(c.Pos)
			win := n.outcome == "N" && th.Direct.ValueSG(c.Pos, o) == 0
			id, ok := add(o, n.level+1)
			if !ok {
				n.hidden++
				n.hidWin = n.hidWin || win
				cut = true
				continue
			}
			n.edges = append(n.edges, graphEdge{id, win})
		}
	}
	return writeGraph(e, g, nodes, limit, cut)
}

func writeGraph(e *engine.Engine, g value.Value, nodes []*graphNode, limit int, cut bool) string {
	var b strings.Builder
	count := map[string]int{}
	for _, n := range nodes {
		count[n.outcome]++
	}
	// The caption: what is drawn, and the legend.
	var caption []string
	if cut {
		caption = append(caption, fmt.Sprintf("graph(%s): the first %d positions, breadth-first", value.Format(g), len(nodes)))
	} else if len(nodes) == 1 {
		caption = append(caption, fmt.Sprintf("graph(%s): 1 position", value.Format(g)))
	} else {
		caption = append(caption, fmt.Sprintf("graph(%s): %d positions", value.Format(g), len(nodes)))
	}
	var legend []string
	for _, o := range []struct{ letter, colour, meaning string }{
		{"P", "blue", "the player to move loses"},
		{"N", "orange", "the player to move wins"},
		{"D", "grey", "a draw"},
	} {
		if count[o.letter] > 0 {
			legend = append(legend, fmt.Sprintf("%s %s: %s", o.colour, o.letter, o.meaning))
		}
	}
	caption = append(caption, strings.Join(legend, "; "))
	caption = append(caption, "bold arrow: a winning move")

	b.WriteString("digraph grundy {\n")
	fmt.Fprintf(&b, "  graph [rankdir=%s, label=%s, labelloc=b, fontname=\"Helvetica\", fontsize=10];\n", rankDir(nodes), dotQuote(strings.Join(clipLines(caption), "\n")))
	b.WriteString("  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=11];\n")
	b.WriteString("  edge [color=\"#606060\", arrowsize=0.7];\n")
	if cut {
		fmt.Fprintf(&b, "  note [shape=note, style=filled, fillcolor=\"#FFFFFF\", label=%s];\n",
			dotQuote(fmt.Sprintf("cut at %d positions (graph(G, LIMIT) draws more)\ndashed arrows: moves to positions not shown", limit)))
	}
	for i, n := range nodes {
		text := value.Format(n.v)
		lines, clipped := wrapLabel(text)
		lines = append(lines, wrapLine("sg = "+value.Format(e.SgValue(n.sg))+", "+n.outcome)...)
		colour := graphColorD
		switch n.outcome {
		case "P":
			colour = graphColorP
		case "N":
			colour = graphColorN
		}
		fmt.Fprintf(&b, "  n%d [label=%s, fillcolor=%q", i, dotQuote(strings.Join(lines, "\n")), colour)
		if clipped {
			fmt.Fprintf(&b, ", tooltip=%s", dotQuote(clipRunes(text, graphMaxTooltip)))
		}
		b.WriteString("];\n")
	}
	for i, n := range nodes {
		for _, ed := range n.edges {
			fmt.Fprintf(&b, "  n%d -> n%d", i, ed.to)
			if ed.win {
				b.WriteString(" [style=bold, color=\"#000000\", penwidth=2.2]")
			}
			b.WriteString(";\n")
		}
		if n.hidden > 0 {
			fmt.Fprintf(&b, "  n%d_more [shape=plaintext, style=\"\", label=\"+%d more\"];\n", i, n.hidden)
			fmt.Fprintf(&b, "  n%d -> n%d_more [style=", i, i)
			if n.hidWin {
				b.WriteString("\"dashed,bold\", color=\"#000000\", penwidth=2.2];\n")
			} else {
				b.WriteString("dashed];\n")
			}
		}
	}
	b.WriteString("}") // no final newline: print adds one
	return b.String()
}

// rankDir chooses the direction of the layout, TB (the start at the
// top) or LR (the start on the left), whichever gives a picture closer to
// square by a rough estimate from the breadth-first levels: a wide,
// shallow graph of wide labels is easier to read from left to right.
func rankDir(nodes []*graphNode) string {
	perLevel := map[int]int{}
	levels, widest, chars := 0, 0, 0
	for _, n := range nodes {
		perLevel[n.level]++
		levels = max(levels, n.level+1)
		widest = max(widest, perLevel[n.level])
		chars += min(utf8.RuneCountInString(value.Format(n.v)), graphLineRunes)
	}
	boxW := 7*float64(chars)/float64(len(nodes)) + 20 // points
	const boxH = 40.0
	tbW, tbH := float64(widest)*(boxW+15), float64(levels)*(boxH+40)
	lrW, lrH := float64(levels)*(boxW+50), float64(widest)*(boxH+10)
	skew := func(w, h float64) float64 { return max(w/h, h/w) }
	if skew(lrW, lrH) < skew(tbW, tbH) {
		return "LR"
	}
	return "TB"
}

// wrapLabel breaks a game value's text into lines of at most
// graphLineRunes characters, after ", " or " + " where it can, and keeps
// at most graphMaxLines lines; clipped reports that text was left out.
func wrapLabel(s string) (lines []string, clipped bool) {
	lines = wrapLine(s)
	if len(lines) > graphMaxLines {
		lines = lines[:graphMaxLines]
		last := []rune(lines[graphMaxLines-1])
		if len(last) >= graphLineRunes {
			last = last[:graphLineRunes-1]
		}
		lines[graphMaxLines-1] = string(last) + "…"
		clipped = true
	}
	return lines, clipped
}

func wrapLine(s string) []string {
	if utf8.RuneCountInString(s) <= graphLineRunes {
		return []string{s}
	}
	// Pieces end after a separator; a piece longer than a line is split.
	var pieces []string
	for s != "" {
		i := strings.Index(s, ", ")
		j := strings.Index(s, " + ")
		end := len(s)
		switch {
		case i >= 0 && (j < 0 || i < j):
			end = i + 2
		case j >= 0:
			end = j + 3
		}
		p := s[:end]
		s = s[end:]
		for utf8.RuneCountInString(p) > graphLineRunes {
			r := []rune(p)
			pieces = append(pieces, string(r[:graphLineRunes]))
			p = string(r[graphLineRunes:])
		}
		pieces = append(pieces, p)
	}
	var lines []string
	cur := ""
	for _, p := range pieces {
		if cur != "" && utf8.RuneCountInString(strings.TrimRight(cur+p, " ")) > graphLineRunes {
			lines = append(lines, strings.TrimRight(cur, " "))
			cur = ""
		}
		cur += p
	}
	if cur != "" {
		lines = append(lines, strings.TrimRight(cur, " "))
	}
	return lines
}

// clipLines cuts each caption line to a readable length.
func clipLines(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = clipRunes(l, 3*graphLineRunes)
	}
	return out
}

func clipRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

// dotQuote returns s as a DOT double-quoted string: quotes and
// backslashes escaped, a newline as \n (a centred line break in a label);
// other control characters, which no label should hold, become spaces.
func dotQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r < ' ' || r == 0x7f:
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
