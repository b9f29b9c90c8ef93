package main

// The commands of the command line, in one table: what runs each, and
// what its help says. The global help (grundy --help, grundy help) and
// each command's own (grundy CMD --help, grundy help CMD) are made from
// it and from the flags each command defines, so that a flag's help and
// default are written once, where the flag is defined.

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// A command is a word of the command line: grundy NAME ARGS.
type command struct {
	name string
	// args are the synopses after "grundy NAME", the first shown in the
	// global help too.
	args []string
	// short says what the command does in a line or two, for the
	// global help.
	short string
	// long says it in full, for the command's own help.
	long string
	// example is a command line or a few, one a line.
	example string
	// only, when not nil, names the flags of the command's flag set that
	// its help lists (run and check share one).
	only []string
	// run runs the command with the arguments after its name; its
	// --help prints usageOf(name) with its flag set.
	run func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands are the commands, in the order the global help lists them.
// (Filled in by init: their run functions print help from the table.)
var commands []command

func init() {
	rootCmd := func(name string) func([]string, io.Reader, io.Writer, io.Writer) int {
		return func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
			return run(append([]string{name}, args...), stdin, stdout, stderr)
		}
	}
	commands = []command{
		{
			name:  "run",
			args:  []string{"[flags] FILE"},
			short: "run a script (grundy FILE does the same)",
			long: `Runs the script FILE: what it prints goes to standard output, an error
to standard error as FILE:LINE:COL: and a sentence, with the line and a
caret. The whole file is parsed and its names resolved before anything
runs. The flags may stand before or after the command word and FILE.`,
			example: "grundy run --stats examples/subtraction.game",
			run:     rootCmd("run"),
		},
		{
			name:  "check",
			args:  []string{"[flags] FILE"},
			short: "parse and resolve names, run nothing",
			long: `Parses FILE and resolves its names, as grundy run does before it runs
anything, and runs nothing: the exit status is 0 for a script without
errors, 1 for an unknown name or a call with the wrong number of
arguments, 2 for a syntax error.`,
			example: "grundy check --explain examples/classics.game",
			only:    []string{"explain", "max-memory"},
			run:     rootCmd("check"),
		},
		{
			name:  "graph",
			args:  []string{"FILE 'EXPR' [--format dot|svg|png] [-o OUT] [flags]"},
			short: "run FILE (its output to stderr), then draw the state graph of the game EXPR",
			long: `Runs FILE, evaluates EXPR in its scope and writes the state graph of the
game EXPR (at most 200 positions) as Graphviz DOT text, or renders it
with Graphviz's dot program. EXPR may also be graph(G, LIMIT): the graph
of the game G, at most LIMIT positions. The picture is always built from
a game: EXPR whose value is a string (DOT text) is an error.

What FILE prints goes to standard error, so standard output holds only the
picture. PNG is not written to a terminal: use -o or a redirection.`,
			example: "grundy graph examples/subtraction.game 'sub(6)' -o sub6.svg",
			run:     graphCmd,
		},
		{
			name:  "table",
			args:  []string{"FILE 'EXPR for n in A .. B' [--format text|csv|json|bfile] [flags]"},
			short: "run FILE (its output to stderr), then print a table of EXPR (two for clauses: a grid)",
			long: `Runs FILE, then computes the table in FILE's scope and writes it to
standard output: the text of a table statement without the word table,
with one for clause (a row per value) or two (a grid). The text format
is the REPL's :table: one for clause gets a header line, the variable
and the expression. csv, json and bfile write each row as it is
computed. What FILE prints goes to standard error. A table that starts
with - goes after --.

The rows are computed by one interpreter, or by N at once (--jobs N),
each running FILE (only the first one's output is written) and keeping
its memo across the runs of rows it is given; the output is the same,
byte for byte. Without --jobs, a table uses one interpreter per CPU once
its rows take 50 ms or more each, else one. With -o OUT, a table in csv,
json or bfile keeps OUT.progress while it writes OUT, and a run stopped
before the end goes on from there with --resume.`,
			example: "grundy table examples/subtraction.game 'sg(sub(n)) for n in 0 .. 10' --format csv",
			run:     tableCmd,
		},
		{
			name: "plot",
			args: []string{"FILE 'EXPR for n in A .. B' [--format png|svg] [-o OUT] [flags]",
				"FILE 'EXPR for x in A .. B for y in C .. D' ..."},
			short: "draw EXPR against n (two for clauses: a heat map)",
			long: `Runs FILE, then draws the values of EXPR in its scope: against n as a
scatter (one for clause), or as a heat map over (x, y) (two). The clauses
are a table's (see grundy table); the values must be ints or infinite SG
values. P-positions (0) are red; when EXPR is sg(F(n)) and period(F)
finds a period, its preperiod and blocks are marked.

What FILE prints goes to standard error, so standard output holds only the
picture. PNG is not written to a terminal: use -o or a redirection.`,
			example: "grundy plot examples/explore.game 'sg(kayles(n)) for n in 0 .. 300' -o kayles.png",
			run:     plotCmd,
		},
		{
			name:  "serve",
			args:  []string{"[--port P] [--host H] [--wasm DIR]"},
			short: "serve the playground (edit and run scripts in a browser) on http://127.0.0.1:P/",
			long: `Serves the playground on http://HOST:PORT/: a page where you edit a
script, run it in the browser (the interpreter compiled to WebAssembly,
with the limits of grundy run and a time limit), read its output and
errors, draw the state graph of a position, and open the examples.
/?run=SCRIPT opens SCRIPT (URL-encoded) and runs it; &input=TEXT gives
its standard input, &graph=EXPR draws a position; /?example=NAME opens
an example. The server answers only requests addressed to localhost,
127.0.0.1 or [::1] (or to the --host given), so that no other web site
can reach it through a name of its own.

The interpreter is compiled at start from grundy's source with the Go
toolchain (go build, GOOS=js GOARCH=wasm; a few seconds once Go's build
cache is warm): run grundy serve in a clone, e.g. go run ./cmd/grundy
serve. Ctrl-C stops the server.`,
			example: "grundy serve --port 8000 --wasm /tmp/grundy-wasm",
			run: func(args []string, _ io.Reader, stdout, stderr io.Writer) int {
				return serveCmd(args, stdout, stderr)
			},
		},
		{
			name:  "emit",
			args:  []string{"FILE [-o OUT.cpp]"},
			short: "translate FILE into one C++17 program that prints what grundy run FILE prints",
			long: `Translates the script FILE into one self-contained C++17 source file
(standard library only; g++ -O2 -std=c++17 builds it without a warning)
that reads standard input as the script's ints() does and prints what
grundy run FILE prints, with the same exit status and, for a runtime
error, the same message and caret on standard error. Each statement of
the script appears as a comment above its translation. Games become
memo tables (dense arrays for positions of int arguments) and plain
loops; games with cycles get the retrograde solver of generalized SG
values. What is outside the subset emit translates (spec.md, "grundy
emit") is reported with its position, and no program is written.`,
			example: "grundy emit examples/cutting.game -o cutting.cpp && g++ -O2 -std=c++17 -o cutting cutting.cpp && ./cutting < examples/cutting.in",
			run:     emitCmd,
		},
		{
			name:  "fmt",
			args:  []string{"[-w] [-d] [FILE...]"},
			short: "print FILEs in the canonical layout (-w: rewrite them; -d: print a diff; no FILE: standard input)",
			long: `Prints each FILE in the canonical layout (spec.md, section 15.3) on
standard output; without a FILE, formats standard input. A file that
does not parse is reported and left as it is (exit status 2); the
others are still formatted. A byte order mark at the start of a file is
dropped.`,
			example: "grundy fmt -d examples/*.game",
			run:     fmtCmd,
		},
		{
			name:  "help",
			args:  []string{"[COMMAND]"},
			short: "this help, or a command's: its flags and an example",
			long: `Prints the help of grundy, or of COMMAND: what it does, its flags with
their defaults, and an example.`,
			example: "grundy help table",
			run:     helpCmd,
		},
	}
}

