// Command grundy runs scripts of the grundy language, checks them, and
// opens the interactive REPL.
//
//	grundy run [flags] FILE   run a script (also: grundy FILE)
//	grundy -e 'SOURCE'        run the source text given
//	grundy check FILE         parse and resolve names, run nothing
//	grundy graph FILE 'EXPR'  draw the state graph of a game (graph.go)
//	grundy table FILE 'TABLE' a table of values (table.go)
//	grundy serve [--port P]   the playground, in a browser (serve.go)
//	grundy fmt [-w] [-d] FILE the canonical layout of scripts (fmt.go)
//	grundy                    the interactive REPL
//
// Exit status: 0 when the script ran to its end; 1 on a runtime error, a
// failed assertion or output that could not be written (stdout.go); 2 on
// a syntax error or bad usage.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/grundy-lang/grundy"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/repl"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "0.1.0"

const usage = `grundy: Sprague-Grundy values, outcomes and winning moves of impartial games

Usage:
  grundy run [flags] FILE   run a script (grundy FILE does the same)
  grundy -e 'SOURCE'        run the source text given
  grundy check FILE         parse and resolve names, run nothing
  grundy graph FILE 'EXPR' [--format dot|svg|png] [-o OUT] [flags]
                            run FILE (its output to stderr), then draw the
                            state graph of the game EXPR
  grundy table FILE 'EXPR for n in A .. B' [--format text|csv|json|bfile] [flags]
                            run FILE (its output to stderr), then print a
                            table of EXPR (two for clauses: a grid)
  grundy plot FILE 'EXPR for n in A .. B' [--format png|svg] [-o OUT]
                            draw EXPR against n (two for clauses: a heat map)
  grundy serve [--port P]   serve the playground (edit and run scripts in a
                            browser) on http://127.0.0.1:P/ (default 8080)
  grundy fmt [-w] [-d] FILE...
                            print FILEs in the canonical layout (-w: rewrite
                            them; -d: print a diff; no FILE: standard input)
  grundy                    the interactive REPL (reads statements from
                            standard input when it is not a terminal)
  grundy --help | --version

Flags (run, -e and the REPL; --stats and the limits also for graph and table):
  --stats              print positions visited, moves, memo size and time to stderr
  --explain            print to stderr what each game and def was compiled to
                       (fast loop or general path, and why); with check, no run
  --max-states N       stop after N positions (default 20000000)
  --max-steps N        stop after N evaluation steps (default 10000000000)
  --timeout D          stop a run after D, e.g. 30s or 2m (default: none)
  --max-memory SIZE    stop above about SIZE of memory, e.g. 512M, at least
                       1M (default: half the machine's memory)
  --history FILE       the REPL's history file (default ~/.grundy_history;
                       also GRUNDY_HISTORY; empty turns history off)
  --checkpoint FILE    save the values of take-and-break families (period,
                       large tables) to FILE about every minute and when the
                       run ends or stops, and go on from FILE's values

Exit status: 0 success; 1 runtime error, failed assertion or output that
could not be written; 2 syntax error or bad usage. The language is
described in spec.md.
`

func main() {
	// A run bounds its Go stack itself (eval's stack budget, a quarter
	// of Go's own bound): room above it, so that an estimate that falls
	// short is a limit error, never a fatal stack overflow.
	debug.SetMaxStack(2 << 30)
	// GRUNDY_CPUPROFILE=FILE writes a CPU profile of the run (for
	// developers: go tool pprof FILE).
	if f := os.Getenv("GRUNDY_CPUPROFILE"); f != "" {
		if out, err := os.Create(f); err == nil {
			if pprof.StartCPUProfile(out) == nil {
				code := runStd(os.Args[1:])
				pprof.StopCPUProfile()
				out.Close()
				os.Exit(code)
			}
		}
	}
	// GRUNDY_MEMPROFILE=FILE writes a profile of the run's allocations.
	if f := os.Getenv("GRUNDY_MEMPROFILE"); f != "" {
		runtime.MemProfileRate = 4096
		code := runStd(os.Args[1:])
		if out, err := os.Create(f); err == nil {
			pprof.Lookup("allocs").WriteTo(out, 0)
			out.Close()
		}
		os.Exit(code)
	}
	os.Exit(runStd(os.Args[1:]))
}

