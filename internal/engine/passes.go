package engine

import (
	"strings"
)

// Pass names a result-preserving optimization. Every pass is on unless
// Options.Disable switches it off; with all of them off (AllPasses) what
// runs is the plain evaluator that the differential tests compare each
// pass against. Nothing here may change a result, an error or its
// position: only the time and memory a run takes.
type Pass uint32

// The passes.
const (
	PassFastLoops Pass = 1 << iota // a move rule's last for clause as one loop over the memo tables; folds and sums over them
	PassInline                     // small defs compiled inline at their calls
	PassLadder                     // deep chains and boxes of positions computed bottom up
	PassResume                     // a run stopped at a missing option goes on from where it stopped
	PassLoopyOpen                  // the loopy solver lists the options of pure rules without computing them
	PassFuse                       // X * C + D (and % C) fused into one int operation
	PassCursor                     // a fast loop's sum with missing parts resumed at its cursor
	PassSweep                      // runs of positions computed bottom up by a fast loop's sweep
	PassSymmetric                  // g(x) + g(c - x) over a symmetric range: half the range
	PassComposite                  // lists and sets of a move built in scratch buffers and packed into the key (scratch.go)
	PassInts                       // int-typed expressions compiled to unboxed int code (intcompile.go)
	PassTuples                     // a parameter that is always a tuple of k ints stored as k int parameters (tupleflat.go)

	AllPasses = PassFastLoops | PassInline | PassLadder | PassResume | PassLoopyOpen | PassFuse | PassCursor | PassSweep | PassSymmetric | PassComposite | PassInts | PassTuples
)

var PassNames = []string{"fastloops", "inline", "ladder", "resume", "loopyopen", "fuse", "cursor", "sweep", "symmetric", "composite", "ints", "tuples"}

// String names the passes of p, joined by "+".
func (p Pass) String() string {
	var names []string
	for i, n := range PassNames {
		if p&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, "+")
}
