// Package eval owns the sessions: a Session parses, compiles and runs a
// program, and it is the one entry point of every way in (the Go API of
// the root package, the REPL and the grundy command).
//
// Sessions (session.go, define.go, redeclare.go): NewSession, then
// Session.ExecFile (a script), ExecEntry (a REPL entry: declarations
// replace earlier ones and what was compiled from the old ones is
// compiled again, redeclare.go), LoadFile and the Define methods (the Go
// API), Check, Eval, Table (table.go: what a table statement computes),
// Explain (what each declaration was compiled to: grundy run --explain).
// A session is made with a registry of built-ins, Go games and prelude
// sources (Options.Registry, an engine.Registry; default:
// stdlib.Registry()). Errors are rendered for a person by the root
// package (grundy.Explain), the one renderer.
//
// Below it, one package per stage: package resolve binds names to slots
// (every unknown name is reported, with "did you mean") and tells what a
// name or call means; package rewrite brings equivalent spellings of a
// move rule to one shape; package compile turns the tree into closures
// over the values of package internal/value and the frames and memo
// tables of package internal/engine (ints unboxed, SG values streamed
// without the games, small defs inlined); package fastpath compiles the fast paths (loops over the memo
// tables, arguments built in scratch buffers). Each optimization is a
// pass (passes.Pass) that Options.Disable switches off, down to the plain
// evaluator. The compiler reads the built-ins' traits (Pure, SGArgs,
// Query, IntRange, Fold, Ints, Quick1, Quick2, IntResult, Sorts,
// Updates), never their names.
package eval
