package repl

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/grundy-lang/grundy/eval"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/stdlib"
)

type command struct {
	name, args, help string
	run              func(r *REPL, ctx context.Context, arg string) bool
}

var commands []command

func init() {
	commands = []command{
		{"help", "[TOPIC]", "this help, or help on a built-in, a keyword or a :command", (*REPL).cmdHelp},
		{"moves", "G", "a table of the options of game G: SG value, outcome, winning ones marked", (*REPL).cmdMoves},
		{"best", "G", "one winning move of G and why (the xor arithmetic for a sum)", (*REPL).cmdBest},
		{"play", "[second] G", "play G against grundy (second: grundy moves first)", (*REPL).cmdPlay},
		{"table", "EXPR for x in A .. B [for y in C .. D]", "an aligned table of EXPR (one or two dimensions)", (*REPL).cmdTable},
		{"plot", "[FILE] EXPR for x in A .. B [for y ..]", "draw EXPR against x (a heat map over x, y) into FILE.png or FILE.svg (default: plotN.png)", (*REPL).cmdPlot},
		{"load", "FILE", "run a script file in this session (its declarations replace earlier ones)", (*REPL).cmdLoad},
		{"reset", "", "forget every declaration, binding and memoized value", (*REPL).cmdReset},
		{"time", "", "toggle printing how long each entry takes", (*REPL).cmdTime},
		{"stats", "", "positions visited and memoized, moves generated, memo size, games declared, memory in use", (*REPL).cmdStats},
		{"quit", "", "leave the REPL (Ctrl-D does too)", (*REPL).cmdQuit},
	}
}

func (r *REPL) command(ctx context.Context, src string) bool {
	name, arg, _ := strings.Cut(strings.TrimPrefix(src, ":"), " ")
	arg = strings.TrimSpace(arg)
	for _, c := range commands {
		if c.name == name {
			return c.run(r, ctx, arg)
		}
	}
	fmt.Fprintf(r.errOut, "unknown command :%s (:help lists the commands)\n", name)
	return false
}

func (r *REPL) cmdQuit(context.Context, string) bool { r.quit = true; return true }

func (r *REPL) cmdTime(context.Context, string) bool {
	r.timing = !r.timing
	if r.timing {
		fmt.Fprintln(r.out, "timing on")
	} else {
		fmt.Fprintln(r.out, "timing off")
	}
	return true
}

func (r *REPL) cmdReset(context.Context, string) bool {
	r.s.Reset()
	fmt.Fprintln(r.out, "session reset")
	return true
}

func (r *REPL) cmdStats(context.Context, string) bool {
	st := r.s.Stats()
	fmt.Fprintf(r.out, "positions visited %d, moves %d, memoized %d (memo %.1f MiB), games %d, infinite values %d, heap %.1f MiB\n",
		st.States, st.Moves, st.Memoized, float64(st.MemoBytes)/(1<<20), st.Games, st.LoopySets, float64(memUsage())/(1<<20))
	return true
}

func (r *REPL) cmdLoad(ctx context.Context, arg string) bool {
	if arg == "" {
		fmt.Fprintln(r.errOut, ":load needs a file name")
		return false
	}
	src, err := os.ReadFile(arg)
	if err != nil {
		fmt.Fprintf(r.errOut, "cannot read %s: %v\n", arg, err)
		return false
	}
	if err := r.s.ExecEntry(ctx, arg, string(src)); err != nil {
		r.report(string(src), err)
		return false
	}
	return true
}

