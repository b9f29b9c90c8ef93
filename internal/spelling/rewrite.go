package spelling

import (
	"math/rand/v2"

	"github.com/grundy-lang/grundy/lang"
)

// A Family is one kind of rewrite: Apply rewrites f at one random place
// where the family applies (drawing from r), and reports false, leaving
// f as it was, when there is none.
type Family struct {
	Name  string
	Doc   string // what it rewrites, in one line
	Apply func(r *rand.Rand, f *lang.File) bool
}

// Families is the catalogue: every family of rewrites, in one place.
var Families = []Family{
	{"def-expr", "an expression moved into a new def, called with the locals it uses", defExpr},
	{"def-guard", "an if clause's condition moved into a new def", defGuard},
	{"def-option", "an alternative's option moved into a new def", defOption},
	{"def-comp", "a comprehension returned by a new def", defComp},
	{"def-options", "a whole alternative as `m for m in opts(...)`, the def returning the list (or set) of options", defOptions},
	{"guard-for", "`if C` as `for u in (if C then [0] else [])`", guardFor},
	{"guard-and", "`if A and B` as `if A if B`, and back", guardAnd},
	{"guard-swap", "two adjacent total if clauses (or and/or operands) swapped", guardSwap},
	{"filter-in", "`for x in XS if C` as `for x in [x for x in XS if C]`", filterIn},
	{"destructure", "`for (a, b) in XS` as `for t in XS for (a, b) in [t]`", destructure},
	{"range-guard", "`for k in A .. B` as `for k in A .. max(A, B) if k <= B` (or the lower end)", rangeGuard},
	{"tie-singleton", "an expression D as a new name bound by `for j in [D]` just before", tieSingleton},
	{"tie-range", "`C - i` as j tied by `for j in C - B .. C - A if i + j == C`", tieRange},
	{"split-range", "an alternative's first range split in two alternatives (or a list comprehension in two)", splitRange},
	{"iter-copy", "`for x in XS` as `for x in [t for t in XS]`", iterCopy},
	{"iter-dup", "an alternative's for clause iterating its elements twice", iterDup},
	{"coll-literal", "a literal of ints iterated as a set, list or tuple (shuffled, repeated where order is free)", collLiteral},
	{"coll-sorted", "an iterable as sorted(XS), or set(XS) where order is free", collSorted},
	{"cmp-flip", "`x <= n` as `n >= x`", cmpFlip},
	{"cmp-not", "`x <= n` as `not (x > n)`, and back", cmpNot},
	{"in-not", "`x not in S` as `not (x in S)`, `x in S` as `not (x not in S)`, and back", inNot},
	{"if-split", "an option `E[if C then A else B]` as two alternatives `E[A] if C | E[B] if not C`", ifSplit},
	{"cond-if", "`A and B` as `if A then B else false` (or, not) where a bool is needed, and back", condIf},
	{"alt-swap", "two alternatives of a game swapped, where order is free", altSwap},
	{"alt-dup", "an alternative repeated at the end", altDup},
	{"sum-swap", "`G + H` as `H + G` where only its SG value counts", sumSwap},
	{"tuple-pos", "a game g(a, b) as g(p), p a tuple or list, read by destructuring or p[0], p[1]", tuplePos},
	{"const-name", "an int literal as a name bound by a new let", constName},
	{"const-inline", "a let of an int literal inlined in its uses", constInline},
	{"range-fn", "`A .. 6` as `range(A, 7)`, and back (literal ends where it must be exact)", rangeFn},
	{"copies", "`2 * G` as `G + G` and back, `t * G` as `sum of G for u in 1 .. t`", copies},
	{"sum-lit", "`G(a) + G(b)` as `(sum of G(r) for r in [a, b])`", sumLit},
	{"minmax-split", "`G(a) + G(b)` of ints as `G(min(a, b)) + G(max(a, b))` where only its SG value counts", minMaxSplit},
	{"if-known", "an option E after `if C` as `(if C then E else *0)`", ifKnown},
}

// Rewrite applies k rewrites to f, each of a family chosen at random
// among those that apply, and returns the names of the families applied
// in order (fewer than k when none applies any more).
func Rewrite(r *rand.Rand, f *lang.File, k int) []string {
	return RewriteWith(r, f, k, Families)
}

// RewriteWith is Rewrite with the families fams.
func RewriteWith(r *rand.Rand, f *lang.File, k int, fams []Family) []string {
	var done []string
	for range k {
		applied := false
		for _, i := range r.Perm(len(fams)) {
			if fams[i].Apply(r, f) {
				done = append(done, fams[i].Name)
				applied = true
				break
			}
		}
		if !applied {
			break
		}
	}
	return done
}

// Lookup returns the family named name.
func Lookup(name string) (Family, bool) {
	for _, fam := range Families {
		if fam.Name == name {
			return fam, true
		}
	}
	return Family{}, false
}
