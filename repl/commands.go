package repl

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/grundy-lang/grundy"
	"github.com/grundy-lang/grundy/lang"
)

type command struct {
	name, args, help string
	run              func(r *REPL, ctx context.Context, arg string) bool
}

var commands []command

func init() {
	commands = []command{
		{"help", "[TOPIC]", "this help, or help on a built-in, an operator, a keyword or a :command", (*REPL).cmdHelp},
		{"moves", "G", "a table of the options of game G: SG value, outcome, winning ones marked", (*REPL).cmdMoves},
		{"best", "G", "one winning move of G and why (the xor arithmetic for a sum)", (*REPL).cmdBest},
		{"play", "[second] G", "play G against grundy (second: grundy moves first)", (*REPL).cmdPlay},
		{"table", "EXPR for x in A .. B [for y in C .. D]", "an aligned table of EXPR with a header: the clauses of a table statement (one or two for clauses, if clauses)", (*REPL).cmdTable},
		{"plot", "[FILE] EXPR for x in A .. B [for y ..]", "draw EXPR against x (a heat map over x, y) into FILE.png or FILE.svg (default: plotN.png)", (*REPL).cmdPlot},
		{"load", "FILE", "run a script file in this session (its declarations replace earlier ones)", (*REPL).cmdLoad},
		{"reset", "", "forget every declaration, binding and memoized value", (*REPL).cmdReset},
		{"time", "", "toggle printing how long each entry takes", (*REPL).cmdTime},
		{"explain", "[NAME]", "what each game and def (or NAME) was compiled to: the fast loop of each alternative, or the general path and why, and the passes that fired", (*REPL).cmdExplain},
		{"stats", "", "positions visited and memoized, moves generated, memo size, games declared, memory in use", (*REPL).cmdStats},
		{"quit", "", "leave the REPL (Ctrl-D does too)", (*REPL).cmdQuit},
	}
}

// command runs a :command line as typed (its indentation and spacing
// kept, so that errors point into it).
func (r *REPL) command(ctx context.Context, line string) bool {
	line = strings.TrimRight(line, " \t\r\n")
	body := strings.TrimLeft(line, " \t")
	name, rest := body[1:], ""
	if i := strings.IndexAny(body, " \t"); i >= 0 {
		name, rest = body[1:i], body[i:]
	}
	arg := strings.TrimLeft(rest, " \t")
	r.cmdLine, r.argAt = line, len(line)-len(arg)
	for _, c := range commands {
		if c.name == name {
			return c.run(r, ctx, arg)
		}
	}
	var names []string
	for _, c := range commands {
		names = append(names, c.name)
	}
	if s := lang.Suggest(name, names); s != "" {
		fmt.Fprintf(r.errOut, "unknown command :%s (did you mean :%s?)\n", name, s)
	} else {
		fmt.Fprintf(r.errOut, "unknown command :%s (:help lists the commands)\n", name)
	}
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
	r.in.Reset()
	fmt.Fprintln(r.out, "session reset")
	return true
}

func (r *REPL) cmdExplain(_ context.Context, arg string) bool {
	arg = strings.TrimSpace(arg)
	found := false
	for _, x := range r.in.Explanations() {
		if arg == "" || x.Name == arg {
			io.WriteString(r.out, x.String())
			found = true
		}
	}
	if !found && arg != "" {
		fmt.Fprintf(r.errOut, ":explain: no game or def named %s\n", arg)
		return false
	}
	return true
}

func (r *REPL) cmdStats(context.Context, string) bool {
	st := r.in.Stats()
	fmt.Fprintf(r.out, "positions visited %d, moves %d, memoized %d (memo %.1f MiB), games %d, infinite values %d, memory in use %.1f MiB\n",
		st.States, st.Moves, st.Memoized, float64(st.MemoBytes)/(1<<20), st.Games, st.InfiniteValues, float64(st.MemoryInUse)/(1<<20))
	return true
}

