// Package passes names the result-preserving optimizations a session
// runs (Pass: the compiler's and the engine's; Needs and Effective say
// which stand on which) and holds what --explain reports of a
// declaration's compilation (Explanation).
package passes

import (
	"strings"
)

// Pass names a result-preserving optimization. Every pass is on unless
// Options.Disable switches it off; with all of them off (All) what
// runs is the plain evaluator that the differential tests compare each
// pass against. Nothing here may change a result, an error or its
// position: only the time and memory a run takes.
//
// Stream is the one the others stand on: without it a move rule's
// options are values (what moves(G) lists) whose SG values the engine
// reads as it reads any value's (Gen.EmitVal, Gen.ValueSG), and sg(G),
// outcome(G) and the other built-ins that only need their argument's SG
// value evaluate it as an ordinary value first. The passes that compute
// on streamed SG values (the fast loops and the sweeps, cursors, symmetric
// halves and probes built on them) are off with it: Needs lists them, and
// Effective is what a session runs.
type Pass uint64

// The passes.
const (
	FastLoops    Pass = 1 << iota // a move rule's last for clause as one loop over the memo tables; folds and sums over them
	Inline                        // small defs compiled inline at their calls
	Ladder                        // deep chains and boxes of positions computed bottom up
	Resume                        // a run stopped at a missing option goes on from where it stopped
	LoopyOpen                     // the loopy solver lists the options of pure rules without computing them
	Fuse                          // X * C + D (and % C) fused into one int operation
	Cursor                        // a fast loop's sum with missing parts resumed at its cursor
	Sweep                         // runs of positions computed bottom up by a fast loop's sweep
	Symmetric                     // g(x) + g(c - x) over a symmetric range: half the range
	Composite                     // lists and sets of a move built in scratch buffers and packed into the key (internal/build/scratch.go)
	Ints                          // int-typed expressions compiled to unboxed int code (eval/intcompile.go)
	Tuples                        // a parameter that is always a tuple of k ints stored as k int parameters (engine/tupleflat.go)
	Stream                        // SG values of options streamed: looked up in the memo tables without making the option's value; sums xored, k * G nim-multiplied (eval/sgcompile.go)
	Deforest                      // the planner: a def building the list of options, iterated by a move rule, fused into the rule (internal/plan/deforest.go)
	Equalities                    // the planner: a filter L == R that fixes a range's variable binds it instead of looping (internal/plan/equalities.go)
	Bounds                        // the planner: a filter v <= E (<, >=, >) right after the range of v narrows the range (internal/plan/bounds.go)
	ConstSets                     // the planner: a literal of ints iterated for SG values sorted and without repeats (internal/plan/constsets.go)
	Bitsets                       // sets of a position's argument as bitsets over a universe, and set filters as masks of words (internal/build/bitset.go, internal/value/universe.go)
	Pruned                        // one large position's value by a pruned search that computes few of its options' values exactly (internal/solve/pruned.go)
	Strings                       // a string of a position's argument keyed packed over the alphabet of its characters, and strings built in scratch buffers (internal/value/alphabet.go)
	Shared                        // the planner: an expression a filter computes first and the clauses after it or the yield again, computed once (internal/plan/shared.go)
	Masks                         // any, all and sum of a comprehension, and folds of a concatenation of comprehensions, without their lists (internal/fold); index tests over a collection of index lists as word masks kept per collection (internal/fastpath/masks.go)
	Dedup                         // the planner: for a consumer that does not see repeats, a query (or a move rule's alternative) the same as one before it is dropped (internal/plan/dedup.go)
	Unordered                     // the planner: for a consumer that sees neither the order nor the repeats of the yields, a literal of ints iterated sorted without repeats, a set a helper builds iterated as a generator (internal/plan/unordered.go)
	Disjunctions                  // the planner: a filter that is a disjunction of equalities as a membership, or for such a consumer one query a disjunct (internal/plan/disjunctions.go)
	Edits                         // a list comprehension copying a list but for the elements at a few indexes built as a copy with those elements computed (internal/build/edits.go)
	Ahead                         // a query of a game with a general sweep has the positions below it swept bottom up first, once the game's searches computed many of them (internal/solve/step.go)
	Walks                         // a move rule's last for clause over a range whose option's list changes by the loop variable in a few elements: each key the one before with those bytes rewritten (internal/build/walk.go)
	LoopyInts                     // the loopy solve of a region of one game of one int whose rule's kernel lists its options as keys, over the keys in plain arrays (internal/loopint)
	LoopyFirst                    // such a game whose searches mostly end in the loopy solver: its positions solved by it at once, no fast search or sweep first (internal/solve/loopy.go)
	BitLists                      // a move rule's bound list of 0s and 1s (b' = update(b, i, 1)) built, tested and keyed as the bits of a word (internal/bitlists)
	DefLoops                      // a move rule's for clause over a def's list comprehension that cannot fail where the rule's parameters are sets or lists of int tuples: fused into the rule behind that test (internal/defloops)
	WordSets                      // a move rule's bound set X' = X | {i} over a universe built, tested and keyed as its words (internal/wordsets)
	IntElems                      // a move rule that indexes a parameter compiled again for positions where it holds a list or tuple of ints, its elements int-typed (internal/compile/intelems.go)
	Lanes                         // a list comprehension over a range whose element is int arithmetic computed for up to 64 values of its variable at once (internal/vecint)
	DefCache                      // a call of a def that builds a collection from small ints computed once per arguments, its values kept (internal/defcache)
	Fixed                         // a game's arguments its rule passes on unchanged: each value of them gets a copy of the rule where they are constants, its positions computed there (internal/fixargs)
	Algebra                       // the planner: small algebraic rewrites: constants folded, a loop over a short literal unrolled, sum of over a literal as a sum, min and max of a split as its sizes (internal/algebra)
	EqIndex                       // a for clause over a list whose next if clause is an equality of an element's key with a value: only the matching elements, from an index of the list by key built once (internal/eqindex)
	RecDefs                       // the planner: a call of a def written as structural recursion (a map or filter over l[1:] or j + 1, a repeat g + f(k - 1, g)) as the comprehension or product it computes (internal/recdef)
	MaskEdits                     // a list comprehension copying a list or string but putting a value where a condition of the index holds built as a copy and a mask kept per value of the condition's other names (internal/maskedit)
	Updates                       // update(X, I, V) of a list or tuple copied without the built-in's call, and a grid's cell update(X, I, update(X[I], J, V)) with the row read once (internal/listupd)
	Grids                         // a move rule's option that is a grid of rows of 0s and 1s with cells set by nested updates keyed as the grid's key with those bits rewritten (internal/gridkey)
	Hoist                         // the planner: a list the yield builds that the last loops do not change, built once before them (internal/loophoist)
	Zips                          // the planner: a for clause over zip(A, B) of a position's list and a range or comprehension of its length as a loop over the indexes (internal/algebra/zips.go)
	HeapSums                      // the planner: a game of one list whose moves replace one element by a list made from it, in the SG search the sum of its elements' games (internal/heapsums)
	DefGames                      // a def whose body is the mex of comprehensions of xors of its own calls computed as the SG values of a hidden game whose rule is those comprehensions (internal/defgame)
	PackEdits                     // a position's list that is an edit, a mask edit, an update or a splice of a list built as the words of its key: the list read once a position, each option's words changed and keyed (internal/packedit)
	LICM                          // the planner: an int expression of a move's yield or filter that the last loops do not change (a bit operator, a shift, ...), proved unable to fail, computed once before them (internal/licm)
	TailCalls                     // a def that calls itself only in tail position run as a loop in one frame, each call counted as written, a list it passes on by update changed in place once copied (internal/tailcall)
	RangeMasks                    // a for clause over a range of up to 64 ints whose if clause tests elements of a collection at the loop variable: the formula's masks for all the ints at once, only those it does not rule out visited (internal/rangemask)

	// Planner is the planner's passes.
	Planner = Deforest | Equalities | Bounds | ConstSets | Shared | Dedup | Unordered | Disjunctions | Algebra | RecDefs | Hoist | Zips | HeapSums | LICM

	All = FastLoops | Inline | Ladder | Resume | LoopyOpen | Fuse | Cursor | Sweep | Symmetric | Composite | Ints | Tuples | Stream | Deforest | Equalities | Bounds | ConstSets | Bitsets | Pruned | Strings | Shared | Masks | Dedup | Unordered | Disjunctions | Edits | Ahead | Walks | LoopyInts | LoopyFirst | BitLists | DefLoops | WordSets | IntElems | Lanes | DefCache | Fixed | Algebra | EqIndex | RecDefs | MaskEdits | Updates | Grids | Hoist | Zips | HeapSums | DefGames | PackEdits | LICM | TailCalls | RangeMasks
)

