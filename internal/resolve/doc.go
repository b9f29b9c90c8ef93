// Package resolve owns what the names of a program mean.
//
// The resolve pass (bind.go: File, Expr, Table, Declaration) walks a
// file, a REPL entry (the session's earlier names visible), an expression
// or a table statement once, before anything is compiled: it binds every
// name to its declaration (Decl: a let, with its global slot; a def; a
// game; a parameter; a name a for clause or statement binds; a built-in
// of the registry, Universe) and records it on the tree (lang.Ident.Bind,
// lang.Name.Bind), and a call of a def records its Site: which defs'
// bodies mean the same there (inlining). It reports the errors of names,
// each once: unknown names with their hints, parameters twice,
// declarations twice, a def or game inside a for statement, wrong
// argument counts. The session keeps the declarations of its top level
// in Scopes.
//
// Nothing after the pass looks a name up. While a compile runs, its
// Resolver (scope.go) reads the declarations and holds what is the
// compile's own: the slot of each local declaration in the function being
// compiled (NewVar, Var, NewHidden, Function: a def's body and a game's
// rule are compiled in several variants, and an inlined def's parameters
// become hidden locals of the caller). From them it tells what can be
// told of an expression without compiling it: which game, built-in or
// def a call calls (GameCallee, CalledBuiltin, IsQueryCall, Inlinable),
// whether a def may be inlined at a call (inline.go: Same, RecordFree,
// RecursiveNow), whether a game's rule is pure (pure.go: PureRule; and
// YieldsSums). Its Arith (ints.go) is the int analysis: whether an
// expression is int-typed in the variant being compiled (IntTyped, one
// answer per node, variant and inlining depth; package compile's int
// generator builds an int closure for exactly these, and the fast paths
// ask it of their operands), whether a def is int-closed at a call or an
// expression int arithmetic only (IntClosed, IntPure; IntArith, IntOps).
// tree.go has the walks over the syntax tree they share (Substitute, by
// declaration; Mentions, FreeNames).
//
// Package compile embeds a Resolver in its compiler; package rewrite and
// the fast paths (package fastpath) ask it what names mean. It compiles
// nothing.
package resolve
