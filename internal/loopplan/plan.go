// Package loopplan owns the plans of the fast loops (package fastpath):
// what recognition (fastpath's recognize.go) found of a move rule's last
// for clause, the if clauses after it and its body (LoopPlan), or of a
// sum or fold over a range (FoldPlan), as plain data (syntax nodes,
// names, coefficients, operators, the games called), no closure and
// nothing compiled. Package fastpath's generator (gen.go, fold.go)
// compiles a plan to a fast loop whose fallback is the general closure
// of the same clauses, which is always compiled first. --explain
// describes a rule from its plan (Describe), and a plan prints as text
// (String) for the tests of recognition.
package loopplan

import (
	"fmt"
	"strings"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// LoopPlan is a fast loop recognized: the last for clause of a move rule
// as one Go loop over packed memo keys.
type LoopPlan struct {
	Var    string      // the loop variable
	Name   *lang.Name  // the loop variable as its for clause declares it
	Domain DomainPlan  // what it iterates
	Clamps []ClampPlan // the if clauses that bound Var, in order
	Once   []lang.Expr // the if clauses without Var, checked once per run, in order
	Terms  []TermPlan  // the positions of an option (1 to 4), their values xored
	// Split: two heaps of one game whose sizes add up to a constant (the
	// split kernels; a range symmetric about half the constant is run
	// half-way).
	Split  bool
	Kernel Kernel
	// Resume: its for clause is the alternative's only one, so a run
	// stopped after a batch of missing options goes on from where it
	// stopped.
	Resume bool
	Sweep  *SweepPlan // nil: positions are not computed by a sweep
	// Row: the loop is its alternative's only for clause and what it
	// evaluates is int arithmetic: it can be an alternative of a row
	// sweep (a game of two ints computed row by row, fastpath's
	// rowsweep.go).
	Row bool
	// Guards: the if clauses before the for clause (the planner's guard),
	// tests of the position that cannot fail: the sweep leaves to the
	// rule a position where one does not hold (a row sweep's alternative
	// has no option there).
	Guards []lang.Expr
	Pos    engine.Pos // where a limit's error points: the range's .., or the iterated expression
}

// DomainKind is what a fast loop's variable runs over.
type DomainKind uint8

const (
	DomRange     DomainKind = iota // A .. B
	DomRangeCall                   // range(B) or range(A, B) of the built-in that declares IntRange, int arguments: A (0) .. B - 1
	DomLiteral                     // a literal of int literals (a list or tuple in ascending order, or a set): Ints, made once
	DomValues                      // a set, list or tuple value: its ints (ascending) read once per run
)

// DomainPlan is the domain of a fast loop.
type DomainPlan struct {
	Kind DomainKind
	Iter lang.Expr // the iterated expression as written
	// Lo and Hi are a range's bounds, or a range call's arguments (Lo
	// nil for range(B)).
	Lo, Hi lang.Expr
	Ints   []int64 // DomLiteral's elements
}

// Ranged reports whether the domain is an interval of ints (Var is an
// int while the if clauses are read; the others are read for values).
func (d DomainPlan) Ranged() bool { return d.Kind == DomRange || d.Kind == DomRangeCall }

// TermPlan is one position of an option: a game called with arguments
// affine in the loop variable.
type TermPlan struct {
	Game *engine.Binding // the game called (its Game is read when the loop runs)
	Call *lang.Call      // the position
	// Wrapped is the call as written when defs compute the position
	// (rewrite.ComputedWrapper: its arguments are read from the position
	// it returns), or nil.
	Wrapped *lang.Call
	Coefs   []int64 // each argument's coefficient of Var
}

// ClampPlan is an if clause that bounds the loop variable: Var OP E, or
// K * Var OP E with K >= 2 while K * Var cannot overflow.
type ClampPlan struct {
	Op    lang.Op   // with Var on the left
	Bound lang.Expr // E, an expression without Var (nil for a linear clamp: Lin computes E)
	Scale int64     // K, or 0
	Lin   *LinPlan  // a comparison L OP R affine in Var (linclamp.go), or nil
	Pos   engine.Pos
}

// LinPlan is a comparison L OP R whose sides are affine in the loop
// variable, as a bound (aL - aR) * Var OP bR - bL.
type LinPlan struct {
	L, R *AffPlan
	LR   [2]lang.Expr // L and R as written
	Neg  bool         // aL - aR is negative: the bound is bL - bR, OP flipped
	// Inlined is the def whose body, inlined at the call at CallPos with
	// its arguments substituted, is the comparison (its terms name that
	// call in the trace of an error), or nil.
	Inlined *engine.Func
	CallPos engine.Pos
}

// AffPlan is a node of an expression affine in the loop variable.
type AffPlan struct {
	Kind byte // 'x' the variable, 'c' a term without it, '+', '-', 'n' (unary -), 'k' (times K)
	A, B *AffPlan
	K    int64
	Term lang.Expr // 'c'
}

// Kernel is the loop that runs the options of a fast loop.
type Kernel uint8

const (
	// KernelRange: kernel.FastRange over an interval, one or two
	// positions per option (FastRangePaged when both keys step by
	// little).
	KernelRange Kernel = iota
	// KernelElems: kernel.FastElems over sorted ints, one position per
	// option.
	KernelElems
	// KernelEach: each value in turn (FastState.Emit): three or four
	// positions, or two over sorted ints.
	KernelEach
)

// SweepPlan is the sweep of a fast loop (sweep.go): the positions of its
// game of one int computed from the flat table.
type SweepPlan struct {
	// Global: the domain is a literal, or a set held by a global name,
	// the same at every position (its ints are read once per sweep).
	Global bool
	// At: the domain is G[I], G a global, I int arithmetic (adjacency
	// lists): evaluated at each position, where it may fail.
	At bool
	// Stride: a global domain, no guard, and an argument affine in the
	// position's int (its coefficient there: ArgCoef), so that a run of
	// positions is computed from the argument's values at the run's ends
	// (fastpath's stride.go). Each bound too where Affine[i] (a plain
	// bound, coefficient BoundCoefs[i]); the others are evaluated at
	// each position.
	Stride     bool
	ArgCoef    int64
	BoundCoefs []int64
	Affine     []bool
}

// Describe says what a fast loop iterates and how many positions an
// option has (the note --explain prints).
func (p *LoopPlan) Describe() string {
	dom := "the ints of a set or list (sorted ascending), read once per run"
	switch {
	case p.Domain.Ranged():
		dom = "a range"
	case p.Domain.Kind == DomLiteral:
		dom = "a literal of ints, made once"
	}
	parts := "one position per option"
	if len(p.Terms) > 1 {
		parts = fmt.Sprintf("%d positions per option, their values xored", len(p.Terms))
		if p.Split {
			parts = "a split (two heaps whose sizes add up to a constant): the split kernels"
		}
	}
	s := fmt.Sprintf("fast loop: for %s over %s; %s", p.Var, dom, parts)
	if n := len(p.Clamps); n > 0 {
		s += fmt.Sprintf("; %d if clause%s turned into bounds on %s", n, value.Plural(n), p.Var)
	}
	return s
}

// String prints the plan, a line per part:
//
//	for s in S: the ints of a value
//	bound s <= n
//	term (call sub (- n s)): coefficients -1
//	kernel elems; resume; sweep (global)
//
// (expressions as lang.SExpr prints them; a linear bound as its two
// affine trees, x the variable and [E] a term without it).
func (p *LoopPlan) String() string {
	var b strings.Builder
	dom := [...]string{DomRange: "a range", DomRangeCall: "a range call", DomLiteral: "a literal", DomValues: "the ints of a value"}
	fmt.Fprintf(&b, "for %s in %s: %s", p.Var, lang.SExpr(p.Domain.Iter), dom[p.Domain.Kind])
	if p.Domain.Kind == DomLiteral {
		fmt.Fprintf(&b, " %v", p.Domain.Ints)
	}
	b.WriteByte('\n')
	for _, cl := range p.Clamps {
		k := ""
		if cl.Scale > 0 {
			k = fmt.Sprintf("%d * ", cl.Scale)
		}
		if cl.Lin == nil {
			fmt.Fprintf(&b, "bound %s%s %s %s\n", k, p.Var, cl.Op, lang.SExpr(cl.Bound))
			continue
		}
		fmt.Fprintf(&b, "bound %s%s %s E from %s vs %s", k, p.Var, cl.Op, cl.Lin.L, cl.Lin.R)
		if cl.Lin.Neg {
			b.WriteString("; negative slope")
		}
		if cl.Lin.Inlined != nil {
			fmt.Fprintf(&b, "; inlined %s", cl.Lin.Inlined.FName)
		}
		b.WriteByte('\n')
	}
	for _, e := range p.Once {
		fmt.Fprintf(&b, "once %s\n", lang.SExpr(e))
	}
	for _, t := range p.Terms {
		fmt.Fprintf(&b, "term %s: coefficients", lang.SExpr(t.Call))
		for _, k := range t.Coefs {
			fmt.Fprintf(&b, " %d", k)
		}
		if t.Wrapped != nil {
			fmt.Fprintf(&b, "; computed by %s", lang.SExpr(t.Wrapped))
		}
		b.WriteByte('\n')
	}
	kern := [...]string{KernelRange: "range", KernelElems: "elems", KernelEach: "each"}
	fmt.Fprintf(&b, "kernel %s", kern[p.Kernel])
	if p.Split {
		b.WriteString("; split")
	}
	if p.Resume {
		b.WriteString("; resume")
	}
	if p.Sweep != nil {
		b.WriteString("; sweep")
		if p.Sweep.Global {
			b.WriteString(" (global)")
		}
		if sw := p.Sweep; sw.Stride {
			fmt.Fprintf(&b, "; stride %d", sw.ArgCoef)
			for i, k := range sw.BoundCoefs {
				if sw.Affine[i] {
					fmt.Fprintf(&b, " %d", k)
				} else {
					b.WriteString(" each")
				}
			}
		}
	}
	return b.String()
}

// String prints an affine tree: x for the variable, [E] for a term.
func (n *AffPlan) String() string {
	switch n.Kind {
	case 'x':
		return "x"
	case 'c':
		return "[" + lang.SExpr(n.Term) + "]"
	case 'n':
		return "-" + n.A.String()
	case 'k':
		return fmt.Sprintf("%d*%s", n.K, n.A)
	}
	return fmt.Sprintf("(%s %c %s)", n.A, n.Kind, n.B)
}

// FoldPlan is a fold recognized (fold.go): the SG values of one position
// for each value of a range, xored (sum of) or counted and folded
// (len, min, max of a list comprehension), the position's arguments
// affine in the range's variable.
type FoldPlan struct {
	Var   string
	Name  *lang.Name   // Var as its for clause declares it
	Range *lang.Binary // A .. B
	Term  TermPlan     // the position
	Comp  *lang.Comp   // the comprehension as written (its elements the memo does not know are evaluated the general way)
	// By is the built-in that folds (len counts, min or max), nil for a
	// sum of.
	By *engine.Builtin
	// A count's condition: sg(Term) Op K, or outcome(Term [+ *K]) Op
	// Outcome (Op == or !=).
	Op      lang.Op
	Outcome *lang.StrLit
	Nim     bool            // K is the J of Term + *J
	K       lang.Expr       // an int literal, an int global's name or Var; nil: none
	KGlobal *engine.Binding // the int global K names, or nil
	KVar    bool            // K is Var
}

// String prints the plan, like LoopPlan's.
func (p *FoldPlan) String() string {
	var b strings.Builder
	what := "sum of"
	if p.By != nil {
		what = p.By.BName + " of"
	}
	fmt.Fprintf(&b, "%s, for %s in %s\n", what, p.Var, lang.SExpr(p.Range))
	switch {
	case p.Outcome != nil && p.Nim:
		fmt.Fprintf(&b, "count outcome + *%s %s %q\n", lang.SExpr(p.K), p.Op, p.Outcome.Val)
	case p.Outcome != nil:
		fmt.Fprintf(&b, "count outcome %s %q\n", p.Op, p.Outcome.Val)
	case p.K != nil:
		fmt.Fprintf(&b, "count sg %s %s\n", p.Op, lang.SExpr(p.K))
	}
	fmt.Fprintf(&b, "term %s: coefficients", lang.SExpr(p.Term.Call))
	for _, k := range p.Term.Coefs {
		fmt.Fprintf(&b, " %d", k)
	}
	return b.String()
}
