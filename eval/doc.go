// Package eval owns grundy's values, the compiler from the lang AST to
// closures, the memoized state graphs and the Sprague-Grundy engine.
//
// Values (value.go, boardops.go): Value is a small struct passed by value;
// ints are int64 with overflow checks; containers, game positions,
// nimbers, sums and infinite SG values live behind its ref. Compare gives
// a total order used by sets and maps; Format is what print shows.
//
// Compiling (compile.go and the files it calls): names are resolved to
// slots before anything runs (all unknown names are reported, with "did
// you mean"), then the AST becomes closures. Game alternatives are
// compiled into generators of option values (moves, winning) and into
// streaming accumulators that xor the SG values of an option's parts
// without building the option (sg). Before a move rule's last for clause
// is recognized as a fast loop (fastloop.go), its alternative is brought
// to one shape (normalize.go, linclamp.go, inline.go's wrapperCall); the
// optimizations are passes (passes.go) that a Session's Options.Disable
// turns off one by one, down to the plain evaluator; explain.go records
// what each declaration was compiled to (grundy run --explain).
//
// The engine (engine.go, ladder.go, loopysolve.go): every declared game
// has a memo table keyed by compact keys (small non-negative int
// arguments are packed into one integer and stored in paged dense arrays;
// other arguments are interned by their canonical byte encoding, argkey.go,
// in keytable.go's arena, and decoded when visited). A move whose option
// is a list or set built by a comprehension, sorted, update, a slice or a
// set operator builds it in a scratch buffer (scratch.go; sets of small
// ints and cells as bitmaps, bitset.go) and packs it straight into the
// key. SG values are computed by an
// explicit-stack depth-first search that never recurses on the Go stack
// per move, with mex on a bitset; deep chains and boxes of positions are
// computed bottom up (the ladder). When the search closes a cycle, the
// affected region is solved by the generalized Sprague-Grundy labelling of
// package eval/loopy.
//
// Entry points: NewSession, then Session.ExecFile (a script), ExecEntry
// (a REPL entry: declarations replace earlier ones, redeclare.go),
// LoadFile (the Go API), Check, Explain; Register for built-ins (package
// stdlib registers them) and the Builtin traits (Pure, SGArgs, IntRange,
// Fold, Ints, Quick1, Quick2, IntResult, Sorts, Updates) that the
// compiler reads instead of names.
package eval
