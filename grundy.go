package grundy

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"sync"
	"time"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/graph"
	"github.com/grundy-lang/grundy/internal/progress"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/internal/plot"
	"github.com/grundy-lang/grundy/lang"
)

// Config configures an Interpreter. The zero Config discards print
// output, denies standard input and uses the default limits.
type Config struct {
	// Stdout receives what scripts print. Output is buffered and written
	// when the call that printed it returns. Nil discards it.
	Stdout io.Writer
	// Stdin is what ints() reads: all of it, once, on the first call; the
	// integers are remembered for later calls. Nil makes ints() a runtime
	// error, so that a script cannot wait for input the program does not
	// provide.
	Stdin io.Reader
	// Limits bound each call.
	Limits Limits
	// Progress, when set, is called during a call that has run for a
	// second, about every quarter of a second, with the positions visited
	// so far; and once more with Done set when such a call ends. It is
	// called on the goroutine running the call and must be quick; it may
	// make the Interpreter's lookups (Stats, ...), not its calls (ErrBusy).
	Progress func(Progress)
	// Checkpoint, when set, names a file that the values of take-and-break
	// families (octal games, and declared games that follow such a rule)
	// are saved to, about every minute and when a call ends or stops, and
	// read back from when a family first needs values: a long computation
	// stopped (a limit, a cancellation) goes on from there in a later run.
	// The file holds the values of every game saved to it (a save keeps
	// the other games'); it is replaced whole under a lock, so that runs
	// may share it, and a file that fails its checksum is refused (see
	// spec.md, --checkpoint).
	Checkpoint string
	// CommandLine words errors as the grundy command prints them, for
	// programs that offer the command's flags: a limit error names the
	// flag that raises the limit, as in "(--max-steps)", and a
	// cancellation says "interrupted" without the context's error (which
	// Unwrap still returns).
	CommandLine bool
}

// DefaultLimits returns the limits that the zero fields of Limits stand
// for; MaxMemory is half of the machine's memory (or the container's),
// and Timeout is zero: no time limit.
func DefaultLimits() Limits {
	return Limits{MaxStates: engine.DefaultMaxStates, MaxDepth: engine.DefaultMaxDepth, MaxSteps: engine.DefaultMaxSteps, MaxMemory: engine.DefaultMaxMemory()}
}

// Limits bound the work of the calls to Load, Eval and the game queries;
// a call that reaches one fails with an Error of kind LimitError, and the
// Interpreter stays usable. Zero fields mean the defaults.
type Limits struct {
	// MaxStates bounds the positions the SG engine visits, counted from
	// New, not per call: the values of the positions visited stay
	// memoized, so they are not visited again. The count starts over
	// after the limit is reached. Default 20,000,000.
	MaxStates int64
	// MaxDepth bounds nested calls of defs. Default 100,000.
	MaxDepth int
	// MaxSteps bounds evaluation steps (loop iterations, calls,
	// positions) of one call. Default 10,000,000,000.
	MaxSteps int64
	// MaxMemory bounds the memory in use, in bytes: the heap and the
	// goroutine stacks of the whole Go process, and the memo tables this
	// interpreter keeps outside it (on Linux). Operations that build big
	// values check it before they allocate. Default half the machine's
	// memory (or the container's).
	MaxMemory int64
	// Timeout bounds the wall time of one call. Default none: only the
	// context stops a call.
	Timeout time.Duration
}

// ErrBusy is returned by a call made while the Interpreter is running
// another one: from another goroutine, or from Go code the running call
// invoked (a Go game or function, a callback of Config or TableRows).
// The lookups (Game, Position, Names, Stats, Explain, Explanations) never
// return it: see Interpreter.
var ErrBusy = errors.New("grundy: the interpreter is busy with another call (an Interpreter runs one call at a time; Go games and functions must not call back into it)")