// lookup returns the command named name.
func lookup(name string) (*command, bool) {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i], true
		}
	}
	return nil, false
}

// commandNames lists the commands' names: "run, check, ... and help".
func commandNames() string {
	var names []string
	for _, c := range commands {
		names = append(names, c.name)
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// helpCmd runs grundy help [COMMAND].
func helpCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	switch {
	case len(args) == 0:
		io.WriteString(stdout, globalUsage())
		return 0
	case args[0] == "-h" || args[0] == "--help" || args[0] == "-help":
		args = []string{"help"}
	case len(args) > 1:
		fmt.Fprintf(stderr, "grundy help: unexpected argument %q: grundy help takes one COMMAND at most\n", args[1])
		return 2
	}
	c, ok := lookup(args[0])
	if !ok {
		fmt.Fprintf(stderr, "grundy help: unknown command %q: the commands are %s\n", args[0], commandNames())
		return 2
	}
	if c.name == "help" {
		fs := flag.NewFlagSet("grundy help", flag.ContinueOnError)
		io.WriteString(stdout, usageOf(c, fs))
		return 0
	}
	// A command's help is what its --help prints (its flags defined).
	return c.run([]string{"--help"}, stdin, stdout, stderr)
}

// usageLine is the first synopsis of command name, as usage errors show
// it: "usage: grundy NAME ARGS".
func usageLine(name string) string {
	c, _ := lookup(name)
	return "usage: grundy " + name + " " + c.args[0]
}

// usageOf is the help of command c whose flags fs defines: its
// synopses, what it does, its flags with their defaults, an example.
func usageOf(c *command, fs *flag.FlagSet) string {
	var b strings.Builder
	for i, a := range c.args {
		if i == 0 {
			b.WriteString("Usage: ")
		} else {
			b.WriteString("       ")
		}
		fmt.Fprintf(&b, "grundy %s %s\n", c.name, a)
	}
	b.WriteString("\n" + c.long + "\n")
	if flags := flagHelp(fs, c.only); flags != "" {
		b.WriteString("\nFlags:\n" + flags)
	}
	b.WriteString("\nExample:\n")
	for _, l := range strings.Split(c.example, "\n") {
		b.WriteString("  " + l + "\n")
	}
	return b.String()
}

// flagColumn is where a flag's description starts in a help.
const flagColumn = 22

// helpWidth is the width a help is wrapped to.
const helpWidth = 79

// flagHelp lists the flags of fs (only those named in only, when it is
// not nil), -h and --help aside: each as --name VALUE (-n VALUE for a
// one-letter name; VALUE is the back-quoted word of its usage), its
// usage wrapped, and its default when that is not the zero value and
// the usage does not give it.
func flagHelp(fs *flag.FlagSet, only []string) string {
	var b strings.Builder
	fs.VisitAll(func(f *flag.Flag) {
		if f.Name == "help" || f.Name == "h" || only != nil && !contains(only, f.Name) {
			return
		}
		name, usage := flag.UnquoteUsage(f)
		left := "  --" + f.Name
		if len(f.Name) == 1 {
			left = "  -" + f.Name
		}
		if name != "" {
			left += " " + name
		}
		if !strings.Contains(usage, "(default") && !zeroDefault(f.DefValue) {
			usage += " (default " + f.DefValue + ")"
		}
		lines := wrap(usage, helpWidth-flagColumn)
		if len(left) > flagColumn-2 {
			b.WriteString(left + "\n")
			left = ""
		}
		for _, l := range lines {
			fmt.Fprintf(&b, "%-*s%s\n", flagColumn, left, l)
			left = ""
		}
	})
	return b.String()
}

// zeroDefault reports whether a flag's default is its type's zero value,
// which a help does not show.
func zeroDefault(s string) bool {
	switch s {
	case "", "0", "false", "0s":
		return true
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// wrap breaks text into lines of at most width characters, at spaces.
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		switch {
		case line == "":
			line = w
		case len(line)+1+len(w) > width:
			lines = append(lines, line)
			line = w
		default:
			line += " " + w
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// globalUsage is grundy's help: the commands with their first synopses
// and what they do, -e and the REPL, the flags of run, -e and the REPL,
// and the exit status.
func globalUsage() string {
	var b strings.Builder
	b.WriteString("grundy: Sprague-Grundy values, outcomes and winning moves of impartial games\n\nUsage:\n")
	entry := func(synopsis, short string) {
		const col = 30
		left := "  " + synopsis
		if len(left) > col-2 {
			b.WriteString(left + "\n")
			left = ""
		}
		for _, l := range wrap(short, helpWidth-col) {
			fmt.Fprintf(&b, "%-*s%s\n", col, left, l)
			left = ""
		}
	}
	for _, c := range commands {
		entry("grundy "+c.name+" "+c.args[0], c.short)
		if c.name == "check" {
			entry("grundy -e 'SOURCE' [flags]", "run the source text given")
		}
	}
	entry("grundy [flags]", "the interactive REPL (reads statements from standard input when it is not a terminal)")
	b.WriteString("\nFlags of run, -e and the REPL (the limits also of graph, table and plot):\n")
	fs := flag.NewFlagSet("grundy", flag.ContinueOnError)
	var cfg config
	rootFlags(fs, &cfg, new(string), new(bool), new(bool))
	b.WriteString(flagHelp(fs, nil))
	b.WriteString(`
grundy help COMMAND (or grundy COMMAND --help) prints a command's own help:
its flags with their defaults, and an example.

Exit status: 0 success; 1 runtime error, failed assertion or output that
could not be written; 2 syntax error or bad usage. The language is
described in spec.md.
`)
	return b.String()
}
