// Package ir owns the query IR of the planner (package plan): a move
// rule's alternative, a comprehension, `sum of` and the folds of a
// comprehension (len, sum, min, max, any, all) are all one thing, a Query:
// an ordered nest of clauses (Range: a variable over lo .. hi; Elems: the
// elements of a collection; Bind: one value; Filter: a condition) and the
// expression it yields, with the Consumer that receives the yields (and
// whether that consumer sees their order and their duplicates).
//
// Scalar expressions stay syntax (lang.Expr, resolved: every name keeps
// its declaration) and are typed by package resolve's int analysis. The
// package lowers a resolved alternative or comprehension to a Query
// (lower.go), raises a Query back to a syntax tree the compiler compiles
// (raise.go, keeping every position an error can point at), prints it
// one clause a line (print.go: the tests and --explain), and holds the
// one affine analysis of int expressions the passes use (affine.go).
package ir

import (
	"slices"

	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Consumer is what receives a query's yields.
type Consumer uint8

// The consumers.
const (
	// MoveSG: a move rule's options for SG values and outcomes (the
	// search reads the set of the options' values, not their repeats,
	// but the first error met is the one reported).
	MoveSG Consumer = iota
	// MoveValues: a move rule's options as values (moves(G), winning,
	// the loopy solver, printing): in order, with repeats.
	MoveValues
	ListComp // [E for ...]
	SetComp  // {E for ...}
	MapComp  // {K: V for ...}
	SumOf    // sum of E for ...
	FoldLen  // len([E for ...])
	FoldSum  // sum([E for ...])
	FoldMin  // min([E for ...])
	FoldMax  // max([E for ...])
	FoldAny  // any([E for ...])
	FoldAll  // all([E for ...])
)

var consumerNames = [...]string{"move options for SG values", "move options as values", "list comprehension", "set comprehension", "map comprehension", "sum of", "len of a comprehension", "sum of a comprehension", "min of a comprehension", "max of a comprehension", "any of a comprehension", "all of a comprehension"}

func (k Consumer) String() string { return consumerNames[k] }

// FoldOf is the consumer of a fold built-in: counting (len), keeping the
// smaller (-1: min) or larger (+1: max) int, or another (sum, any, all:
// all of them see the order and the repeats).
func FoldOf(count bool, intFold int) Consumer {
	switch {
	case count:
		return FoldLen
	case intFold < 0:
		return FoldMin
	case intFold > 0:
		return FoldMax
	}
	return FoldSum
}

// SeesOrder reports whether the consumer sees the order of the yields:
// every one does, through its errors (the first error met is the one
// reported, and the SG search computes the missing options in the order
// they were met), even where its result does not depend on the order.
// Where no error can be met, some do not (package plan's unordered.go
// proves it for a query).
func (k Consumer) SeesOrder() bool { return true }

// SeesDups reports whether the consumer sees a value yielded twice. The
// SG search and a set comprehension do not: a repeat of a yield is
// evaluated as the first one was, and adds nothing.
func (k Consumer) SeesDups() bool { return k != MoveSG && k != SetComp }

// Clause is one clause of a query: *Range, *Elems, *Bind or *Filter.
type Clause interface {
	clause()
	// Binds lists the names the clause binds (none for a filter).
	Binds() []*lang.Name
}

// Range binds Var to each int of Lo .. Hi in ascending order (`for v in
// Lo .. Hi`).
type Range struct {
	Var    *lang.Name
	Lo, Hi lang.Expr
	At     lang.Pos        // the clause's `for`
	OpPos  lang.Pos        // the `..` (where a range error points)
	Src    *lang.ForClause // the clause it was lowered from (nil: made by a pass)
}

// Elems binds Pat to each element of Coll (`for p in C`).
type Elems struct {
	Pat  *lang.Pattern
	Coll lang.Expr
	At   lang.Pos
	Src  *lang.ForClause
}

// Bind binds Pat to the one value X (`for p in [X]`, or over `(X,)` or
// `{X}`).
type Bind struct {
	Pat *lang.Pattern
	X   lang.Expr
	At  lang.Pos // the clause's `for`
	Lit lang.Pos // the list's `[`
	Src *lang.ForClause
}

// Filter keeps the bindings for which Cond is true (`if Cond`).
type Filter struct {
	Cond lang.Expr
	At   lang.Pos
	Src  *lang.IfClause
}

func (*Range) clause()  {}
func (*Elems) clause()  {}
func (*Bind) clause()   {}
func (*Filter) clause() {}

func (c *Range) Binds() []*lang.Name  { return []*lang.Name{c.Var} }
func (c *Elems) Binds() []*lang.Name  { return c.Pat.Names }
func (c *Bind) Binds() []*lang.Name   { return c.Pat.Names }
func (c *Filter) Binds() []*lang.Name { return nil }

// Query is a nest of clauses, in order, and what it yields to its
// consumer.
type Query struct {
	Consumer Consumer
	Clauses  []Clause
	Yield    lang.Expr
	Key      lang.Expr // a map comprehension's key (nil otherwise)
	At       lang.Pos  // the alternative's or comprehension's position
	// Guard is what the planned query assumes of the ints it reads from
	// outside (|Root| <= T each): where it does not hold, the query as
	// written runs instead (package plan).
	Guard []Bound
}

// Bound is the assumption |Root| <= T of a query's guard, or with Ints,
// that Root is a list of at most MaxLen ints, each at most T in size.
type Bound struct {
	Root *lang.Ident
	T    int64
	// Ints: Root is a list of ints (read by index, by len, by iterating
	// it, sliced, updated), each |x| <= T, and len(Root) <= MaxLen.
	Ints bool
	// MinLen: with Ints, len(Root) >= MinLen too (an element read at a
	// constant index: p[0], p[1]).
	MinLen int64
	// NonZero: Root != 0 too (it divides: x / Root, x % Root).
	NonZero bool
	// Positive: Root >= 1 too (divisors(Root) is iterated).
	Positive bool
	// Str: Root is a string of ASCII characters, at least MinLen and at
	// most MaxLen of them (read by index, its characters compared with
	// strings, and by len).
	Str bool
	// Any: Root is a local the compiler does not know to be an int (a
	// def's parameter): the guard tests that it is one first.
	Any bool
	// Coll: with Ints, Root is only iterated: a list, a tuple or a set
	// of ints (not necessarily a list); a global's read from its slot (a
	// let that has not run yet makes the guard false).
	Coll bool
	// Seq: with Coll, a list or a tuple (not a set: it is indexed).
	Seq bool
	// NonNeg: with Coll, each element is at least 0 too.
	NonNeg bool
	// Arity: with Coll, each element is a tuple of Arity ints (0: an
	// int; AnyElems: any value, the collection only tested for
	// membership; NoElems: contradicting uses, no element at all).
	Arity int
	// Nests: with Ints, for each, that a recursion of len(Root) + Extra
	// nested calls of its def fits the depth and stack limits where the
	// guard is tested (package recdef).
	Nests []Nest
}

// Nest is a recursion a guard bounds (Bound.Nests): len(Root) + Extra
// nested calls of def Name, each of Cost() units of stack
// (engine.Func.Cost).
type Nest struct {
	Name  string
	Extra int64
	Cost  func() int64
}

// The Arity of a collection only tested for membership, and of one
// whose uses contradict one another (Bound.Arity).
const (
	AnyElems = -2
	NoElems  = -1
)

// MergeArity is the arity of a collection read with arities a and b.
func MergeArity(a, b int) int {
	switch {
	case a == b || b == AnyElems:
		return a
	case a == AnyElems:
		return b
	}
	return NoElems
}

// MaxLen is the length of a list the Ints guard allows (so that len and
// the arithmetic on indexes cannot overflow, and range(len(R)) lists
// fewer than range's 10,000,000 elements).
const MaxLen = 1 << 23

// Clone returns a copy of q whose clause list may be changed (the clauses
// themselves are shared: a pass replaces a clause, it does not edit one).
func (q *Query) Clone() *Query {
	out := *q
	out.Clauses = append([]Clause(nil), q.Clauses...)
	out.Guard = append([]Bound(nil), q.Guard...)
	return &out
}

// MergeGuards is the guard that assumes what a and b both assume.
func MergeGuards(a, b []Bound) []Bound {
	out := append([]Bound(nil), a...)
	for _, x := range b {
		merged := false
		for i := range out {
			if resolve.Of(out[i].Root) == resolve.Of(x.Root) {
				out[i].T = min(out[i].T, x.T)
				out[i].NonZero = out[i].NonZero || x.NonZero
				out[i].Positive = out[i].Positive || x.Positive
				out[i].Any = out[i].Any || x.Any
				out[i].Str = out[i].Str || x.Str
				out[i].Ints = out[i].Ints || x.Ints
				out[i].Coll = out[i].Coll && x.Coll // (a list where one asks for one)
				out[i].Seq = out[i].Seq || x.Seq
				out[i].NonNeg = out[i].NonNeg || x.NonNeg
				out[i].Arity = MergeArity(out[i].Arity, x.Arity)
				out[i].MinLen = max(out[i].MinLen, x.MinLen)
				out[i].Nests = mergeNests(out[i].Nests, x.Nests)
				merged = true
			}
		}
		if !merged {
			out = append(out, x)
		}
	}
	return out
}

// mergeNests is a's nests and those of b's it lacks (a def's name and
// an extra count make one test).
func mergeNests(a, b []Nest) []Nest {
	out := append([]Nest(nil), a...)
	for _, n := range b {
		if !slices.ContainsFunc(out, func(m Nest) bool { return m.Name == n.Name && m.Extra == n.Extra }) {
			out = append(out, n)
		}
	}
	return out
}

// BindsRead reports whether e reads a name one of clauses binds.
func BindsRead(clauses []Clause, e lang.Expr) bool {
	bound := map[*lang.Name]bool{}
	for _, cl := range clauses {
		for _, n := range cl.Binds() {
			bound[n] = true
		}
	}
	found := false
	lang.Inspect(e, func(x lang.Expr) bool {
		if id, ok := x.(*lang.Ident); ok {
			for n := range bound {
				if resolve.Of(id) == resolve.NameDecl(n) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
