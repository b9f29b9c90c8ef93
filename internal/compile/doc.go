// Package compile owns the compiler: it turns a parsed file, REPL entry,
// expression or table statement (package lang) into closures over the
// values of package internal/value and the frames and memo tables of
// package internal/engine.
//
// Entry points, for code the resolve pass (package resolve) has resolved:
// New makes a Compiler for a session's Env (its thread, engine, registry
// and explanations); then CompileFile (a file or REPL entry: the cells of
// its defs and games made, statements in order), CompileDef and
// CompileGame (a declaration compiled again: a REPL redeclaration),
// Vals.Expr (an expression), Tables.Table (a table statement). What a
// name means is read from the tree; the Compiler's Resolver gives locals
// their slots in each variant compiled. Errors are collected in Errs:
// those of a table's shape, and the wrong argument counts of a def's body
// inlined after a declaration it calls changed.
//
// Each generator is a type of its own holding the Compiler whose state it
// shares (its field c, not embedded): ValueGen (stmt.go, expr.go,
// call.go: the general way, values), IntGen (intcompile.go, cond.go,
// intinline.go: int-typed expressions unboxed, conditions, fused int
// arithmetic recognized for package stage, int-closed defs inlined with a
// static trace), SGGen (sgcompile.go, tbuser.go: the SG values of game
// expressions streamed, without the games), Inliner (inline.go: small
// defs inlined), TableGen (table.go: a table statement to the Code
// package table runs). The Compiler itself compiles the declarations
// (decl.go: a game's move rule four times, for values and SG values, any
// or int arguments) and records what each was compiled to (decl.go too,
// grundy run --explain).
//
// The fast paths (Fast: loops over the memo tables, arguments built in
// scratch buffers) are package fastpath's (and its package build's), made
// for each compiler by Env.Fast; each pass (passes.Pass) they and the
// generators apply is switched off by Resolver.On, down to the plain
// evaluator.
package compile