type config struct {
	stats      bool
	explain    bool
	maxStates  int64
	maxSteps   int64
	timeout    time.Duration
	maxMemory  string
	memBytes   int64
	history    string
	checkpoint string
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "table":
			return tableCmd(args[1:], stdin, stdout, stderr)
		case "graph":
			return graphCmd(args[1:], stdin, stdout, stderr)
		case "plot":
			return plotCmd(args[1:], stdin, stdout, stderr)
		case "serve":
			return serveCmd(args[1:], stdout, stderr)
		case "fmt":
			return fmtCmd(args[1:], stdin, stdout, stderr)
		}
	}
	fs := flag.NewFlagSet("grundy", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var cfg config
	var expr string
	var help, ver bool
	fs.StringVar(&expr, "e", "", "")
	fs.BoolVar(&help, "help", false, "")
	fs.BoolVar(&help, "h", false, "")
	fs.BoolVar(&ver, "version", false, "")
	addLimitFlags(fs, &cfg)
	fs.BoolVar(&cfg.explain, "explain", false, "")
	fs.StringVar(&cfg.history, "history", os.Getenv("GRUNDY_HISTORY"), "")
	if err := parseFlags(fs, args); err != nil {
		fmt.Fprintf(stderr, "grundy: %v\n(see grundy --help)\n", err)
		return 2
	}
	rest := fs.Args()
	if msg := checkLimitFlags(&cfg); msg != "" {
		fmt.Fprintf(stderr, "grundy: %s\n", msg)
		return 2
	}
	switch {
	case help:
		fmt.Fprint(stdout, usage)
		return 0
	case ver:
		fmt.Fprintf(stdout, "grundy %s\n", version)
		return 0
	case expr != "" || flagGiven(fs, "e"):
		if len(rest) > 0 {
			fmt.Fprintf(stderr, "grundy: unexpected argument %q after -e\n", rest[0])
			return 2
		}
		return runSource(cfg, "<expr>", expr, stdin, stdout, stderr)
	case len(rest) == 0:
		return repl.Run(repl.Config{Stdin: stdin, Stdout: stdout, Stderr: stderr, History: cfg.history, HistorySet: flagGiven(fs, "history") || envSet("GRUNDY_HISTORY"), Limits: limits(cfg)})
	}
	cmd, files := rest[0], rest[1:]
	switch cmd {
	case "run", "check":
		if len(files) != 1 {
			fmt.Fprintf(stderr, "grundy: %s needs exactly one FILE (see grundy --help)\n", cmd)
			return 2
		}
	default:
		cmd, files = "run", rest
		if len(files) != 1 {
			fmt.Fprintf(stderr, "grundy: unexpected argument %q (see grundy --help)\n", files[1])
			return 2
		}
	}
	src, code := loadScript(stderr, files[0], cfg.memBytes)
	if code != 0 {
		return code
	}
	if cmd == "check" {
		// The limits hold, and Ctrl-C stops it, as for a run.
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		in := grundy.New(grundy.Config{CommandLine: true, Limits: limits(cfg)})
		if err := in.CheckContext(ctx, files[0], src); err != nil {
			return report(stderr, src, err)
		}
		if cfg.explain {
			io.WriteString(stderr, in.Explain())
		}
		return 0
	}
	return runSource(cfg, files[0], src, stdin, stdout, stderr)
}

func envSet(name string) bool {
	_, ok := os.LookupEnv(name)
	return ok
}

// parseSub parses the flags of subcommand name: fs's own, --help (which
// prints usage) and, with cfg, the limit flags (checked). ok is false,
// with the exit status, when it printed the usage or an error.
func parseSub(name, usage string, fs *flag.FlagSet, args []string, cfg *config, stdout, stderr io.Writer) (code int, ok bool) {
	var help bool
	fs.BoolVar(&help, "help", false, "")
	fs.BoolVar(&help, "h", false, "")
	if cfg != nil {
		addLimitFlags(fs, cfg)
	}
	if err := parseFlags(fs, args); err != nil {
		fmt.Fprintf(stderr, "grundy %s: %v\n(see grundy %s --help)\n", name, err, name)
		return 2, false
	}
	if help {
		fmt.Fprint(stdout, usage)
		return 0, false
	}
	if cfg != nil {
		if msg := checkLimitFlags(cfg); msg != "" {
			fmt.Fprintf(stderr, "grundy %s: %s\n", name, msg)
			return 2, false
		}
	}
	return 0, true
}

// parseFlags accepts flags before and after the command word.
func parseFlags(fs *flag.FlagSet, args []string) error {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return err
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		pos = append(pos, args[0])
		args = args[1:]
		if len(pos) > 0 && pos[0] == "-e" {
			break
		}
	}
	return fs.Parse(append([]string{"--"}, pos...))
}

