// Package loopint owns the loopy solver's work on positions as ints: the
// table from positions to node numbers that package solve's loopy solver
// keeps (PosIDs), and the whole solve of a region of one game of one int
// whose rule's kernel lists each position's options as keys
// (engine.SweepRule), a pure rule: Tarjan's strongly connected components
// over the keys, in plain arrays (no option value, no position table),
// each component labelled with the generalized SG function (package
// loopy), one of a single position by the generalized mex of its options
// (Solver.Solve). That solve computes exactly what package solve's loopy
// solver computes there, opening positions without the fast search: the
// same values and loopy marks, the same positions, steps and moves
// counted in the same order, the same positions left marked when a rule
// fails or a limit stops it. Where a position's options are not all
// positions of the game it gives up, everything as it was, and package
// solve's solver runs instead.
package loopint