func (r *REPL) cmdLoad(ctx context.Context, arg string) bool {
	if arg == "" {
		fmt.Fprintln(r.errOut, ":load needs a file name")
		return false
	}
	data, err := os.ReadFile(arg)
	if err != nil {
		fmt.Fprintf(r.errOut, "cannot read %s: %v\n", arg, err)
		return false
	}
	src := lang.TrimBOM(string(data))
	if err := r.in.Exec(ctx, arg, src); err != nil {
		r.report(src, err)
		return false
	}
	return true
}

// helpIntro is the first paragraph of :help.
const helpIntro = `Type statements (let, def, game, print, assert, for, table) or an
expression to see its value; a game shows its SG value and outcome. An entry
continues on the next line ("... ") while it is unfinished: brackets open, a
trailing operator or comma, "moves", "|" or a clause. A game or def waits for
the next line too: a line starting with "|" (another alternative) or a clause
continues it, consecutive declarations are one entry (they may refer to each
other), and the next entry or a blank line ends it. A declaration that fails
declares nothing. Tab completes names; Ctrl-C cancels a computation or clears
the unfinished lines; Ctrl-D leaves.`

// helpOperators are the operators, lowest precedence first, each row
// its tokens (what :help OP looks up) and what they do.
var helpOperators = [][2]string{
	{"or and not", "logic on bools (and, or evaluate their right side only when needed)"},
	{"== != < <= > >= in", "comparisons, not chained (not in too)"},
	{"..", "A .. B: the ints A to B"},
	{"| ^ &", "bit-or, xor, bit-and of ints; union, symmetric difference, intersection of sets"},
	{"<< >>", "shifts of ints by 0 to 63 (1 << 63 overflows: mask(63) is the largest int)"},
	{"+ -", "ints; + also joins strings, lists, tuples and adds games, - also of sets"},
	{"* / %", "ints (/ and % truncate toward zero); k * G is k copies of game G"},
	{"- * ~", "prefix: -x negates, *n is the nimber of size n, ~x is the bitwise not of an int, -x - 1 (never overflows)"},
	{"**", "power, right-associative, above the prefix operators: -2 ** 2 is -4"},
}

// helpExploring are code and what it does.
var helpExploring = [][2]string{
	{"period(kayles), periodic(kayles)", "the period (p, q, s) and how it is known"},
	{"table sg(f(n)) for n in 0 .. 20", "an aligned table (two for clauses: a grid)"},
	{"graph(G)", "the state graph as Graphviz DOT"},
	{"misere(G)", "the outcome when the last player to move loses"},
	{":play G", "play G against grundy"},
}

const helpExample = `Example:
  >>> game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n
  ... sub(8)
  sg = 1   outcome = N
  >>> :best sub(8)
  >>> :table sg(sub(n)) for n in 0 .. 10`

// termWidth is the width :help wraps to: the terminal's, else 80.
func (r *REPL) termWidth() int {
	if r.width != nil {
		if w := r.width(); w > 0 {
			return w
		}
	}
	return 80
}

// wrap fills text's words into lines of at most width characters (a
// longer word stands alone), the first line prefixed by first, the others
// by indent; it returns the lines joined, ending in a newline.
func wrap(text string, width int, first, indent string) string {
	var b strings.Builder
	line, n := first, utf8.RuneCountInString(first)
	empty := true
	for _, w := range strings.Fields(text) {
		wn := utf8.RuneCountInString(w)
		if !empty && n+1+wn > width {
			b.WriteString(line + "\n")
			line, n, empty = indent, utf8.RuneCountInString(indent), true
		}
		if !empty {
			line += " "
			n++
		}
		line += w
		n += wn
		empty = false
	}
	b.WriteString(line + "\n")
	return b.String()
}

