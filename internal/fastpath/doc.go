// Package fastpath owns the compiler's fast paths (compile.Fast, made by
// New for each compile.Compiler): code that reads and writes the memo
// tables and scratch buffers directly where a rule's shape allows it,
// with the same values and errors as the general way it falls back to.
//
//   - loops (fastloop.go, sweep.go, fold.go): a move rule's last for
//     clause as one Go loop over packed keys (Alt; the kernels are
//     package internal/kernel's), a position computed by a sweep of the
//     flat table (sweep.go), sum of and len/min/max of a comprehension
//     over a range (Sum, Fold);
//   - clamps (linclamp.go, linflat.go, guards.go): the if clauses of such
//     a loop that bound its variable, in any affine spelling;
//   - builders (scratch.go, bitset.go): the list, tuple and set
//     arguments of a position built in scratch buffers and packed into its
//     key (Composite), sets as bitmaps (InSet).
//
// The rewrites that bring a rule to the shapes recognized here are
// package rewrite's; what names mean, package resolve's.
package fastpath