func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			given = true
		}
	})
	return given
}

// addLimitFlags defines the flags of a run's limits, shared by grundy
// run (and -e and the REPL), grundy table and grundy graph: --stats,
// --max-states, --max-steps, --timeout and --max-memory.
func addLimitFlags(fs *flag.FlagSet, cfg *config) {
	fs.BoolVar(&cfg.stats, "stats", false, "")
	fs.Int64Var(&cfg.maxStates, "max-states", 0, "")
	fs.Int64Var(&cfg.maxSteps, "max-steps", 0, "")
	fs.DurationVar(&cfg.timeout, "timeout", 0, "")
	fs.StringVar(&cfg.maxMemory, "max-memory", "", "")
	fs.StringVar(&cfg.checkpoint, "checkpoint", "", "")
}

// checkLimitFlags validates the flags addLimitFlags defined and fills in
// cfg.memBytes; it returns a sentence for a bad value (a usage error).
func checkLimitFlags(cfg *config) string {
	switch {
	case cfg.maxStates < 0:
		return fmt.Sprintf("--max-states must be a positive number of positions, not %d", cfg.maxStates)
	case cfg.maxSteps < 0:
		return fmt.Sprintf("--max-steps must be a positive number of steps, not %d", cfg.maxSteps)
	case cfg.timeout < 0:
		return fmt.Sprintf("--timeout must be a positive duration such as 30s or 2m, not %v", cfg.timeout)
	}
	n, err := parseSize(cfg.maxMemory)
	if err != nil {
		return "--max-memory: " + err.Error()
	}
	cfg.memBytes = n
	return ""
}

// limits are the limits of a run the flags set. The Go runtime is told
// the memory limit too, so that it collects garbage harder as the heap
// nears it: what reaches the limit is then what a run keeps, not its
// garbage.
func limits(cfg config) grundy.Limits {
	mem := cfg.memBytes
	if mem == 0 {
		mem = grundy.DefaultLimits().MaxMemory
	}
	setGoMemoryLimit(mem)
	return grundy.Limits{MaxStates: cfg.maxStates, MaxSteps: cfg.maxSteps, Timeout: cfg.timeout, MaxMemory: cfg.memBytes}
}

// interpreter makes the interpreter of a run: its print output to out,
// ints() reading stdin, the limits and checkpoint of the flags, errors
// worded as the command prints them, and the progress indicator on
// stderr when it is a terminal.
func interpreter(cfg config, out io.Writer, stdin io.Reader, stderr io.Writer) *grundy.Interpreter {
	return grundy.New(withProgress(grundy.Config{Stdout: out, Stdin: stdin, Limits: limits(cfg), Checkpoint: cfg.checkpoint, CommandLine: true}, stderr))
}

// runInScope runs FILE, then evaluates the command's own text in FILE's
// scope with eval (Interpreter.Graph, Table or NewPlot): the steps of
// grundy graph, table and plot. texts holds the two texts by file name
// (file's and name's), for the snippets of an error. FILE's print output
// goes to stderr, since standard output is the command's; --stats is
// printed after both. It returns eval's result and the exit status: 0
// when both ran, else the status of the error it reported.
func runInScope[T any](ctx context.Context, cfg config, file, name string, texts map[string]string, stdin io.Reader, stderr io.Writer, eval func(*grundy.Interpreter, context.Context, string, string) (T, error)) (T, int) {
	var zero T
	in := interpreter(cfg, stderr, stdin, stderr)
	start := time.Now()
	if err := in.Load(ctx, file, texts[file]); err != nil {
		return zero, reportIn(stderr, texts, err)
	}
	v, err := eval(in, ctx, name, texts[name])
	if cfg.stats {
		printStats(stderr, in, time.Since(start))
	}
	if err != nil {
		return zero, reportIn(stderr, texts, err)
	}
	return v, 0
}

// parsePicture reads the command line of a picture command (grundy
// graph, grundy plot, named by cmd): the flags of parseSub, fs's own,
// --format and -o (into format and out), then FILE and the command's
// text, or else an error that says what the command needs (needs: "a
// FILE and an EXPR, as in ..."). ok is false, with the exit status, when
// it printed the usage or an error.
func parsePicture(cmd, usage, needs string, fs *flag.FlagSet, args []string, cfg *config, format, out *string, stdout, stderr io.Writer) (file, text string, code int, ok bool) {
	fs.StringVar(format, "format", "", "")
	fs.StringVar(out, "o", "", "")
	if code, ok := parseSub(cmd, usage, fs, args, cfg, stdout, stderr); !ok {
		return "", "", code, false
	}
	if fs.NArg() != 2 {
		fmt.Fprintf(stderr, "grundy %s: needs %s (see grundy %s --help)\n", cmd, needs, cmd)
		return "", "", 2, false
	}
	return fs.Arg(0), fs.Arg(1), 0, true
}