// An Interpreter runs grundy code: the scripts it loads, and the games and
// functions that Go code defines for them. What one call declares or
// computes stays for the later ones: games, defs and lets of loaded files,
// and every SG value found (memoized). Interpreters are independent of
// each other.
//
// An Interpreter runs one call at a time: Load, LoadFS, Exec, Check,
// Eval, EvalIn, Table, TableRows, SG, Outcome, Moves, Winning, BestMove,
// Remoteness, Plot, NewPlot, Graph, Reset, DefineGame, DefineFunc and
// DefineValue, made while another of them runs (from another goroutine,
// or from Go code that the running call invoked), return ErrBusy at once
// and do nothing. For parallel work, use one Interpreter per goroutine.
//
// The lookups, Game, Position, Names, Stats, Explain and Explanations,
// may be called at any time from any goroutine, and never return ErrBusy.
// While a call runs:
//   - from the Go code that the call invokes (a Go game's Options or
//     Check, a Go function, Config.Progress, Config.Stdout and
//     Config.Stdin, TableRows' each), which runs on the call's goroutine
//     while the call waits for it, they answer at once, from the state
//     the call has reached; so do they from other goroutines meanwhile;
//   - from other goroutines while the call runs grundy code, they wait
//     until the call ends or next invokes Go code (and the call waits for
//     the lookups under way before it goes on).
//
// Every method of Game, Position, Value, Table and Plot may be called from
// any goroutine at any time.
type Interpreter struct {
	// mu is held by the running call (begin): another call finds it
	// taken (ErrBusy).
	mu sync.Mutex
	// state guards the session and sources: the running call holds it for
	// writing, except while it runs the program's Go code (goCode); the
	// lookups hold it for reading.
	state sync.RWMutex
	// held: the running call holds state (written with state held for
	// writing, read by the call and under state's read lock).
	held    bool
	s       *eval.Session
	sources map[string]string // loaded sources by file name, for snippets
	defined map[string]bool   // names defined by Go code
	cmdline bool              // Config.CommandLine
}

// New returns an Interpreter with the standard library (built-in
// functions and games such as nim, kayles and wythoff) and nothing else.
func New(cfg Config) *Interpreter {
	in := &Interpreter{sources: map[string]string{}, defined: map[string]bool{}, cmdline: cfg.CommandLine}
	l := cfg.Limits
	opts := eval.Options{
		Limits:     engine.Limits{MaxStates: l.MaxStates, MaxDepth: l.MaxDepth, MaxSteps: l.MaxSteps, MaxMemory: l.MaxMemory, Timeout: l.Timeout},
		Checkpoint: cfg.Checkpoint,
	}
	if cfg.Stdout != nil {
		opts.Stdout = goWriter{in, cfg.Stdout}
	}
	if cfg.Stdin != nil {
		opts.Stdin = goReader{in, cfg.Stdin}
	}
	if f := cfg.Progress; f != nil {
		opts.Progress = func(p progress.Report) {
			in.goCode(func() {
				f(Progress{States: p.States, Elapsed: p.Elapsed, Done: p.Done, Units: p.Units, Detail: p.Detail})
			})
		}
	}
	in.s = eval.NewSession(opts)
	return in
}

// Load parses a script, resolves its names and runs its statements:
// its games, defs and lets stay declared for later calls, and what it
// prints goes to Config.Stdout. filename is the name errors show. A
// UTF-8 byte order mark at the start of src is skipped: column 1 is the
// character after it.
//
// A syntax or resolve error (SyntaxError, ResolveError) runs nothing and
// keeps nothing of the file. After a runtime error, the statements before
// the failing one have run and the file's declarations stay in effect.
// A later Load may declare a name again: code loaded afterwards sees the
// new declaration, code loaded before keeps the old one.
func (in *Interpreter) Load(ctx context.Context, filename, src string) error {
	src = lang.TrimBOM(src)
	return in.exec(ctx, func(ctx context.Context) error {
		in.sources[filename] = src
		return in.s.LoadFile(ctx, filename, src)
	})
}

// LoadFS loads the file name of fsys, like Load; errors show name as its
// file name.
func (in *Interpreter) LoadFS(ctx context.Context, fsys fs.FS, name string) error {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return err
	}
	return in.Load(ctx, name, string(data))
}

// Exec runs src as one entry of an interactive session, as the grundy
// REPL runs what is typed at its prompt. Unlike Load, it may declare a
// game or def again: the code that used the old declaration uses the new
// one from then on (what was compiled from the old one is compiled
// again), and the values memoized are forgotten. The value of a bare
// expression statement is shown on Config.Stdout: a game as
// "sg = 1   outcome = N", any other value as it appears inside a
// container (a string quoted). A syntax or resolve error runs and
// declares nothing; after a runtime error, the entry's games and defs
// stay declared, and a let whose value failed binds nothing.
// A byte order mark at the start of src is skipped, as Load skips it.
func (in *Interpreter) Exec(ctx context.Context, filename, src string) error {
	src = lang.TrimBOM(src)
	return in.exec(ctx, func(ctx context.Context) error {
		in.sources[filename] = src
		th := in.s.Thread()
		th.Show = show
		defer func() { th.Show = nil }()
		return in.s.ExecEntry(ctx, filename, src)
	})
}

