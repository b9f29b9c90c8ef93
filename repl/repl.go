// Package repl is grundy's interactive read-eval-print loop. It is the only
// package that uses line editing (github.com/chzyer/readline); it talks to
// the interpreter through the same API an embedding program uses, the
// module's root package (grundy.Interpreter: Exec runs an entry).
//
// Entry points: Run (the whole REPL: interactive on a terminal, a plain
// statement reader otherwise), New/REPL.Entry (the core, driven through
// plain readers and writers in tests), and Entries (how piped input splits
// into entries). Lines become entries in entry.go: a declaration waits for
// its next line, which may continue it (a "|" alternative, a clause), so
// that a script typed, pasted or piped reads as its statements; an entry
// is atomic (commands.go has the :commands, play.go :play).
package repl

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/chzyer/readline"
	"github.com/grundy-lang/grundy"
	"github.com/grundy-lang/grundy/lang"
)

// Config says where the REPL reads and writes.
type Config struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// History is the history file; "" turns history off. HistorySet says
	// whether it was chosen (else ~/.grundy_history).
	History    string
	HistorySet bool
	Limits     grundy.Limits
}

// REPL is the state of one session: the interpreter and the REPL's
// options.
type REPL struct {
	in     *grundy.Interpreter
	cfg    Config
	out    io.Writer
	errOut io.Writer
	timing bool
	quit   bool
	line   int      // lines read so far (entries keep their real line numbers)
	lines  []string // the session's text, for error snippets
	mu     sync.Mutex
	cancel context.CancelFunc
	// cmdLine is the :command line being run, as typed; its argument
	// starts at byte argAt.
	cmdLine string
	cmdNo   int // its line number
	argAt   int
	// width is the terminal's width in columns (what :help wraps to).
	width func() int
	// readLine reads one line of a :play game (the user's move).
	readLine func(prompt string) (string, error)
}

// New makes a REPL core writing to out and errOut.
func New(cfg Config) *REPL {
	r := &REPL{cfg: cfg, out: cfg.Stdout, errOut: cfg.Stderr}
	r.in = newInterpreter(cfg.Stdout, cfg.Limits)
	return r
}

// newInterpreter makes the REPL's interpreter: no standard input (ints()
// would wait for the lines typed next), errors worded as the grundy
// command words them.
func newInterpreter(out io.Writer, limits grundy.Limits) *grundy.Interpreter {
	return grundy.New(grundy.Config{Stdout: out, Limits: limits, CommandLine: true})
}

// Run runs the REPL until end of input or :quit and returns the exit
// status: 0, or 1 when standard input is not a terminal and an entry
// failed.
func Run(cfg Config) int {
	if f, ok := cfg.Stdin.(*os.File); ok && readline.IsTerminal(int(f.Fd())) {
		if o, ok := cfg.Stdout.(*os.File); ok && readline.IsTerminal(int(o.Fd())) {
			return New(cfg).interactive()
		}
	}
	return New(cfg).piped(cfg.Stdin)
}

// piped reads entries from a non-terminal: no prompts, no line editing.
// Lines group into entries as a script's do (see entry.go).
func (r *REPL) piped(in io.Reader) int {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	r.readLine = r.scannerInput(sc)
	a := &assembler{hold: holdAnyDecl}
	status := 0
	run := func(es []entry) {
		for _, e := range es {
			if r.quit {
				return
			}
			if !r.Entry(context.Background(), e.src(), e.start) {
				status = 1
			}
		}
	}
	for !r.quit && sc.Scan() {
		r.line++
		run(a.add(r.firstLine(sc.Text()), r.line))
	}
	run(a.end())
	return status
}

