// Package lang owns the surface of the grundy language: the token scanner,
// the participle grammar, the abstract syntax tree and syntax errors.
//
// Entry points:
//
//   - ParseFile(name, src) parses a whole script into a *File.
//   - ParseEntry(name, src) parses one REPL entry (bare expressions allowed).
//   - Incomplete(err) says whether a syntax error only means "more input
//     needed" (the REPL uses it to decide between ">>> " and "... ").
//   - SExpr(node) prints a tree in S-expression form (for tests and tools).
//   - Format(name, src) prints a script in the canonical layout of
//     `grundy fmt` (format.go; its layout engine is layout.go; FormatCheck
//     does it under a Check, as ParseFileCheck parses), and
//     Comments(name, src) returns the comments the parser skips.
//
// Every node carries its Pos (file, line, column in characters). Errors are
// *Error values that print as "file:line:col: message"; ErrorList holds
// several. Snippet renders the offending source line with a caret.
//
// The grammar: statements are participle structs (see ast.go); expressions,
// game alternatives and comprehension clauses are parsed by a
// precedence-climbing function plugged in with participle.ParseTypeWith
// (see expr.go), which also gives positioned, specific error messages.
package lang
