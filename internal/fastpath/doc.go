// Package fastpath owns the compiler's fast paths (compile.Fast, made by
// New for each compile.Compiler): code that reads and writes the memo
// tables and scratch buffers directly where a rule's shape allows it,
// with the same values and errors as the general way it falls back to.
//
//   - loops (fastloop.go, gen.go, sweep.go, fold.go): a move rule's last
//     for clause as one Go loop over packed keys (Alt; the kernels are
//     package internal/kernel's), a position computed by a sweep of the
//     flat table (sweep.go), sum of and len/min/max of a comprehension
//     over a range (Sum, Fold);
//   - recognition (recognize.go): a fast loop's shape recognized as
//     plain data, no closure (package loopplan's LoopPlan: the variable
//     and its domain, the bounds, the positions with their affine
//     coefficients, the kernel, the sweep), which the generator (gen.go) compiles with the general
//     closure as its fallback, and which --explain describes; a sum's or
//     fold's likewise (FoldPlan, compiled in fold.go);
//   - clamps (linclamp.go, linflat.go, guards.go): the if clauses of such
//     a loop that bound its variable, in any affine spelling (recognized
//     into the plan, then compiled);
//   - builders (package internal/build): the list, tuple and set
//     arguments of a position built in scratch buffers and packed into
//     its key, X in S as a bit of a set's bitmap, walks;
//   - masks (package internal/masks): all and any over a comprehension
//     of index tests (the lines of a board) as word operations on masks
//     (Fold, the masks pass).
//
// The rewrites that bring a rule to the shapes recognized here are
// package rewrite's; what names mean, package resolve's.
package fastpath