// columns prints rows of a left cell and a description: the descriptions
// start in one column and wrap under it; a left cell too wide for that
// column (or a narrow terminal) puts its description on the next line.
func columns(w io.Writer, width int, rows [][2]string) {
	col := 0
	for _, row := range rows {
		if n := utf8.RuneCountInString(row[0]); n <= 36 {
			col = max(col, n+2)
		}
	}
	if width-col < 30 {
		col = 6
	}
	pad := strings.Repeat(" ", col)
	for _, row := range rows {
		left := row[0]
		if n := utf8.RuneCountInString(left); n+2 > col {
			io.WriteString(w, left+"\n")
			left = ""
		}
		left += strings.Repeat(" ", col-utf8.RuneCountInString(left))
		io.WriteString(w, wrap(row[1], width, left, pad))
	}
}

func (r *REPL) cmdHelp(_ context.Context, arg string) bool {
	w := r.out
	width := r.termWidth()
	if arg == "" {
		io.WriteString(w, wrap(helpIntro, width, "", ""))
		fmt.Fprintln(w, "\nCommands:")
		var rows [][2]string
		for _, c := range commands {
			rows = append(rows, [2]string{strings.TrimRight("  :"+c.name+" "+c.args, " "), c.help})
		}
		columns(w, width, rows)
		fmt.Fprintln(w, "\nBuilt-ins (:help NAME for each):")
		var names []string
		for _, b := range grundy.BuiltinDocs() {
			names = append(names, b.Name)
		}
		io.WriteString(w, wrap(strings.Join(names, ", "), width, "  ", "  "))
		var games []string
		for _, g := range grundy.GameDocs() {
			games = append(games, g.Name)
		}
		fmt.Fprintln(w, "\nGames of the standard library (:help NAME for each):")
		io.WriteString(w, wrap(strings.Join(games, ", "), width, "  ", "  "))
		fmt.Fprintln(w, "\nOperators, lowest precedence first (:help OP for each):")
		rows = rows[:0]
		for _, o := range helpOperators {
			rows = append(rows, [2]string{"  " + o[0], o[1]})
		}
		columns(w, width, rows)
		fmt.Fprintln(w, "\nExploring:")
		rows = rows[:0]
		for _, e := range helpExploring {
			rows = append(rows, [2]string{"  " + e[0], e[1]})
		}
		columns(w, width, rows)
		fmt.Fprintln(w, "\n"+helpExample)
		return true
	}
	topic := strings.TrimPrefix(arg, ":")
	for _, c := range commands {
		if c.name == topic {
			fmt.Fprintf(w, ":%s %s\n", c.name, c.args)
			io.WriteString(w, wrap(c.help, width, "  ", "  "))
			return true
		}
	}
	for _, b := range grundy.BuiltinDocs() {
		if b.Name == topic {
			io.WriteString(w, wrapParagraphs(b.Text, width))
			return true
		}
	}
	for _, g := range grundy.GameDocs() {
		if g.Name == topic {
			io.WriteString(w, wrapParagraphs(g.Text, width))
			return true
		}
	}
	for _, o := range helpOperators {
		if slices.Contains(strings.Fields(o[0]), topic) {
			io.WriteString(w, wrap(o[0]+": "+o[1], width, "", "  "))
			return true
		}
	}
	if lang.IsKeyword(topic) || topic == "moves" {
		io.WriteString(w, wrap(fmt.Sprintf("%q is a keyword; spec.md describes the statements and expressions that use it", topic), width, "", ""))
		return true
	}
	fmt.Fprintf(r.errOut, "no help on %q\n", arg)
	return false
}

// wrapParagraphs wraps each line of doc that is too wide, keeping its
// indentation; lines that fit are kept as written (code, tables).
func wrapParagraphs(doc string, width int) string {
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimRight(doc, "\n"), "\n") {
		if utf8.RuneCountInString(line) <= width {
			b.WriteString(line + "\n")
			continue
		}
		body := strings.TrimLeft(line, " ")
		indent := line[:len(line)-len(body)]
		b.WriteString(wrap(body, width, indent, indent))
	}
	return b.String()
}

// inLine returns src, which starts at byte off of the command line, with
// the line's lines before it and the spaces before it on its line, so
// that positions in it are positions in what the user typed.
func (r *REPL) inLine(off int, src string) string {
	return strings.Repeat("\n", r.cmdNo-1) + strings.Repeat(" ", utf8.RuneCountInString(r.cmdLine[:off])) + src
}