// checkOut checks the output of a picture (grundy graph, grundy plot,
// named by cmd): -o, when given, names a file, and PNG goes to a file or
// a redirection, not a terminal. It returns the exit status of a usage
// error, or 0.
func checkOut(cmd string, fs *flag.FlagSet, format, out string, stdout, stderr io.Writer) int {
	if flagGiven(fs, "o") && out == "" {
		fmt.Fprintf(stderr, "grundy %s: -o needs a file name\n", cmd)
		return 2
	}
	if format == "png" && out == "" && isTerminal(stdout) {
		fmt.Fprintf(stderr, "grundy %s: PNG is binary and standard output is a terminal: use -o FILE.png or redirect standard output\n", cmd)
		return 2
	}
	return 0
}

// writeOut writes the picture data of command cmd to the file out (-o)
// and returns the exit status.
func writeOut(cmd, out string, data []byte, stderr io.Writer) int {
	if err := os.WriteFile(out, data, 0o644); err != nil {
		fmt.Fprintf(stderr, "grundy %s: cannot write %s: %v\n", cmd, out, unwrapPathError(err))
		return 1
	}
	return 0
}

// setGoMemoryLimit sets the Go runtime's memory limit (the tests, which
// run many commands in one process, keep their own).
var setGoMemoryLimit = func(n int64) { debug.SetMemoryLimit(n) }

// minMemory is the smallest --max-memory: a smaller budget is surely a
// mistake (the interpreter alone takes about that much).
const minMemory = 1 << 20

// maxMemory is the largest --max-memory (1 PiB): more is surely a typo.
const maxMemory = 1 << 50

// parseSize reads a size in bytes with an optional unit: 512M, 2G, 1.5GiB.
// The size must be a finite number from minMemory to maxMemory.
func parseSize(s string) (int64, error) {
	if s == "" {
		return 0, nil
	}
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(strings.TrimSuffix(t, "IB"), "B")
	mult := 1.0
	switch {
	case strings.HasSuffix(t, "K"):
		mult, t = 1<<10, strings.TrimSuffix(t, "K")
	case strings.HasSuffix(t, "M"):
		mult, t = 1<<20, strings.TrimSuffix(t, "M")
	case strings.HasSuffix(t, "G"):
		mult, t = 1<<30, strings.TrimSuffix(t, "G")
	}
	f, err := strconv.ParseFloat(t, 64)
	// ParseFloat reads "NaN", "Inf" and "0x1p4" too: only positive,
	// finite decimal numbers are sizes.
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || f <= 0 || strings.ContainsAny(t, "XPN") {
		return 0, fmt.Errorf("%q is not a size such as 512M or 2G", s)
	}
	switch b := f * mult; {
	case b < minMemory:
		return 0, fmt.Errorf("%q is too small: grundy needs at least 1M", s)
	case b > maxMemory:
		return 0, fmt.Errorf("%q is too large: the most is 1048576G", s)
	}
	return int64(f * mult), nil
}

func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func runSource(cfg config, name, src string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	in := interpreter(cfg, stdout, stdin, stderr)
	start := time.Now()
	err := in.Load(ctx, name, src)
	if cfg.stats {
		printStats(stderr, in, time.Since(start))
	}
	if cfg.explain {
		// --explain: per game and def, what it was compiled to.
		io.WriteString(stderr, in.Explain())
	}
	if err != nil {
		return report(stderr, src, err)
	}
	return 0
}

// report prints an error with a caret snippet and returns the exit status.
func report(w io.Writer, src string, err error) int {
	return reportFrom(w, func(string) (string, bool) { return src, true }, err)
}

// reportIn is report for a run of several texts (FILE, and the EXPR or
// table evaluated after it), by file name: each position's snippet is a
// line of its own text.
func reportIn(w io.Writer, texts map[string]string, err error) int {
	return reportFrom(w, func(name string) (string, bool) {
		t, ok := texts[name]
		return t, ok
	}, err)
}