// show shows the value of a bare expression of an Exec entry.
func show(th *engine.Thread, v value.Value) {
	out := th.Out()
	if v.IsGame() {
		c := &engine.Call{Th: th}
		fmt.Fprintf(out, "sg = %s   outcome = %s\n", value.Format(th.SG(c, v)), th.Outcome(c, v))
		return
	}
	out.WriteString(th.Repr(v))
	out.WriteByte('\n')
}

// Check parses a script and resolves its names, as Load does before it
// runs anything, and runs nothing: it returns the syntax and resolve
// errors Load would (a byte order mark skipped as Load skips it). It
// keeps nothing of the file, except that Explain
// and Explanations then say what its games and defs compile to. The
// Config's limits hold (its time limit, its memory limit), as for Load:
// it is CheckContext with a context that is never cancelled.
func (in *Interpreter) Check(filename, src string) error {
	return in.CheckContext(context.Background(), filename, src)
}

// CheckContext is Check under ctx: the check stops, with an error of
// kind Canceled, soon after ctx is done.
func (in *Interpreter) CheckContext(ctx context.Context, filename, src string) error {
	src = lang.TrimBOM(src)
	return in.exec(ctx, func(ctx context.Context) error {
		in.sources[filename] = src
		return in.s.CheckFileContext(ctx, filename, src)
	})
}

// Format returns src (a script, named filename in errors) in the
// canonical layout of grundy fmt (spec.md), under the interpreter's time
// and memory limits and ctx: its error is a syntax error, as Load would
// report it, or a limit's (while formatting). It keeps nothing of src.
func (in *Interpreter) Format(ctx context.Context, filename, src string) (string, error) {
	var out string
	var ferr error
	if err := in.exec(ctx, func(ctx context.Context) error {
		out, ferr = in.s.Format(ctx, filename, src)
		return nil
	}); err != nil {
		return "", err
	}
	// (Its errors are in src, which the interpreter does not keep.)
	own := func(file string) (string, bool) { return src, file == filename }
	if err := convert(ferr, ctx, own, in.cmdline); err != nil {
		return "", err
	}
	return out, nil
}

// Eval evaluates one expression, e.g. "sg(cut(4, 2))" or "cut(4, 2) +
// *3", with the names the loaded code declared, and returns its value.
// Errors show the file name "<eval>".
func (in *Interpreter) Eval(ctx context.Context, expr string) (Value, error) {
	return in.EvalIn(ctx, "<eval>", expr)
}

// EvalIn is Eval with errors showing filename. The expression may follow
// blank lines and spaces, so that its positions are those of a larger
// text it stands in (a command line, an editor's buffer).
func (in *Interpreter) EvalIn(ctx context.Context, filename, expr string) (Value, error) {
	var v value.Value
	err := in.exec(ctx, func(ctx context.Context) error {
		in.sources[filename] = expr
		var err error
		v, err = in.s.Eval(ctx, filename, expr)
		return err
	})
	return Value{v}, err
}

// Table computes a table of values as a script's table statement does,
// and returns it instead of printing it. spec is the statement without
// its keyword: an expression and its clauses, such as
// `sg(kayles(n)) for n in 0 .. 20` (a row per n) or
// `sg(wythoff(x, y)) for x in 0 .. 9 for y in 0 .. 9` (a grid); it sees
// the names the loaded code declared. Errors show filename.
func (in *Interpreter) Table(ctx context.Context, filename, spec string) (*Table, error) {
	return in.TableRows(ctx, filename, spec, nil)
}

// TableRows is Table for a table too long to hold: a table with one for
// clause hands each row to each (its label and its value) as soon as it
// is computed and keeps none, so that the Table it returns has no rows
// (only RowVar). An error each returns stops the computation and
// is TableRows' error, as it is. A grid (two for clauses) is computed
// whole and returned as by Table, and each is not called. A nil each is
// Table.
func (in *Interpreter) TableRows(ctx context.Context, filename, spec string, each func(row, value Value) error) (*Table, error) {
	var rows func(i int64, row, v value.Value) error
	if each != nil {
		rows = func(_ int64, row, v value.Value) (err error) {
			in.goCode(func() { err = each(Value{row}, Value{v}) })
			return err
		}
	}
	return in.tableRows(ctx, filename, spec, rows)
}