func (r *REPL) cmdHelp(_ context.Context, arg string) bool {
	w := r.out
	if arg == "" {
		fmt.Fprintln(w, `Type statements (let, def, game, print, assert, for) or an expression to see
its value; a game shows its SG value and outcome. An entry continues on the
next line ("... ") while brackets are open or it ends in an operator, "|",
"moves" or a clause. Tab completes names; Ctrl-C cancels a computation or
clears the line; Ctrl-D leaves.

Commands:`)
		for _, c := range commands {
			fmt.Fprintf(w, "  :%-8s %-38s %s\n", c.name, c.args, c.help)
		}
		fmt.Fprintln(w, "\nBuilt-ins (:help NAME for each):")
		var names []string
		for _, b := range eval.Builtins() {
			names = append(names, b.BName)
		}
		fmt.Fprintln(w, "  "+strings.Join(names, ", "))
		var games []string
		for _, g := range stdlib.GameDocs() {
			games = append(games, g[0])
		}
		fmt.Fprintln(w, "\nGames of the standard library (:help NAME for each):\n  "+strings.Join(games, ", "))
		fmt.Fprintln(w, `
Exploring:
  period(kayles), periodic(kayles)     the period (p, q, s) and how it is known
  table sg(f(n)) for n in 0 .. 20      an aligned table (two for clauses: a grid)
  graph(G)                             the state graph as Graphviz DOT
  misere(G)                            the outcome when the last player to move loses
  :play G                              play G against grundy

Example:
  >>> game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n
  >>> sub(8)
  sg = 1   outcome = N
  >>> :best sub(8)
  >>> :table sg(sub(n)) for n in 0 .. 10`)
		return true
	}
	topic := strings.TrimPrefix(arg, ":")
	for _, c := range commands {
		if c.name == topic {
			fmt.Fprintf(w, ":%s %s\n  %s\n", c.name, c.args, c.help)
			return true
		}
	}
	for _, b := range eval.Builtins() {
		if b.BName == topic {
			fmt.Fprintln(w, b.Doc)
			return true
		}
	}
	for _, g := range stdlib.GameDocs() {
		if g[0] == topic {
			fmt.Fprintln(w, g[1])
			return true
		}
	}
	if lang.IsKeyword(topic) || topic == "moves" {
		fmt.Fprintf(w, "%q is a keyword; spec.md describes the statements and expressions that use it\n", topic)
		return true
	}
	fmt.Fprintf(r.errOut, "no help on %q\n", arg)
	return false
}

// eval evaluates an expression typed after a command.
// eval evaluates src as written after prefix on the current input line,
// so that an error points into that line.
func (r *REPL) eval(ctx context.Context, prefix, src string) (eval.Value, bool) {
	line := max(r.line, 1)
	v, err := r.s.Eval(ctx, "<stdin>", strings.Repeat("\n", line-1)+strings.Repeat(" ", len(prefix))+src)
	if err != nil {
		r.report(r.textWith(line, prefix+src), err)
		return eval.None, false
	}
	return v, true
}

func (r *REPL) game(ctx context.Context, cmd, src string) (eval.Value, bool) {
	if src == "" {
		fmt.Fprintf(r.errOut, ":%s needs a game, e.g. :%s sub(10)\n", cmd, cmd)
		return eval.None, false
	}
	v, ok := r.eval(ctx, ":"+cmd+" ", src)
	if ok && !v.IsGame() {
		fmt.Fprintf(r.errOut, ":%s needs a game, found %s %s\n", cmd, v.TypeName(), eval.Repr(v))
		return v, false
	}
	return v, ok
}

// call evaluates a built-in on a value inside the session's run context.
func (r *REPL) call(ctx context.Context, f func(c *eval.Call) eval.Value) (v eval.Value, ok bool) {
	th := r.s.Thread()
	err := r.s.Do(ctx, func() { v = f(&eval.Call{Th: th}) })
	if err != nil {
		r.report(strings.Join(r.lines, "\n"), err)
		return eval.None, false
	}
	return v, true
}

func (r *REPL) cmdMoves(ctx context.Context, arg string) bool {
	g, ok := r.game(ctx, "moves", arg)
	if !ok {
		return false
	}
	type row struct{ opt, sg, out string }
	var rows []row
	_, ok = r.call(ctx, func(c *eval.Call) eval.Value {
		for _, o := range c.Th.Moves(c, g) {
			rows = append(rows, row{eval.Format(o), eval.Format(c.Th.SG(c, o)), c.Th.Outcome(c, o)})
		}
		return eval.None
	})
	if !ok {
		return false
	}
	if len(rows) == 0 {
		fmt.Fprintf(r.out, "%s has no moves: the player to move loses\n", eval.Format(g))
		return true
	}
	wo, ws := len("option"), len("sg")
	for _, x := range rows {
		wo, ws = max(wo, len([]rune(x.opt))), max(ws, len([]rune(x.sg)))
	}
	fmt.Fprintf(r.out, "  %-*s  %-*s  outcome\n", wo, "option", ws, "sg")
	for _, x := range rows {
		mark := " "
		if x.out == "P" {
			mark = "*"
		}
		fmt.Fprintf(r.out, "%s %-*s  %-*s  %s\n", mark, wo, x.opt, ws, x.sg, x.out)
	}
	fmt.Fprintln(r.out, "(* marks the winning moves: they leave a P-position)")
	return true
}

