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
//	grundy help [COMMAND]     the help, or a command's (commands.go)
//	grundy                    the interactive REPL
//
// commands.go holds the table of commands that the help is made from.
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

func main() {
	// A run bounds its Go stack itself (eval's stack budget, a quarter
	// of Go's own bound): room above it, so that an estimate that falls
	// short is a limit error, never a fatal stack overflow.
	debug.SetMaxStack(2 << 30)
	tuneGC()
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
		if c, ok := lookup(args[0]); ok && args[0] != "run" && args[0] != "check" {
			return c.run(args[1:], stdin, stdout, stderr)
		}
	}
	fs := flag.NewFlagSet("grundy", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var cfg config
	var expr string
	var help, ver bool
	rootFlags(fs, &cfg, &expr, &help, &ver)
	if err := parseFlags(fs, args); err != nil {
		fmt.Fprintf(stderr, "grundy: %v\n(see grundy --help)\n", err)
		return 2
	}
	rest := fs.Args()
	if !flagGiven(fs, "history") {
		cfg.history = os.Getenv("GRUNDY_HISTORY")
	}
	if help {
		return printHelp(rest, stdout)
	}
	if msg := checkLimitFlags(&cfg); msg != "" {
		fmt.Fprintf(stderr, "grundy: %s\n", msg)
		return 2
	}
	switch {
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
			fmt.Fprintf(stderr, "grundy: %s needs exactly one FILE (see grundy %s --help)\n", cmd, cmd)
			return 2
		}
	case "help":
		return helpCmd(files, stdin, stdout, stderr)
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

// rootFlags defines the flags of run, check, -e and the REPL: those of a
// run (runFlags), and -e, --history, --version and --help.
func rootFlags(fs *flag.FlagSet, cfg *config, expr *string, help, ver *bool) {
	runFlags(fs, cfg)
	fs.StringVar(expr, "e", "", "run the source text `SOURCE` (errors name the file <expr>)")
	fs.BoolVar(help, "help", false, "print the help")
	fs.BoolVar(help, "h", false, "print the help")
	fs.BoolVar(ver, "version", false, "print grundy's version")
	fs.StringVar(&cfg.history, "history", "", "the REPL's history `FILE` (default ~/.grundy_history; also GRUNDY_HISTORY; empty turns history off)")
}

// runFlags defines the flags of a run (grundy run, check and -e): the
// limits and --explain.
func runFlags(fs *flag.FlagSet, cfg *config) {
	addLimitFlags(fs, cfg)
	fs.BoolVar(&cfg.explain, "explain", false, "print to standard error what each game and def was compiled to (fast loop or general path, and why; after a run, the representation each argument of a game's positions got); with check, without running")
}

// printHelp prints the help that grundy --help asks for: run's or
// check's when the command word rest[0] is one of them, else the global
// help.
func printHelp(rest []string, stdout io.Writer) int {
	if len(rest) > 0 && (rest[0] == "run" || rest[0] == "check") {
		c, _ := lookup(rest[0])
		fs := flag.NewFlagSet("grundy "+c.name, flag.ContinueOnError)
		runFlags(fs, new(config))
		io.WriteString(stdout, usageOf(c, fs))
		return 0
	}
	io.WriteString(stdout, globalUsage())
	return 0
}

func envSet(name string) bool {
	_, ok := os.LookupEnv(name)
	return ok
}

// parseSub parses the flags of subcommand name: fs's own, --help (which
// prints the command's help) and, with cfg, the limit flags (checked).
// ok is false, with the exit status, when it printed the help or an
// error.
func parseSub(name string, fs *flag.FlagSet, args []string, cfg *config, stdout, stderr io.Writer) (code int, ok bool) {
	var help bool
	fs.BoolVar(&help, "help", false, "print this help")
	fs.BoolVar(&help, "h", false, "print this help")
	if cfg != nil {
		addLimitFlags(fs, cfg)
	}
	if err := parseFlags(fs, args); err != nil {
		fmt.Fprintf(stderr, "grundy %s: %v\n(see grundy %s --help)\n", name, err, name)
		return 2, false
	}
	if help {
		c, _ := lookup(name)
		io.WriteString(stdout, usageOf(c, fs))
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
// --max-states, --max-steps, --checkpoint and addTimeMemoryFlags's.
func addLimitFlags(fs *flag.FlagSet, cfg *config) {
	d := grundy.DefaultLimits()
	fs.BoolVar(&cfg.stats, "stats", false, "print positions visited, moves, memo size and time to standard error")
	fs.Int64Var(&cfg.maxStates, "max-states", 0, fmt.Sprintf("stop after `N` positions (default %d)", d.MaxStates))
	fs.Int64Var(&cfg.maxSteps, "max-steps", 0, fmt.Sprintf("stop after `N` evaluation steps (default %d)", d.MaxSteps))
	fs.StringVar(&cfg.checkpoint, "checkpoint", "", "save the values of take-and-break families (period, large tables) and of the pruned search (large boards) to `FILE` about every minute and when the run ends or stops, and go on from FILE's values (one FILE holds several games; runs may share it)")
	addTimeMemoryFlags(fs, cfg)
}

// addTimeMemoryFlags defines --timeout and --max-memory: the limits of
// a run, and of grundy fmt.
func addTimeMemoryFlags(fs *flag.FlagSet, cfg *config) {
	fs.DurationVar(&cfg.timeout, "timeout", 0, "stop after `D`, e.g. 30s or 2m (default: none)")
	fs.StringVar(&cfg.maxMemory, "max-memory", "", "stop above about `SIZE` of memory, e.g. 512M, at least 1M (default: half the machine's memory)")
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
// graph, grundy plot, named by cmd): the flags of parseSub, fs's own
// (its --format among them) and -o (into out), then FILE and the command's
// text, or else an error that says what the command needs (needs: "a
// FILE and an EXPR, as in ..."). ok is false, with the exit status, when
// it printed the usage or an error.
func parsePicture(cmd, needs string, fs *flag.FlagSet, args []string, cfg *config, out *string, stdout, stderr io.Writer) (file, text string, code int, ok bool) {
	fs.StringVar(out, "o", "", "write the picture to the file `OUT` instead of standard output")
	if code, ok := parseSub(cmd, fs, args, cfg, stdout, stderr); !ok {
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
	fmt.Fprintf(w, "grundy: %s, %.3fs, %.1f MiB in use\n", st, elapsed.Seconds(), float64(st.MemoryInUse)/(1<<20))
}

// loadScript reads a script file (readScript), without a byte order mark
// at its start (lang.TrimBOM); when it cannot, it says
// why on stderr and returns the exit status: 2 for a file that cannot be
// read, 1 for one larger than the memory limit (maxMem; 0: the default),
// which is not read (its parse could not fit in the limit).
func loadScript(stderr io.Writer, path string, maxMem int64) (string, int) {
	return loadWith(stderr, path, maxMem, func(max int64) (string, error) { return readScript(path, max) })
}

// loadWith is loadScript with read reading the script of at most max
// bytes.
func loadWith(stderr io.Writer, name string, maxMem int64, read func(max int64) (string, error)) (string, int) {
	src, code := loadRaw(stderr, name, maxMem, read)
	// A byte order mark is skipped here, so that the snippets of errors
	// quote the text the interpreter read.
	return lang.TrimBOM(src), code
}

// loadRaw is loadWith keeping a byte order mark (grundy fmt drops it
// itself, and must know whether the file had one).
func loadRaw(stderr io.Writer, name string, maxMem int64, read func(max int64) (string, error)) (string, int) {
	if maxMem == 0 {
		maxMem = grundy.DefaultLimits().MaxMemory
	}
	src, err := read(maxMem)
	var big tooBig
	switch {
	case errors.As(err, &big) && big < 0:
		fmt.Fprintf(stderr, "grundy: %s is more than the memory limit of %d MiB (--max-memory)\n", name, maxMem>>20)
		return "", 1
	case errors.As(err, &big):
		fmt.Fprintf(stderr, "grundy: %s is %.1f MiB, more than the memory limit of %d MiB (--max-memory)\n", name, float64(big)/(1<<20), maxMem>>20)
		return "", 1
	case err != nil:
		fmt.Fprintf(stderr, "grundy: cannot read %s: %v\n", name, unwrapPathError(err))
		return "", 2
	}
	return src, 0
}

// tooBig is readLimited's error for a script larger than its limit: the
// script's size, or -1 for a stream (read up to the limit).
type tooBig int64

func (n tooBig) Error() string { return fmt.Sprintf("%d bytes: too big", int64(n)) }

// readScript reads a script file into a string (readLimited).
func readScript(path string, max int64) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	return readLimited(f, knownSize(f), max)
}

// knownSize is the size of r when it is a regular file, else -1.
func knownSize(r io.Reader) int64 {
	if f, ok := r.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			return st.Size()
		}
	}
	return -1
}

// readLimited reads a script from r, size bytes when known (else -1),
// into a string, with one copy of it in memory (os.ReadFile and a
// conversion would hold two: 100 MB for a 50 MB script before its parse
// counts any). A script of more than max bytes is not read (tooBig): a
// file is not opened, a stream (a pipe, /dev/zero) is read up to max.
func readLimited(r io.Reader, size, max int64) (string, error) {
	if size > max {
		return "", tooBig(size)
	}
	if size < 0 {
		return readStream(r, max)
	}
	var b strings.Builder
	b.Grow(int(size))
	if _, err := io.Copy(&b, io.LimitReader(r, max+1)); err != nil {
		return "", err
	}
	if int64(b.Len()) > max {
		return "", tooBig(b.Len())
	}
	return b.String(), nil
}

// readStream reads a stream of unknown size: in pieces, each at most
// 4 MiB, then joined, so that the memory it takes stays about what it
// read (a buffer that doubles takes up to twice that while it grows):
// an endless stream stops at max bytes (tooBig(-1)).
func readStream(r io.Reader, max int64) (string, error) {
	var pieces [][]byte
	var n int64
	size := 64 << 10
	for {
		p := make([]byte, min(int64(size), max+1-n))
		k, err := io.ReadFull(r, p)
		pieces = append(pieces, p[:k])
		n += int64(k)
		if n > max {
			return "", tooBig(-1)
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return "", err
		}
		size = min(2*size, 4<<20)
	}
	var b strings.Builder
	b.Grow(int(n))
	for i, p := range pieces {
		b.Write(p)
		pieces[i] = nil
	}
	return b.String(), nil
}
