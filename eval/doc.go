// Package eval owns the compiler and the sessions: it turns a parsed
// program (package lang) into closures over the values, frames and memo
// tables of package internal/engine, and runs them. It is the one entry
// point of every way in: the Go API (the root package), the REPL and the
// grundy command.
//
// Compiling (compile.go and the files it calls): names are resolved to
// slots before anything runs (all unknown names are reported, with "did
// you mean"), then the tree becomes closures. Which expressions are ints
// is inferred so that int arithmetic runs unboxed (intcompile.go,
// intinline.go). Game alternatives are compiled into generators of option
// values (moves, winning) and into streaming accumulators that xor the SG
// values of an option's parts without building the option (sgcompile.go).
// Before a move rule's last for clause is recognized as a fast loop over
// the memo tables (fastloop.go, fastfold.go; the loops themselves are
// package internal/kernel), its alternative is brought
// to one shape (normalize.go, linclamp.go, inline.go's wrapperCall); the
// optimizations are passes (passes.Pass) that a Session's Options.Disable
// turns off one by one, down to the plain evaluator; explain.go records
// what each declaration was compiled to (grundy run --explain).
//
// Sessions (session.go, define.go, prelude.go, redeclare.go,
// tablestmt.go): NewSession, then Session.ExecFile (a script), ExecEntry
// (a REPL entry: declarations replace earlier ones and what was compiled
// from the old ones is compiled again, redeclare.go), LoadFile (the Go
// API), Check, Explain. A session is made with a registry of built-ins,
// Go games and prelude sources (Options.Registry, an engine.Registry;
// default: stdlib.Registry()); the compiler reads the built-ins' traits
// (Pure, SGArgs, Query, IntRange, Fold, Ints, Quick1, Quick2, IntResult,
// Sorts, Updates), never their names. Render formats an error with its
// source line.
package eval