// typed is the session's text with the command line as typed, to show
// an error in.
func (r *REPL) typed() string { return r.textWith(r.cmdNo, r.cmdLine) }

// eval evaluates the command's argument, an expression.
func (r *REPL) eval(ctx context.Context, src string) (grundy.Value, bool) {
	v, err := r.in.EvalIn(ctx, "<stdin>", r.inLine(r.argAt, src))
	if err != nil {
		r.report(r.typed(), err)
		return grundy.None, false
	}
	return v, true
}

func (r *REPL) game(ctx context.Context, cmd, src string) (grundy.Value, bool) {
	if src == "" {
		fmt.Fprintf(r.errOut, ":%s needs a game, e.g. :%s sub(10)\n", cmd, cmd)
		return grundy.None, false
	}
	v, ok := r.eval(ctx, src)
	if ok && !v.IsGame() {
		fmt.Fprintf(r.errOut, ":%s needs a game, found %s %s\n", cmd, v.TypeName(), v.Repr())
		return v, false
	}
	return v, ok
}

// failed reports an error of a query the REPL made (its positions are in
// the entries typed) and returns false.
func (r *REPL) failed(err error) bool {
	r.report(strings.Join(r.lines, "\n"), err)
	return false
}

// sgOutcome is the SG value and the outcome of g.
func (r *REPL) sgOutcome(ctx context.Context, g grundy.Value) (grundy.SG, grundy.Outcome, error) {
	sg, err := r.in.SG(ctx, g)
	if err != nil {
		return grundy.SG{}, 0, err
	}
	out, err := r.in.Outcome(ctx, g)
	return sg, out, err
}

func (r *REPL) cmdMoves(ctx context.Context, arg string) bool {
	g, ok := r.game(ctx, "moves", arg)
	if !ok {
		return false
	}
	type row struct{ opt, sg, out string }
	var rows []row
	opts, err := r.in.Moves(ctx, g)
	if err != nil {
		return r.failed(err)
	}
	for _, o := range opts {
		sg, out, err := r.sgOutcome(ctx, o)
		if err != nil {
			return r.failed(err)
		}
		rows = append(rows, row{o.String(), sg.String(), out.String()})
	}
	if len(rows) == 0 {
		fmt.Fprintf(r.out, "%s has no moves: the player to move loses\n", g)
		return true
	}
	wo, ws := len("option"), len("sg")
	for _, x := range rows {
		wo, ws = max(wo, len([]rune(x.opt))), max(ws, len([]rune(x.sg)))
	}
	fmt.Fprintf(r.out, "  %-*s  %-*s  outcome\n", wo, "option", ws, "sg")
	winning := false
	for _, x := range rows {
		mark := " "
		if x.out == "P" {
			mark, winning = "*", true
		}
		fmt.Fprintf(r.out, "%s %-*s  %-*s  %s\n", mark, wo, x.opt, ws, x.sg, x.out)
	}
	if winning {
		fmt.Fprintln(r.out, "(* marks the winning moves: they leave a P-position)")
	} else {
		fmt.Fprintln(r.out, "(no winning move: no option leaves a P-position)")
	}
	return true
}

