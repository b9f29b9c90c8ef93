// Package engine owns what a compiled program runs on: grundy's values,
// the thread a run executes on with its limits, and the memoized state
// graphs with the Sprague-Grundy search. It knows nothing of the syntax
// tree or the compiler: package eval compiles a program into closures
// over the types here (Frame, Gen, Game's generators) and the engine
// calls them.
//
// Values (value.go, boardops.go, bulk.go, ops.go): Value is a small struct
// passed by value; ints are int64 with overflow checks; containers, game
// positions, nimbers, sums and infinite SG values live behind its ref.
// Compare gives a total order used by sets and maps; Format is what print
// shows. ops.go holds each operator's runtime meaning, one entry per
// lang.Op: what the plain evaluator runs and every fast path agrees with.
// Building operations check the run's memory before they allocate
// (bulk.go, limits.go).
//
// Runs (runtime.go, limits.go, progress.go, output.go, call.go): a Thread
// is one run: its frames and slots, the calls of built-ins (Call, Builtin
// with the traits the compiler reads), its limits (states, steps, depth,
// memory, time; the errors they raise carry their ErrorKind), progress
// reports, print output and ints() input.
//
// The engine (engine.go, table.go, ladder.go, loopysolve.go, gameapi.go,
// fastgen.go): every declared game has a memo table keyed by compact keys
// (small non-negative int arguments packed into one integer and stored in
// paged dense arrays; other arguments interned by their canonical byte
// encoding, argkey.go, in keytable.go's arena). A move whose option is a
// list or set built in a scratch buffer (scratch.go; sets of small ints
// and cells as bitmaps, bitset.go) is packed straight into the key. SG
// values are computed by an explicit-stack depth-first search with mex on
// a bitset; deep chains and boxes of positions are computed bottom up
// (the ladder); a search that closes a cycle hands the region to the
// generalized Sprague-Grundy labelling of package internal/loopy.
//
// On top of it: periodicity with the sparse-space engine of package
// takebreak for take-and-break families, declared ones included
// (period.go, tbuser.go), Go games (gogame.go). Misère play (package
// internal/misere) and state graphs as DOT (package internal/graph) are
// packages above this one.
package engine