func (r *REPL) cmdBest(ctx context.Context, arg string) bool {
	g, ok := r.game(ctx, "best", arg)
	if !ok {
		return false
	}
	_, ok = r.call(ctx, func(c *eval.Call) eval.Value {
		th := c.Th
		sg := th.SG(c, g)
		out := th.Outcome(c, g)
		switch out {
		case "P":
			fmt.Fprintf(r.out, "no winning move: %s is a P-position (sg = 0); every move leaves an N-position\n", eval.Format(g))
			return eval.None
		case "D":
			fmt.Fprintf(r.out, "no winning move: %s is a draw (sg = %s); neither player can force a win\n", eval.Format(g), eval.Format(sg))
			return eval.None
		}
		best, found := th.BestMove(c, g)
		if !found {
			fmt.Fprintf(r.out, "no winning move found for %s\n", eval.Format(g))
			return eval.None
		}
		fmt.Fprintf(r.out, "%s\n", eval.Format(best))
		parts := g.Parts()
		if len(parts) > 1 && sg.Kind() == eval.KInt {
			var terms []string
			for _, p := range parts {
				terms = append(terms, fmt.Sprintf("sg(%s) = %s", eval.Format(p), eval.Format(th.SG(c, p))))
			}
			x := sg.Int()
			fmt.Fprintf(r.out, "  %s\n  their xor is %d, not 0, so the player to move wins;\n", strings.Join(terms, ", "), x)
			for _, p := range parts {
				v := th.SG(c, p)
				if v.Kind() == eval.KInt && v.Int()^x < v.Int() {
					fmt.Fprintf(r.out, "  %s has sg %d and %d ^ %d = %d < %d: move it to an option of sg %d, making the xor 0\n",
						eval.Format(p), v.Int(), v.Int(), x, v.Int()^x, v.Int(), v.Int()^x)
					break
				}
			}
		} else {
			fmt.Fprintf(r.out, "  sg(%s) = %s: this move leaves a position of sg 0 (a P-position), so the opponent loses\n", eval.Format(g), eval.Format(sg))
		}
		return eval.None
	})
	return ok
}

var tableRe = regexp.MustCompile(`^(.*?)\s+for\s+([A-Za-z_][A-Za-z0-9_]*)\s+in\s+(.+?)(?:\s+for\s+([A-Za-z_][A-Za-z0-9_]*)\s+in\s+(.+))?$`)

func (r *REPL) cmdTable(ctx context.Context, arg string) bool {
	m := tableRe.FindStringSubmatch(arg)
	if m == nil {
		fmt.Fprintln(r.errOut, "usage: :table EXPR for x in A .. B [for y in C .. D]")
		return false
	}
	expr, x, xs, y, ys := m[1], m[2], m[3], m[4], m[5]
	if y == "" {
		v, ok := r.eval(ctx, "", fmt.Sprintf("[(%s, %s) for %s in %s]", x, expr, x, xs))
		if !ok {
			return false
		}
		var rows [][]string
		for _, p := range v.Elems() {
			e := p.Elems()
			rows = append(rows, []string{eval.Format(e[0]), eval.Format(e[1])})
		}
		printAligned(r, append([][]string{{x, expr}}, rows...))
		return true
	}
	xv, ok := r.eval(ctx, "", fmt.Sprintf("[%s for %s in %s]", x, x, xs))
	if !ok {
		return false
	}
	yv, ok := r.eval(ctx, "", fmt.Sprintf("[%s for %s in %s]", y, y, ys))
	if !ok {
		return false
	}
	grid, ok := r.eval(ctx, "", fmt.Sprintf("[[%s for %s in %s] for %s in %s]", expr, y, ys, x, xs))
	if !ok {
		return false
	}
	header := []string{x + `\` + y}
	for _, v := range yv.Elems() {
		header = append(header, eval.Format(v))
	}
	rows := [][]string{header}
	for i, row := range grid.Elems() {
		line := []string{eval.Format(xv.Elems()[i])}
		for _, v := range row.Elems() {
			line = append(line, eval.Format(v))
		}
		rows = append(rows, line)
	}
	printAligned(r, rows)
	return true
}

func printAligned(r *REPL, rows [][]string) {
	var widths []int
	for _, row := range rows {
		for i, c := range row {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], len([]rune(c)))
		}
	}
	for _, row := range rows {
		var b strings.Builder
		for i, c := range row {
			if i > 0 {
				b.WriteString("  ")
			}
			b.WriteString(strings.Repeat(" ", widths[i]-len([]rune(c))))
			b.WriteString(c)
		}
		fmt.Fprintln(r.out, b.String())
	}
}

var _ = time.Now