// tableRows is TableRows, each told the number of the row's iteration of
// the for clause too (table.RowFunc).
func (in *Interpreter) tableRows(ctx context.Context, filename, spec string, rows func(i int64, row, v value.Value) error) (*Table, error) {
	var t *eval.Table
	var expr string
	err := in.exec(ctx, func(ctx context.Context) error {
		in.sources[filename] = spec
		st, err := lang.ParseTable(filename, spec)
		if err != nil {
			return err
		}
		expr = tableExpr(spec, st)
		t, err = in.s.TableRows(ctx, st, rows)
		return err
	})
	if err != nil {
		return nil, err
	}
	return newTable(t, expr), nil
}

// tableExpr is the expression of the table st as written in spec (up to
// its first clause).
func tableExpr(spec string, st *lang.TableStmt) string {
	end := len(spec)
	if len(st.Clauses) > 0 {
		end = st.Clauses[0].Position().Offset
	}
	return strings.TrimSpace(spec[lang.Start(st.Body).Offset:end])
}

// SG returns the (generalized) Sprague-Grundy value of game g, as the
// script's sg(g).
func (in *Interpreter) SG(ctx context.Context, g Value) (SG, error) {
	var r value.Value
	err := in.query(ctx, "SG", g, func(th *engine.Thread, c *engine.Call) { r = th.SG(c, g.v) })
	if err != nil {
		return SG{}, err
	}
	s, _ := Value{r}.SG()
	return s, nil
}

// Outcome returns who wins game g under optimal play, as the script's
// outcome(g).
func (in *Interpreter) Outcome(ctx context.Context, g Value) (Outcome, error) {
	var o string
	err := in.query(ctx, "Outcome", g, func(th *engine.Thread, c *engine.Call) { o = th.Outcome(c, g.v) })
	if err != nil {
		return 0, err
	}
	return Outcome(o[0]), nil
}

// Moves returns the options of game g, each distinct option once, in the
// order its move rule generates them; for a sum, part by part, the moves
// of one part with the others unchanged. As the script's moves(g).
func (in *Interpreter) Moves(ctx context.Context, g Value) ([]Value, error) {
	var r []value.Value
	err := in.query(ctx, "Moves", g, func(th *engine.Thread, c *engine.Call) { r = th.Moves(c, g.v) })
	return wrapAll(r), err
}

// Winning returns the options of g that win for the player who moves
// there: empty unless g is an N-position. For a game with cycles they
// come in order of remoteness, so that always taking the first ends the
// game. As the script's winning(g).
func (in *Interpreter) Winning(ctx context.Context, g Value) ([]Value, error) {
	var r []value.Value
	err := in.query(ctx, "Winning", g, func(th *engine.Thread, c *engine.Call) { r = th.Winning(c, g.v) })
	if err != nil {
		return nil, err
	}
	return wrapAll(r), nil
}

// BestMove returns the winning option of g that ends the game soonest,
// and false when g has no winning option (a P-position or a draw).
func (in *Interpreter) BestMove(ctx context.Context, g Value) (Value, bool, error) {
	var r value.Value
	var ok bool
	err := in.query(ctx, "BestMove", g, func(th *engine.Thread, c *engine.Call) { r, ok = th.BestMove(c, g.v) })
	if err != nil {
		return None, false, err
	}
	return Value{r}, ok, nil
}

// Remoteness returns the number of moves until g ends under optimal play
// (the winner hurrying, the loser delaying), and false for a draw.
func (in *Interpreter) Remoteness(ctx context.Context, g Value) (int64, bool, error) {
	var r value.Value
	err := in.query(ctx, "Remoteness", g, func(th *engine.Thread, c *engine.Call) { r = th.Remoteness(c, g.v) })
	if err != nil {
		return 0, false, err
	}
	n, ok := Value{r}.Int()
	return n, ok, nil
}

