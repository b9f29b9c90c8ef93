// Package engine owns what a compiled program runs on: the thread a run
// executes on with its limits, the games with their memo tables, and the
// generators move rules emit into. It does not read the syntax tree or
// call the compiler: package eval compiles a program into closures over
// the types here (Frame, Gen, Game's generators) and the engine calls
// them. It holds syntax only for others: positions (Pos is lang.Pos), a
// def's and a game's declaration (Func.Decl, Game.Decl) for the REPL's
// recompiles and --explain, and the parsed prelude files of a Registry.
//
// Below it: package value (grundy's values and the runtime errors),
// package memo (SG values and the tables that keep them) and package
// passes (the optimizations a session runs). Above it: package solve
// computes what the memo lacks (the search, the ladder, the loopy solver,
// periodicity) behind the Engine's Solver, and package operator gives
// each operator its meaning.
//
// Runs (thread.go, limits.go, call.go, bulk.go, progress.go): a Thread is
// one run: its frames and slots, the calls of defs and built-ins (Call,
// Builtin with the traits the compiler reads, Func), print output and
// ints() input; its limits (states, steps, depth, memory, time; the
// errors they raise carry their ErrorKind), progress reports. Building a
// big value accounts for its memory first and polls the run's context as
// it copies (bulk.go).
//
// Games (table.go, tupleflat.go, gogame.go, registry.go): every declared
// game has a memo table keyed by compact keys (small non-negative int
// arguments packed into one integer, their states in memo.Table's paged
// arrays; other arguments interned by their canonical byte encoding,
// value.AppendArgKey, in a memo.KeyTable). A game written in Go (GameDef)
// is a Game too; a Registry is what a session knows before its first
// line: built-ins, Go games and prelude sources.
//
// The engine (engine.go, fastgen.go, gameapi.go): an Engine holds a
// session's games and infinite values, and a generator (Gen) per search
// level. A move rule emits its options' SG values into its Gen (a fast
// loop through a FastState), which computes the mex on a bitset and
// records the options not known yet for the search; a position asked
// for directly that the memo lacks is computed by the Solver. gameapi.go
// holds what built-ins ask of a game: SG, Outcome, Moves, Winning,
// BestMove, Remoteness, Period; pruned.go what package solve's pruned
// search asks: a position's options as values (ListOptions), and whether
// the memo holds a position, without adding it (FindKey).
package engine