func historyPath(cfg Config) string {
	if cfg.HistorySet {
		return cfg.History
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return filepath.Join(home, ".grundy_history")
}

// interactive runs the REPL on a terminal with readline.
func (r *REPL) interactive() int {
	rl, err := readline.NewEx(&readline.Config{
		Prompt:                 ">>> ",
		HistoryFile:            historyPath(r.cfg),
		HistorySearchFold:      true,
		DisableAutoSaveHistory: true,
		AutoComplete:           completer{r},
		InterruptPrompt:        "^C",
		EOFPrompt:              "",
	})
	if err != nil {
		fmt.Fprintf(r.errOut, "grundy: cannot start the REPL: %v\n", err)
		return 2
	}
	defer rl.Close()
	r.out, r.errOut = rl.Stdout(), rl.Stderr()
	r.width = readline.GetScreenWidth
	r.readLine = r.readlineInput(rl)
	r.in = newInterpreter(r.out, r.cfg.Limits)
	fmt.Fprintf(r.out, "grundy REPL: type a statement or an expression, :help for help, Ctrl-D to leave\n")

	// Ctrl-C during a computation cancels it.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt)
	defer signal.Stop(sigs)
	go func() {
		for range sigs {
			r.mu.Lock()
			if r.cancel != nil {
				r.cancel()
			}
			r.mu.Unlock()
		}
	}()

	a := &assembler{hold: holdDecl, preferNew: true}
	run := func(es []entry) {
		for _, e := range es {
			if r.quit {
				return
			}
			rl.SaveHistory(historyItem(e.lines))
			ctx, cancel := context.WithCancel(context.Background())
			r.mu.Lock()
			r.cancel = cancel
			r.mu.Unlock()
			r.Entry(ctx, e.src(), e.start)
			r.mu.Lock()
			r.cancel = nil
			r.mu.Unlock()
			cancel()
		}
	}
	for !r.quit {
		if a.pending() {
			rl.SetPrompt("... ")
		} else {
			rl.SetPrompt(">>> ")
		}
		line, err := rl.Readline()
		if errors.Is(err, readline.ErrInterrupt) {
			// Ctrl-C at the prompt clears the unfinished lines (a
			// declaration held complete still counts).
			run(a.interrupt())
			continue
		}
		if err != nil { // io.EOF: Ctrl-D
			break
		}
		r.line++
		run(a.add(r.firstLine(line), r.line))
	}
	run(a.end())
	return 0
}

// firstLine is the input line line without the byte order mark that may
// start the session's first line (a script piped in from a file that
// has one), so that its column 1 is the character after it.
func (r *REPL) firstLine(line string) string {
	if r.line == 1 {
		return lang.TrimBOM(line)
	}
	return line
}

// historyItem makes one history line of a multi-line entry: lines joined
// by spaces (newlines are white space in the language) unless a comment
// would swallow what follows.
func historyItem(lines []string) string {
	for _, l := range lines[:len(lines)-1] {
		if strings.Contains(l, "#") {
			return strings.Join(lines, "\n")
		}
	}
	parts := make([]string, len(lines))
	for i, l := range lines {
		parts[i] = strings.TrimSpace(l)
	}
	return strings.Join(parts, " ")
}

// Entry runs one complete entry (statements or a :command) whose first
// line is line number start; it reports whether it succeeded.
func (r *REPL) Entry(ctx context.Context, src string, start int) bool {
	t0 := time.Now()
	ok := r.entry(ctx, src, start)
	if r.timing {
		fmt.Fprintf(r.out, "(%.3fs)\n", time.Since(t0).Seconds())
	}
	return ok
}

func (r *REPL) entry(ctx context.Context, src string, start int) bool {
	trimmed := strings.TrimSpace(src)
	if trimmed == "" {
		return true
	}
	if strings.HasPrefix(trimmed, ":") {
		r.cmdNo = max(start, 1)
		return r.command(ctx, src)
	}
	r.remember(src, start)
	padded := strings.Repeat("\n", max(start-1, 0)) + src
	if err := r.in.Exec(ctx, "<stdin>", padded); err != nil {
		r.report(strings.Join(r.lines, "\n"), err)
		r.declareRest(ctx, padded, err)
		return false
	}
	return true
}

// declareRest runs again an entry of several declarations that did not
// resolve (nothing of it was declared) without those that have errors,
// until the rest resolves: a declaration that fails declares nothing, but
// does not take down the consecutive declarations it was entered with
// (unless they use it). The errors were reported; the new ones (a use of
// a dropped declaration) say nothing more and are not.
func (r *REPL) declareRest(ctx context.Context, padded string, err error) {
	f, perr := lang.ParseEntry("<stdin>", padded)
	if perr != nil || len(f.Stmts) < 2 {
		return
	}
	starts := make([]int, len(f.Stmts)+1)
	for i, st := range f.Stmts {
		if !holdAnyDecl(st) {
			return
		}
		starts[i] = stmtOffset(st)
		if starts[i] < 0 || i > 0 && starts[i] < starts[i-1] {
			return
		}
	}
	starts[len(f.Stmts)] = len(padded)
	text := []byte(padded)
	left := len(f.Stmts)
	for {
		list := resolveErrors(err)
		if list == nil {
			if err != nil { // a let's value failed: a new error
				r.report(strings.Join(r.lines, "\n"), err)
			}
			return
		}
		dropped := false
		for _, e := range list {
			at := offset(padded, e.Line, e.Column)
			for i := 0; i < len(f.Stmts); i++ {
				if starts[i] <= at && at < starts[i+1] && text[starts[i]] != ' ' {
					for j := starts[i]; j < starts[i+1]; j++ {
						if text[j] != '\n' {
							text[j] = ' '
						}
					}
					dropped = true
					left--
				}
			}
		}
		if !dropped || left == 0 {
			return
		}
		err = r.in.Exec(ctx, "<stdin>", string(text))
	}
}

// resolveErrors returns the resolve errors err is made of, or nil when it
// is not made of resolve errors.
func resolveErrors(err error) grundy.ErrorList {
	var list grundy.ErrorList
	var e *grundy.Error
	switch {
	case errors.As(err, &list) && !slices.ContainsFunc(list, func(e *grundy.Error) bool { return e.Kind != grundy.ResolveError }):
		return list
	case errors.As(err, &list):
		return nil // (a run's error and its checkpoint's)
	case errors.As(err, &e) && e.Kind == grundy.ResolveError:
		return grundy.ErrorList{e}
	}
	return nil
}

// offset is the byte offset in src of a line and column (both from 1,
// the column in characters, as positions count them).
func offset(src string, line, column int) int {
	at := 0
	for ; line > 1; line-- {
		i := strings.IndexByte(src[at:], '\n')
		if i < 0 {
			return len(src)
		}
		at += i + 1
	}
	for ; column > 1 && at < len(src) && src[at] != '\n'; column-- {
		_, n := utf8.DecodeRuneInString(src[at:])
		at += n
	}
	return at
}

// remember records an entry's lines in the session transcript, so that an
// error in an earlier entry (a game's moves, say) shows its line.
func (r *REPL) remember(src string, start int) {
	start = max(start, 1)
	for len(r.lines) < start-1 {
		r.lines = append(r.lines, "")
	}
	r.lines = append(r.lines[:start-1], strings.Split(strings.TrimSuffix(src, "\n"), "\n")...)
}

// report prints an error with its caret snippet, src being the text its
// positions point into (any other error as "grundy: MESSAGE").
func (r *REPL) report(src string, err error) {
	var e *grundy.Error
	if !errors.As(err, &e) {
		fmt.Fprintf(r.errOut, "grundy: %v\n", err)
		return
	}
	io.WriteString(r.errOut, grundy.ExplainIn(err, func(string) (string, bool) { return src, true }))
}

// completer completes keywords, built-ins, :commands and the session's
// own names.
type completer struct{ r *REPL }

func (c completer) Do(line []rune, pos int) ([][]rune, int) {
	start := pos
	for start > 0 && isWordRune(line[start-1]) {
		start--
	}
	prefix := string(line[start:pos])
	if start > 0 && line[start-1] == ':' && start == 1 {
		prefix = ":" + prefix
	}
	var out [][]rune
	for _, cand := range c.r.Candidates(prefix) {
		out = append(out, []rune(cand[len(prefix):]))
	}
	return out, len([]rune(prefix))
}

func isWordRune(r rune) bool {
	return r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}

// Candidates returns the completions of a word prefix, sorted: the words
// that start with it, the prefix itself among them when it is a word, so
// that Tab after a whole word with longer ones (period, periodic) lists
// them all rather than replacing it with the other.
func (r *REPL) Candidates(prefix string) []string {
	var words []string
	if strings.HasPrefix(prefix, ":") {
		for _, c := range commands {
			words = append(words, ":"+c.name)
		}
	} else {
		words = append(words, lang.Keywords...)
		words = append(words, "moves")
		for _, b := range grundy.BuiltinDocs() {
			words = append(words, b.Name)
		}
		words = append(words, r.in.Names()...)
		for _, g := range grundy.GameDocs() {
			words = append(words, g.Name)
		}
	}
	seen := map[string]bool{}
	var out []string
	for _, w := range words {
		if strings.HasPrefix(w, prefix) && !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	sort.Strings(out)
	return out
}
