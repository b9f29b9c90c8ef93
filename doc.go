// Package grundy embeds grundy, a small language for impartial
// combinatorial games, in Go programs. A script declares the rules of a
// game in a few lines; the Interpreter computes Sprague-Grundy values,
// outcomes and winning moves of its positions, and of sums of positions,
// from a memoized state graph. The language itself is described in the
// repository's spec.md.
//
// # Loading a script
//
// New makes an Interpreter; Load parses a script, checks its names and
// runs it. What the script prints goes to Config.Stdout; what it declares
// stays for later calls.
//
//	interp := grundy.New(grundy.Config{Stdout: os.Stdout})
//	err := interp.Load(ctx, "rules.game", `
//		# Subtraction game: take 1, 3 or 4 tokens.
//		game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n
//		print sg(sub(8)), outcome(sub(8))
//	`)
//
// LoadFS loads a file from an fs.FS (a directory, an embed.FS) instead.
//
// # Asking about positions
//
// A position is a Value. Eval evaluates any expression of the language,
// and Interpreter.Position makes a position from Go values:
//
//	g, err := interp.Eval(ctx, "sub(8) + sub(5)")    // a sum of two games
//	p, err := interp.Position("sub", grundy.Int(10)) // sub(10)
//
// Then SG, Outcome, Moves, Winning, BestMove and Remoteness answer what
// the built-ins sg, outcome, moves and winning answer in a script:
//
//	v, err := interp.SG(ctx, g)              // 2, that is 1 xor 3
//	best, ok, err := interp.BestMove(ctx, p) // a winning option, if any
//
// SG values are generalized: a position of a game with cycles may have an
// infinite value ∞K (SG.Infinite), and its outcome may be a Draw.
//
// # Values
//
// Value holds any value of the language. Build values with Int, Bool,
// String, List, Tuple, Set, Map, Nimber and Sum; read them with the
// accessors (Int, Str, Elems, Position, SG, ...), which report whether the
// value has that kind. String formats a value as print does.
//
// # Pictures
//
// Plot draws the values of an expression as a PNG or SVG picture, as the
// command grundy plot does: against n for one for clause, a heat map for
// two, P-positions in red, the period marked when there is one.
//
//	err := interp.Plot(ctx, file, "sg(kayles(n)) for n in 0 .. 300", grundy.PlotOptions{})
//
// # Sessions, tables, graphs and checks
//
// The grundy command and its REPL are written with this package, and so
// can other front ends be. Exec runs an entry as the REPL does: bare
// expressions show their values, and a game or def may be declared
// again (what was built on it follows). Check parses and resolves a
// script without running it; Format prints it in the layout of grundy
// fmt, under the interpreter's limits. Table returns what a table
// statement prints, cell by cell (TableRows streams its rows; TableWith
// computes them on several interpreters at once, as grundy table --jobs
// does; a Table writes itself in the formats of grundy table, and a
// TableWriter writes rows in them as they come, through TableWith with
// Stream); Graph the state graph of a game as Graphviz DOT text; NewPlot a
// plot to write in several formats. EvalIn, Table, Graph
// and NewPlot take the file name their errors show, and the text may
// follow blank lines and spaces, so that positions point into a larger
// text (a command line, a transcript). Explain and Explanations say what
// each game and def was compiled to, and which optimization passes fired;
// Stats counts the positions visited and memoized; Names lists what the
// loaded code declared; Reset forgets it all.
//
// # Games and functions written in Go
//
// DefineGame adds a game family whose options a Go function lists;
// scripts use it like a declared game, in sums with declared games too.
// DefineFunc adds a function, DefineValue a named value. Define them
// before loading the scripts that use them: names are resolved when a
// script is loaded.
//
//	interp.DefineGame(grundy.GameDef{
//		Name:  "halve",
//		Arity: 1,
//		Options: func(p grundy.Position) ([]grundy.Value, error) {
//			n, _ := p.Arg(0).Int()
//			if n < 2 {
//				return nil, nil // no options: the player to move loses
//			}
//			return []grundy.Value{p.Game().Position(grundy.Int(n / 2))}, nil
//		},
//	})
//
// # Errors
//
// Errors in grundy code are *Error values: a Kind (SyntaxError,
// ResolveError, RuntimeError, LimitError, Canceled), the position (File,
// Line, Column) and a one-sentence Msg; Error() is "FILE:LINE:COL: MSG".
// Several errors found before a file runs come as an ErrorList; use
// errors.As to get the first. Explain formats an error with its source
// line, as the grundy command prints it; ExplainIn takes the source lines
// from texts of the program's own.
//
// # Input, output and limits
//
// Config.Stdout receives print output. Config.Stdin is what the script's
// ints() reads; without it, ints() is a runtime error. Config.Limits
// bounds the positions visited, the evaluation steps, the recursion depth,
// the memory and the time of each call (DefaultLimits says what the zero
// fields stand for), and every call takes a context that cancels it.
// Config.Progress hears about long calls, and Config.Checkpoint saves
// the values of take-and-break games for a later run.
//
// # Concurrency
//
// An Interpreter runs one call at a time; use one Interpreter per
// goroutine. Interpreters share nothing, so any number may run at once. A
// call made while another runs returns ErrBusy; the lookups (Game,
// Position, Names, Stats, Explain, Explanations) may be made at any time,
// from any goroutine and from the Go code a call invokes, and Values,
// Tables and Plots may be used by any number of goroutines at once (see
// Interpreter).
package grundy