func (r *REPL) cmdBest(ctx context.Context, arg string) bool {
	g, ok := r.game(ctx, "best", arg)
	if !ok {
		return false
	}
	sg, out, err := r.sgOutcome(ctx, g)
	if err != nil {
		return r.failed(err)
	}
	switch out {
	case grundy.PreviousWins:
		fmt.Fprintf(r.out, "no winning move: %s is a P-position (sg = 0); every move leaves an N-position\n", g)
		return true
	case grundy.Draw:
		fmt.Fprintf(r.out, "no winning move: %s is a draw (sg = %s); neither player can force a win\n", g, sg)
		return true
	}
	best, found, err := r.in.BestMove(ctx, g)
	if err != nil {
		return r.failed(err)
	}
	if !found {
		fmt.Fprintf(r.out, "no winning move found for %s\n", g)
		return true
	}
	fmt.Fprintf(r.out, "%s\n", best)
	parts := g.Parts()
	if len(parts) > 1 && !sg.Infinite {
		sgs := make([]grundy.SG, len(parts))
		var terms []string
		for i, p := range parts {
			if sgs[i], err = r.in.SG(ctx, p); err != nil {
				return r.failed(err)
			}
			terms = append(terms, fmt.Sprintf("sg(%s) = %s", p, sgs[i]))
		}
		x := sg.N
		fmt.Fprintf(r.out, "  %s\n  their xor is %d, not 0, so the player to move wins;\n", strings.Join(terms, ", "), x)
		for i, p := range parts {
			v := sgs[i]
			if !v.Infinite && v.N^x < v.N {
				fmt.Fprintf(r.out, "  %s has sg %d and %d ^ %d = %d < %d: move it to an option of sg %d, making the xor 0\n",
					p, v.N, v.N, x, v.N^x, v.N, v.N^x)
				break
			}
		}
	} else {
		fmt.Fprintf(r.out, "  sg(%s) = %s: this move leaves a position of sg 0 (a P-position), so the opponent loses\n", g, sg)
	}
	return true
}

const tableUsage = "usage: :table EXPR for x in A .. B [for y in C .. D] (the clauses of a table statement)"

// cmdTable is the table statement with a header line (the variable and
// the expression as typed over the rows; a grid as the statement prints
// it), as grundy table prints it (Table.TextWithHeader). It parses and
// computes exactly as the statement does.
func (r *REPL) cmdTable(ctx context.Context, arg string) bool {
	if arg == "" {
		fmt.Fprintln(r.errOut, tableUsage)
		return false
	}
	t, err := r.in.Table(ctx, "<stdin>", r.inLine(r.argAt, arg))
	if err != nil {
		r.report(r.typed(), err)
		return false
	}
	t.WriteTextWithHeader(r.out)
	return true
}

const plotUse = "usage: :plot [FILE.png|FILE.svg] EXPR for n in A .. B [for m in C .. D]"

// cmdPlot runs :plot [FILE.png|FILE.svg] EXPR CLAUSES: it draws the plot
// (Interpreter.NewPlot) and writes it to FILE, or to the first of plot1.png,
// plot2.png, ... that does not exist, and says which file and what it
// shows.
func (r *REPL) cmdPlot(ctx context.Context, arg string) bool {
	if arg == "" {
		fmt.Fprintln(r.errOut, plotUse)
		return false
	}
	out, spec := "", arg
	first, rest, _ := strings.Cut(arg, " ")
	format := "png"
	switch strings.ToLower(filepath.Ext(first)) {
	case ".svg":
		format = "svg"
		fallthrough
	case ".png":
		out, spec = first, strings.TrimSpace(rest)
		if spec == "" {
			fmt.Fprintln(r.errOut, plotUse)
			return false
		}
	}
	// The text is parsed where it stands on the input line, so that an
	// error points into it.
	p, err := r.in.NewPlot(ctx, "<stdin>", r.inLine(r.argAt+len(arg)-len(spec), spec))
	if err != nil {
		r.report(r.typed(), err)
		return false
	}
	var buf bytes.Buffer
	if err := p.Write(&buf, grundy.PlotOptions{Format: format}); err != nil {
		fmt.Fprintf(r.errOut, "drawing the plot: %v\n", err)
		return false
	}
	if out == "" {
		for i := 1; ; i++ {
			out = fmt.Sprintf("plot%d.png", i)
			if _, err := os.Stat(out); os.IsNotExist(err) {
				break
			}
		}
	}
	if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
		fmt.Fprintf(r.errOut, "cannot write %s: %v\n", out, err)
		return false
	}
	fmt.Fprintf(r.out, "wrote %s: %s\n", out, p.Summary())
	return true
}
