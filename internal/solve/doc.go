// Package solve computes what an engine's memo lacks, behind the
// engine's Solver (NewEngine makes an engine with one): SG values by an
// explicit-stack depth-first search with the generators' mex (search.go);
// deep chains and boxes of positions bottom up (the ladder, ladder.go);
// a search that closes a cycle hands the region to the generalized
// Sprague-Grundy labelling of package internal/loopy (loopy.go), which
// also gives remoteness (Winning, BestMove, Remoteness). On top of the
// search: periodicity with the sparse-space engine of package takebreak
// for take-and-break families (period.go), declared games included once
// their rule is recognized (tbuser.go), and the families of take-and-break
// codes (takebreak.go). The value of one large position whose arguments
// are not all small ints is found by the pruned search (pruned.go, with
// its sets of values nimset.go, its table package ttable and its checkpoint
// prunedcp.go), once the plain search of it has visited PrunedAfter
// positions.
package solve
