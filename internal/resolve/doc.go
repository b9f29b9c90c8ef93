// Package resolve owns what the names of a program mean: scopes and their
// slots (Scope, Resolver: NewVar, Push, Pop, Function), name binding and
// its errors (Resolve reports every unknown name, with "did you mean"),
// and what can be told of an expression without compiling it: which game
// or built-in a call calls (GameCallee, CalledBuiltin, IsQueryCall),
// whether a def may be inlined here (Inlinable, RecordFree, RecursiveNow),
// whether it is int arithmetic (IntArith, IntClosedDef, IntPure, IntOps),
// whether a game's rule is pure (PureRule). tree.go has the walks over the
// syntax tree they share (Substitute, Mentions, FreeNames).
//
// Package compile embeds a Resolver in its compiler and binds names as it
// compiles; package rewrite and the fast paths (package fastpath) ask it
// what names mean. It compiles nothing.
package resolve