// reportFrom prints an error of grundy code (or of the command's own
// parse of a table) with its snippet from source, or another error as
// "grundy: MESSAGE", and returns the exit status: 2 for a syntax error,
// else 1.
func reportFrom(w io.Writer, source func(string) (string, bool), err error) int {
	var e *grundy.Error
	var se *lang.Error
	var list lang.ErrorList
	if !errors.As(err, &e) && !errors.As(err, &se) && !errors.As(err, &list) {
		io.WriteString(w, "grundy: "+err.Error()+"\n")
		return 1
	}
	io.WriteString(w, grundy.ExplainIn(err, source))
	if e != nil && e.Kind == grundy.SyntaxError || se != nil {
		return 2
	}
	return 1
}

// printStats writes --stats: the run's time, positions visited, options
// generated, what the memo holds and the memory in use (what the memory
// limit counts: the process's, not only the memo's).
func printStats(w io.Writer, in *grundy.Interpreter, elapsed time.Duration) {
	st := in.Stats()
	fmt.Fprintf(w, "grundy: %d states visited, %d moves, %d positions known (memo %.1f MiB), %d games, %.3fs, %.1f MiB in use\n",
		st.States, st.Moves, st.Memoized, float64(st.MemoBytes)/(1<<20), st.Games, elapsed.Seconds(), float64(st.MemoryInUse)/(1<<20))
}

// loadScript reads a script file (readScript); when it cannot, it says
// why on stderr and returns the exit status: 2 for a file that cannot be
// read, 1 for one larger than the memory limit (maxMem; 0: the default),
// which is not read (its parse could not fit in the limit).
func loadScript(stderr io.Writer, path string, maxMem int64) (string, int) {
	if maxMem == 0 {
		maxMem = grundy.DefaultLimits().MaxMemory
	}
	src, err := readScript(path, maxMem)
	var big tooBig
	switch {
	case errors.As(err, &big) && big < 0:
		fmt.Fprintf(stderr, "grundy: %s is larger than the memory limit of %d MiB (--max-memory)\n", path, maxMem>>20)
		return "", 1
	case errors.As(err, &big):
		fmt.Fprintf(stderr, "grundy: %s is %.1f MiB, more than the memory limit of %d MiB (--max-memory)\n", path, float64(big)/(1<<20), maxMem>>20)
		return "", 1
	case err != nil:
		fmt.Fprintf(stderr, "grundy: cannot read %s: %v\n", path, unwrapPathError(err))
		return "", 2
	}
	return src, 0
}

// tooBig is readScript's error for a file larger than its limit: the
// file's size, or -1 for a stream (a pipe, a device) read up to the
// limit, whose size is not known.
type tooBig int64

func (n tooBig) Error() string { return fmt.Sprintf("%d bytes: too big", int64(n)) }

// readScript reads a script file into a string, with one copy of it in
// memory (os.ReadFile and a conversion would hold two: 100 MB for a
// 50 MB script before its parse counts any). A file of more than max
// bytes is not read (tooBig); a stream is read in pieces, counted as
// they come, and no further than max bytes (readStream).
func readScript(path string, max int64) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return readStream(f, max)
	}
	if st.Size() > max {
		return "", tooBig(st.Size())
	}
	var b strings.Builder
	b.Grow(int(st.Size()))
	// (A file that grows as it is read is still read no further than max.)
	if _, err := io.Copy(&b, io.LimitReader(f, max+1)); err != nil {
		return "", err
	}
	if int64(b.Len()) > max {
		return "", tooBig(b.Len())
	}
	return b.String(), nil
}

// streamPiece is the most readStream reads at a time.
const streamPiece = 1 << 20

// readStream reads r to its end into a string, in pieces of at most
// streamPiece bytes that are never copied as more come (a growing buffer
// would leave a trail of copies behind it, four times the input before a
// collection), and stops with tooBig(-1) once more than max bytes came.
// The pieces are joined at the end.
func readStream(r io.Reader, max int64) (string, error) {
	var pieces [][]byte
	var total int64
	size := 4096
	for {
		p := make([]byte, size)
		n, err := io.ReadFull(r, p)
		total += int64(n)
		if total > max {
			return "", tooBig(-1)
		}
		if n > 0 {
			pieces = append(pieces, p[:n])
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return "", err
		}
		size = min(2*size, streamPiece)
	}
	var b strings.Builder
	b.Grow(int(total))
	for i, p := range pieces {
		b.Write(p)
		pieces[i] = nil
	}
	return b.String(), nil
}