// Plot draws the values of an expression and writes the picture to w, as
// the command grundy plot does. spec is an expression and its clauses, as
// a table statement takes them: `sg(kayles(n)) for n in 0 .. 300` draws
// the values against n (a scatter), two for clauses
// (`sg(wythoff(x, y)) for x in 0 .. 40 for y in 0 .. 40`) a heat map.
// The values must be ints or infinite SG values; P-positions (0) are
// drawn in red, and when spec is sg(F(n)) the period that period(F, B)
// finds is marked. Errors in spec show the file name "<plot>"; nothing is
// written to w after an error.
func (in *Interpreter) Plot(ctx context.Context, w io.Writer, spec string, opts PlotOptions) error {
	if err := opts.Check(); err != nil {
		return fmt.Errorf("grundy: Plot: %v", err)
	}
	p, err := in.NewPlot(ctx, "<plot>", spec)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := p.Write(&buf, opts); err != nil {
		return fmt.Errorf("grundy: Plot: %v", err)
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// NewPlot computes the values that Plot draws, for a program that writes
// the picture itself (in several formats, or after saying what it shows).
// Errors in spec show filename.
func (in *Interpreter) NewPlot(ctx context.Context, filename, spec string) (*Plot, error) {
	var p *plot.Plot
	err := in.exec(ctx, func(ctx context.Context) error {
		in.sources[filename] = spec
		var err error
		p, err = plot.New(ctx, in.s, filename, spec)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &Plot{p}, nil
}

// Graph returns the state graph of a game as Graphviz DOT text, as the
// command grundy graph draws it: expr is evaluated with the names the
// loaded code declared, and its value must be a game, whose graph shows
// at most 200 positions. expr may also be graph(G, LIMIT) (unless the
// loaded code declares the name graph): the graph of the game G, at most
// LIMIT positions. A value that is not a game is an error, a string
// above all: the text is always built here, never taken from a script.
// Errors show filename.
func (in *Interpreter) Graph(ctx context.Context, filename, expr string) (string, error) {
	var text string
	err := in.exec(ctx, func(ctx context.Context) error {
		in.sources[filename] = expr
		var err error
		text, err = in.graph(ctx, filename, expr)
		return err
	})
	return text, err
}

// graph is Graph under the lock.
func (in *Interpreter) graph(ctx context.Context, filename, expr string) (string, error) {
	s := in.s
	x, err := lang.ParseExpr(filename, expr)
	if err != nil {
		return "", err
	}
	gx, limit := x, graph.DefaultGraphLimit
	if call, ok := x.(*lang.Call); ok && len(call.Args) >= 1 && len(call.Args) <= 2 && in.callsGraph(call) {
		gx = call.Args[0]
		if len(call.Args) == 2 {
			v, err := s.EvalExpr(ctx, call.Args[1])
			if err != nil {
				return "", err
			}
			at := lang.Start(call.Args[1])
			switch {
			case v.Kind() != value.KInt:
				return "", value.Errorf(at, "graph's node limit must be an int, found %s %s", v.TypeName(), value.Repr(v))
			case v.Int() < 1 || v.Int() > graph.MaxGraphLimit:
				return "", value.Errorf(at, "graph's node limit must be between 1 and %d, found %d", graph.MaxGraphLimit, v.Int())
			}
			limit = int(v.Int())
		}
	}
	g, err := s.EvalExpr(ctx, gx)
	if err != nil {
		return "", err
	}
	pos := lang.Start(gx)
	if !g.IsGame() {
		if g.Kind() == value.KStr {
			return "", value.Errorf(pos, "EXPR must be a game, found string %s: grundy graph draws the state graph of a game itself and never uses text from the script (write the game, as in g(7), or graph(g(7), 50) to draw up to 50 positions)", value.Repr(g))
		}
		return "", value.Errorf(pos, "EXPR must be a game (a position such as g(7), a nimber or a sum), found %s %s", g.TypeName(), value.Repr(g))
	}
	return s.Graph(ctx, pos, g, limit)
}

// callsGraph reports whether call calls the built-in graph, by what its
// callee means in the session (not a game, def or let of that name).
func (in *Interpreter) callsGraph(call *lang.Call) bool {
	bi := in.s.CalledBuiltin(call)
	return bi != nil && bi == in.s.Registry().Builtin("graph")
}

// Explain says, per game and def loaded so far, what it was compiled to:
// for each alternative of a move rule, the fast loop it runs or the
// general path and why; for each def, whether it is inlined (the text of
// `grundy run --explain`), and the passes that fired.
func (in *Interpreter) Explain() string {
	in.state.RLock()
	defer in.state.RUnlock()
	var b strings.Builder
	for _, x := range in.s.Explain() {
		b.WriteString(x.String())
	}
	return b.String()
}

// Explanations are Explain's, one per game and def, in the order they
// were declared; a declaration made again (Exec) replaces its earlier
// one.
func (in *Interpreter) Explanations() []Explanation {
	in.state.RLock()
	defer in.state.RUnlock()
	var out []Explanation
	for _, x := range in.s.Explain() {
		out = append(out, newExplanation(x))
	}
	return out
}

// Stats returns the counters of the Interpreter's state graph, as
// grundy run --stats prints them. It takes time proportional to the
// positions memoized.
func (in *Interpreter) Stats() Stats {
	in.state.RLock()
	st := in.s.Stats()
	in.state.RUnlock()
	return Stats{States: st.States, Moves: st.Moves, Memoized: st.Memoized, MemoBytes: st.MemoBytes, Games: st.Games, InfiniteValues: st.LoopySets, MemoryInUse: st.InUse}
}

// Names returns the names the loaded code declared (games, defs and
// lets), sorted: not the standard library's, nor those Go code defined.
func (in *Interpreter) Names() []string {
	in.state.RLock()
	defer in.state.RUnlock()
	return in.s.Names()
}

// Reset forgets every declaration, binding and memoized value, and the
// definitions made by DefineGame, DefineFunc and DefineValue: the
// Interpreter is as New made it, with the same Config. Values made
// before belong to no Interpreter any more.
func (in *Interpreter) Reset() error {
	if !in.begin() {
		return ErrBusy
	}
	defer in.end()
	in.s.Reset()
	clear(in.sources)
	clear(in.defined)
	return nil
}

// Game returns the game family a script would mean by name: declared by
// loaded code, defined by DefineGame, or from the standard library.
func (in *Interpreter) Game(name string) (Game, bool) {
	in.state.RLock()
	defer in.state.RUnlock()
	g := in.s.LookupGame(name)
	if g == nil {
		return Game{}, false
	}
	return Game{g}, true
}

// Position returns the position name(args...) of the game family a
// script would mean by name, checked as a script's call would be: the
// number of arguments, and a Go family's Check.
func (in *Interpreter) Position(name string, args ...Value) (Value, error) {
	in.state.RLock()
	defer in.state.RUnlock()
	g := in.s.LookupGame(name)
	if g == nil {
		return None, fmt.Errorf("grundy: no game named %q", name)
	}
	if len(args) != g.Arity() {
		return None, fmt.Errorf("grundy: game %s takes %d arguments, but %d were given", name, g.Arity(), len(args))
	}
	for _, a := range args {
		if !in.s.Owns(a.v) {
			return None, errForeign(a)
		}
	}
	ev := unwrapAll(args)
	if err := g.CheckArgs(ev); err != nil {
		p := g.Position(ev...)
		return None, fmt.Errorf("grundy: %s: %s", value.Format(p), engine.GoErrorText(p, err))
	}
	return Value{g.Position(ev...)}, nil
}

// GameDef defines a game family written in Go (see DefineGame).
type GameDef struct {
	// Name is the name scripts call the family by; positions print as
	// Name(args).
	Name string
	// Arity is the number of arguments of a position.
	Arity int
	// Doc is a one-line description.
	Doc string
	// Options returns the options of position p: games, usually
	// positions of the same family made with p.Game().Position, nimbers,
	// or sums. It is called for each position whose options or value
	// are needed, and its result used as if memoized: it must depend on
	// p's arguments alone. With a Check, it is only ever called with
	// arguments that Check accepted. An error it returns becomes a
	// runtime error at the script's call that needed the options (as in
	// "FILE:LINE:COL: euc(0, 3): not positive": the position is shown
	// before the error's text, once, also when that text starts with it).
	// It runs on the goroutine of the call that needs it, which waits
	// meanwhile: it may make the Interpreter's lookups (Game, Position,
	// ...), and the Interpreter's calls return ErrBusy.
	Options func(p Position) ([]Value, error)
	// Check, if not nil, validates the arguments of the family's
	// positions, so that Options never sees arguments it rejects:
	//   - a script's call that writes a position, wherever it stands
	//     (sg(h(n)), a sum, a comprehension, a def's body, a declared
	//     game's move rule), checks it at that call: the error is a
	//     runtime error there, "FILE:LINE:COL: h(-1): ERROR";
	//   - Interpreter.Position checks the position it makes, and returns
	//     the error;
	//   - a position that no such call made (made by Game.Position, as an
	//     option that Options returns, or passed to a query) is checked
	//     before its options are first listed: the error is at the
	//     script's call that needed them (sg, moves, ...), or it is the
	//     query's error.
	// Check may be called more than once for a position, and must
	// depend on the arguments alone. A family with a Check is computed
	// the general way, without the fast paths that compute a position's
	// value without making it as a value: a Check costs the families
	// that have one only.
	Check func(args []Value) error
}

// DefineGame defines a game family written in Go. Scripts loaded
// afterwards use it like a declared game: make its positions, add them to
// other games, ask for their SG values. Define it before loading the
// scripts that use it, since names are resolved when a script is loaded.
//
// It is an error when the name is not a name of the language, is a
// reserved word or a built-in function, was defined before by Go code, or
// is declared by loaded code. A Go definition hides a standard-library
// game of the same name; a script's declaration hides the Go definition.
func (in *Interpreter) DefineGame(d GameDef) (Game, error) {
	if !in.begin() {
		return Game{}, ErrBusy
	}
	defer in.end()
	if d.Options == nil || d.Arity < 0 {
		return Game{}, fmt.Errorf("grundy: DefineGame %s: a game needs an Options function and an Arity >= 0", d.Name)
	}
	if err := in.checkName("DefineGame", d.Name); err != nil {
		return Game{}, err
	}
	def := &engine.GameDef{Name: d.Name, Arity: d.Arity, Doc: d.Doc}
	def.Options = func(g *engine.Game, args []value.Value) ([]value.Value, error) {
		p := Position{g.Position(args...)}
		var vs []Value
		var err error
		in.goCode(func() { vs, err = d.Options(p) })
		if err != nil {
			return nil, err
		}
		out := make([]value.Value, len(vs))
		for i, v := range vs {
			if !in.s.Owns(v.v) {
				return nil, fmt.Errorf("option %s was made by another Interpreter", v.Repr())
			}
			out[i] = v.v
		}
		return out, nil
	}
	if d.Check != nil {
		def.Check = func(args []value.Value) (err error) {
			in.goCode(func() { err = d.Check(wrapAll(args)) })
			return err
		}
	}
	g, err := in.s.DefineGame(def)
	if err != nil {
		return Game{}, fmt.Errorf("grundy: DefineGame: %w", err)
	}
	in.defined[d.Name] = true
	return Game{g}, nil
}

// FuncDef defines a function written in Go (see DefineFunc).
type FuncDef struct {
	// Name is the name scripts call the function by.
	Name string
	// Doc is a one-line description.
	Doc string
	// Arity is the number of arguments; with Variadic, the least number.
	Arity    int
	Variadic bool
	// Fn computes the result. An error it returns becomes a runtime error
	// at the script's call: "FILE:LINE:COL: NAME: ERROR". Like a Go
	// game's Options, it may make the Interpreter's lookups, not its
	// calls (ErrBusy).
	Fn func(args []Value) (Value, error)
}

// DefineFunc defines a function written in Go, which scripts loaded
// afterwards call like a built-in function. The name rules are those of
// DefineGame; a call with the wrong number of arguments is a resolve
// error of the script.
func (in *Interpreter) DefineFunc(d FuncDef) error {
	if !in.begin() {
		return ErrBusy
	}
	defer in.end()
	if d.Fn == nil || d.Arity < 0 {
		return fmt.Errorf("grundy: DefineFunc %s: a function needs Fn and an Arity >= 0", d.Name)
	}
	if err := in.checkName("DefineFunc", d.Name); err != nil {
		return err
	}
	maxArgs := d.Arity
	if d.Variadic {
		maxArgs = -1
	}
	b := &engine.Builtin{BName: d.Name, Doc: d.Doc, MinArgs: d.Arity, MaxArgs: maxArgs}
	b.Fn = func(c *engine.Call, args []value.Value) value.Value {
		r, err := engine.GoCall(func() (r Value, err error) {
			in.goCode(func() { r, err = d.Fn(wrapAll(args)) })
			return r, err
		})
		if err != nil {
			c.Fail("%s: %v", d.Name, err)
		}
		if !in.s.Owns(r.v) {
			c.Fail("%s returned %s, which was made by another Interpreter", d.Name, r.Repr())
		}
		return r.v
	}
	if err := in.s.DefineFunc(b); err != nil {
		return fmt.Errorf("grundy: DefineFunc: %w", err)
	}
	in.defined[d.Name] = true
	return nil
}

// DefineValue binds name to v for scripts loaded afterwards, as if a
// standard-library file said let name = v: a way to hand data to a script.
// The name rules are those of DefineGame; v must not be none.
func (in *Interpreter) DefineValue(name string, v Value) error {
	if !in.begin() {
		return ErrBusy
	}
	defer in.end()
	if err := in.checkName("DefineValue", name); err != nil {
		return err
	}
	if !in.s.Owns(v.v) {
		return errForeign(v)
	}
	if err := in.s.DefineValue(name, v.v); err != nil {
		return fmt.Errorf("grundy: DefineValue: %w", err)
	}
	in.defined[name] = true
	return nil
}

func (in *Interpreter) checkName(op, name string) error {
	if in.defined[name] {
		return fmt.Errorf("grundy: %s: %q is already defined by Go code", op, name)
	}
	return nil
}

func errForeign(v Value) error {
	return fmt.Errorf("grundy: %s was made by another Interpreter", v.Repr())
}

// begin starts a call: false when another one runs. The call holds the
// state for writing until end, except while it runs Go code (goCode).
func (in *Interpreter) begin() bool {
	if !in.mu.TryLock() {
		return false
	}
	in.state.Lock()
	in.held = true
	return true
}

// end ends the call begin started.
func (in *Interpreter) end() {
	in.held = false
	in.state.Unlock()
	in.mu.Unlock()
}

// goCode runs f, the program's Go code that grundy invokes (a Go game's
// Options or Check, a Go function, a callback of Config or TableRows).
// Invoked by a running call, it runs with the state lock released, so that
// the lookups that f makes, and those that other goroutines make
// meanwhile, read the state the call has reached, and the call waits for
// them to end before it goes on. Elsewhere (Position runs a Check) it just
// runs f.
func (in *Interpreter) goCode(f func()) {
	if !in.held {
		f()
		return
	}
	in.held = false
	in.state.Unlock()
	defer func() {
		in.state.Lock()
		in.held = true
	}()
	f()
}

// goWriter and goReader are Config.Stdout and Config.Stdin, called as the
// program's Go code (goCode).
type goWriter struct {
	in *Interpreter
	w  io.Writer
}

func (w goWriter) Write(p []byte) (n int, err error) {
	w.in.goCode(func() { n, err = w.w.Write(p) })
	return n, err
}

type goReader struct {
	in *Interpreter
	r  io.Reader
}

func (r goReader) Read(p []byte) (n int, err error) {
	r.in.goCode(func() { n, err = r.r.Read(p) })
	return n, err
}

// exec runs f (a call into the session) under the lock, with the caller's
// context turned into one whose cancellation the session reports as an
// interruption, and converts its error.
func (in *Interpreter) exec(ctx context.Context, f func(ctx context.Context) error) error {
	if !in.begin() {
		return ErrBusy
	}
	defer in.end()
	if err := ctx.Err(); err != nil {
		msg := "interrupted"
		if !in.cmdline {
			msg += ": " + err.Error()
		}
		return &Error{Kind: Canceled, Msg: msg, cause: err}
	}
	// The session tells its own timeout (Limits.Timeout) from a
	// cancellation by the context's error: the caller's deadline is a
	// cancellation here.
	inner, cancel := context.WithCancel(context.WithoutCancel(ctx))
	defer cancel()
	stop := context.AfterFunc(ctx, cancel)
	defer stop()
	return convert(f(inner), ctx, in.source, in.cmdline)
}

// source returns the text last given for a file name.
func (in *Interpreter) source(file string) (string, bool) {
	src, ok := in.sources[file]
	return src, ok
}

// query runs a game query on g.
func (in *Interpreter) query(ctx context.Context, name string, g Value, f func(th *engine.Thread, c *engine.Call)) error {
	if !g.IsGame() {
		return fmt.Errorf("grundy: %s needs a game, not %s %s", name, g.Kind(), g.Repr())
	}
	return in.exec(ctx, func(ctx context.Context) error {
		if !in.s.Owns(g.v) {
			return errForeign(g)
		}
		th := in.s.Thread()
		return in.s.Do(ctx, func() { f(th, &engine.Call{Th: th, Name: name}) })
	})
}
