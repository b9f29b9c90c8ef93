// Package eval owns grundy's values, the compiler from the lang AST to
// closures, the memoized state graphs and the Sprague-Grundy engine.
//
// Values (value.go): Value is a small struct passed by value; ints are
// int64 with overflow checks; containers, game positions, nimbers, sums and
// infinite SG values live behind its ref. Compare gives a total order used
// by sets and maps; Format is what print shows.
//
// Compiling (compile.go): Compile resolves every name to a slot before
// anything runs (all unknown names are reported, with "did you mean"), then
// turns the AST into closures. Game alternatives are compiled twice: into
// generators of option values (for moves and winning) and into streaming
// accumulators that xor the SG values of an option's parts without building
// the option (for sg).
//
// The engine (engine.go, loopy.go): every declared game has a memo table
// keyed by compact keys (small non-negative int arguments are packed into
// one integer and stored in paged dense arrays; other arguments are
// interned). SG values are computed by an explicit-stack depth-first search
// that never recurses on the Go stack per move, with mex on a bitset. When
// the search closes a cycle, the affected region is solved by Tarjan's
// strongly connected components and the generalized Sprague-Grundy
// labelling of package eval/loopy.
//
// Entry points: NewProgram / Program.Run for scripts, Session for the REPL
// and embedding, Register for built-ins (package stdlib registers them).
package eval