// Names are the passes' names, in the order of their bits (String shows
// them).
var Names = []string{"fastloops", "inline", "ladder", "resume", "loopyopen", "fuse", "cursor", "sweep", "symmetric", "composite", "ints", "tuples", "stream", "deforest", "equalities", "bounds", "constsets", "bitsets", "pruned", "strings", "shared", "masks", "dedup", "unordered", "disjunctions", "edits", "ahead", "walks", "loopyints", "loopyfirst", "bitlists", "defloops", "wordsets", "intelems", "lanes", "defcache", "fixed", "algebra", "eqindex", "recdefs", "maskedits", "updates", "grids", "hoist", "zips", "heapsums", "defgames", "packedits", "licm", "tailcalls", "rangemasks"}

// Needs maps a pass to the passes it runs on: with one of them off, it is
// off too.
var Needs = map[Pass]Pass{
	FastLoops:  Stream,
	Cursor:     Stream | FastLoops,
	Sweep:      Stream | FastLoops,
	Ahead:      Sweep | Stream | FastLoops,
	Symmetric:  Stream | FastLoops,
	Bitsets:    Composite,
	Strings:    Composite,
	Edits:      Composite,
	MaskEdits:  Composite,
	PackEdits:  Composite,
	Walks:      Composite | Stream,
	LoopyInts:  LoopyOpen,
	LoopyFirst: LoopyInts | LoopyOpen,
	BitLists:   Composite | Stream,
	WordSets:   Composite | Stream | Bitsets,
	IntElems:   Ints | Composite,
	Lanes:      Ints | Composite,
	Grids:      Composite | Stream | Inline,
}

// Effective is p without the passes whose Needs are not all in p.
func (p Pass) Effective() Pass {
	for q, need := range Needs {
		if p&need != need {
			p &^= q
		}
	}
	return p
}

// String names the passes of p, joined by "+".
func (p Pass) String() string {
	var names []string
	for i, n := range Names {
		if p&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, "+")
}
