package build

import (
	"fmt"
	"github.com/grundy-lang/grundy/internal/purecond"
	"strings"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/maskedit"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/lang"
)

// Plans of the builders. Recognition (this file) reads a position's
// arguments and says which are built in scratch buffers, and how, as a
// plan of plain data (CompositePlan, BuildPlan), and whether X in S reads
// a bit of a set's bitmap (InSetPlan); nothing is compiled while it
// reads. The generators (scratch.go, bitset.go) compile the plans to the
// closures, and --explain describes a position from its plan (describe).

// BuildKind is how a value is built in a scratch.
type BuildKind uint8

const (
	BuildValue  BuildKind = iota // not built: its value, evaluated and loaded into the scratch
	BuildComp                    // [E for ...]: the general clauses, E added for each value
	BuildRange                   // [E for x in A .. B]: one range clause, its loop inline
	BuildList                    // [E, ...]
	BuildTuple                   // (E, ...)
	BuildSlice                   // X[A:B], X built
	BuildConcat                  // X + Y, X or Y built
	BuildSorted                  // sorted(X) (a built-in that Sorts), X built
	BuildUpdate                  // update(X, I, V) (a built-in that Updates), X built
	BuildEdit                    // [if j == A then X else ... else c[j] for j in 0 .. len(c) - 1]: c copied, the elements at A, ... computed (edits.go)
	ListFilter                   // [x for x in L if C ...], an argument of its game's own position: over the ids of L's elements (listfilter.go)
	BuildJoin                    // join(X, SEP) (a built-in that Joins), X built: a string
	BuildOnInts                  // f(.., X, ..) of a built-in with OnInts, X (its ListArg) built: computed on its ints
	BuildMasked                  // [if C then X else c[j] for j in A .. B]: c copied, X put by a mask of C (package maskedit)
	BuildCond                    // if C then X else Y, an argument of a position, X or Y built: C tested, that arm built
	SetValue                     // not built: a value loaded into a set scratch
	SetLit                       // {E, ...} as a bitmap
	SetComp                      // {E for ...} as a bitmap
	SetOp                        // X - Y, X | Y, X & Y, X ^ Y: word operations, X or Y built
	SetFilter                    // {x for x in S if C ...}: S's bitmap and a mask of the elements that pass (filter.go)
)

// BuildPlan is a value built in a scratch (a list or tuple: the kinds
// before SetValue; a set: the others).
type BuildPlan struct {
	Kind BuildKind
	Expr lang.Expr // as written (its positions are the errors')
	// Elems: a literal's elements, a comprehension's body (one), a
	// slice's bounds (nil when left out), update's index and value.
	Elems []lang.Expr
	X, Y  *BuildPlan      // the operands built (X alone but for BuildConcat and SetOp)
	By    *engine.Builtin // BuildSorted's, BuildUpdate's and BuildOnInts's built-in
	Op    lang.Op         // SetOp's operator
	Range *lang.Binary    // BuildRange's A .. B
	Var   *lang.Name      // BuildRange's variable, SetFilter's
	Var2  *lang.Name      // SetFilter's second name: (Var, Var2) in S
	Base  *lang.Ident     // BuildEdit's list copied (or Base[BaseAt])
	// BaseAt: a BuildEdit's c = Base[BaseAt] (a local or an int
	// literal); Hi: its range's end where it is not len(c) - 1 (the edit
	// where it is). Walks take neither.
	BaseAt, Hi lang.Expr
	Mask       *maskedit.Plan // BuildMasked's plan
	// Ints: BuildEdit's elements are c[j] + X at the arms and c[j] + 0
	// elsewhere (edits.go: additive): it copies c only when c's
	// elements are all ints.
	Ints bool
	// Splice: a BuildUpdate that is a splice X[:I] + [E] + X[I + 1:]
	// read by a walk (splice.go): X must be a list.
	Splice bool
	// Sorted: a ListFilter written sorted({x for x in L if C ...}) (Expr
	// the set comprehension), computed as the filter where L strictly
	// ascends (listfilter.go), else as written.
	Sorted *lang.Call
	// Inl: the plan is the body of the defs called here, inlined
	// (inline.go), the outermost first: it is compiled as their body and
	// runs with their calls on the trace.
	Inl []InlineSite
}

// Set reports whether p builds a set (a set scratch).
func (p *BuildPlan) Set() bool { return p.Kind >= SetValue }

// CompositePlan is a position of a declared game with an argument built
// in a scratch: its key is packed from the scratches (Composite).
type CompositePlan struct {
	Call *lang.Call
	Game *engine.Binding
	Args []ArgPlan
}

// ArgPlan is one argument of a composite position.
type ArgPlan struct {
	Build *BuildPlan // built (a list, tuple or set), or nil: an int or a value
	// Param: when it is not an int, a parameter of the game whose rule
	// this is, passed on: its index + 1 (see Game.AppendArg), or 0.
	Param int
}

// InSetPlan is X in S (Not: X not in S) read as a bit of S's bitmap when
// S has one.
type InSetPlan struct {
	Expr *lang.Binary
	Not  bool
	Pair bool // X is a pair (a tuple literal of two)
	// Value: X is neither a pair nor int-typed (a name bound to a cell,
	// a string): its value is looked up in S's bitmap (value.SetHas).
	Value bool
}

// New returns the builders of compiler c (the fast paths' Composite,
// InSet, Concat and Walk: package fastpath embeds them).
func New(c *compile.Compiler) *Builders { return &Builders{c} }

// PlanComposite is the plan of position e of the game b declares, or
// why there is none (what Composite compiles; read by --explain's tests).
func (bd *Builders) PlanComposite(e *lang.Call, b *engine.Binding) (*CompositePlan, string) {
	return bd.composite(e, b)
}

// PlanInSet is the plan of test e (X in S, negated when not), or why
// there is none (what InSet compiles).
func (bd *Builders) PlanInSet(e *lang.Binary, not bool) (*InSetPlan, string) {
	return bd.inSet(e, not)
}

// composite recognizes g(ARGS), a position of the declared game b, with
// an argument built in a scratch. nil and why not otherwise.
func (bd *Builders) composite(e *lang.Call, b *engine.Binding) (*CompositePlan, string) {
	if !bd.c.On(passes.Composite) {
		return nil, "composite positions are switched off"
	}
	p := &CompositePlan{Call: e, Game: b, Args: make([]ArgPlan, len(e.Args))}
	any := false
	for i, a := range e.Args {
		if bp := bd.condPlan(a); bp != nil {
			p.Args[i].Build, any = bp, true
		} else if bp := (listFilters{bd}).plan(a); bp != nil && b.Game != nil && b.Game == bd.c.CurGame {
			p.Args[i].Build, any = bp, true
		} else if bp := bd.buildPlan(a); bp != nil {
			p.Args[i].Build, any = bp, true
		} else if bp := bd.setPlan(a, true); bp != nil {
			p.Args[i].Build, any = bp, true
		} else if s := bd.c.LocalSlot(a); s >= 0 && bd.c.CurGame != nil && s < bd.c.CurGame.NArgs {
			p.Args[i].Param = s + 1
		}
	}
	if !any {
		return nil, "no argument is a list, tuple or set built in a scratch"
	}
	return p, ""
}

// buildPlan recognizes e built in a scratch: a list comprehension, a list
// or tuple literal, sorted, update, a slice, or + with such an operand;
// join of a list built. nil otherwise.
func (bd *Builders) buildPlan(e lang.Expr) *BuildPlan {
	switch e := e.(type) {
	case *lang.Comp:
		if e.Kind != lang.ListComp {
			return nil
		}
		p := &BuildPlan{Kind: BuildComp, Expr: e, Elems: []lang.Expr{e.Body}}
		if len(e.Clauses) == 1 {
			if cl, ok := e.Clauses[0].(*lang.ForClause); ok && !cl.Target.Tuple {
				if r, ok := cl.Iter.(*lang.Binary); ok && r.Op == lang.OpRange {
					p.Kind, p.Range, p.Var = BuildRange, r, cl.Target.Names[0]
					if ed := (edits{bd}).plan(e, r, p.Var); ed != nil {
						return ed
					}
					if m := maskedit.Recognize(bd.c, e, r, p.Var); m != nil {
						return &BuildPlan{Kind: BuildMasked, Expr: e, Range: r, Var: p.Var, Mask: m}
					}
				}
			}
		}
		return p
	case *lang.ListLit:
		return &BuildPlan{Kind: BuildList, Expr: e, Elems: e.Elems}
	case *lang.TupleLit:
		return &BuildPlan{Kind: BuildTuple, Expr: e, Elems: e.Elems}
	case *lang.Slice:
		return &BuildPlan{Kind: BuildSlice, Expr: e, X: bd.buildAnyPlan(e.X), Elems: []lang.Expr{e.Lo, e.Hi}}
	case *lang.Binary:
		if e.Op != lang.OpAdd {
			return nil
		}
		x, y := bd.buildPlan(e.X), bd.buildPlan(e.Y)
		if x == nil && y == nil {
			return nil
		}
		if x == nil {
			x = &BuildPlan{Kind: BuildValue, Expr: e.X}
		}
		if y == nil {
			y = &BuildPlan{Kind: BuildValue, Expr: e.Y}
		}
		return &BuildPlan{Kind: BuildConcat, Expr: e, X: x, Y: y}
	case *lang.Call:
		if p := inlinePlan(bd, e, lang.ListComp, true, bd.bodyPlan); p != nil {
			return p
		}
		bi := bd.c.CalledBuiltin(e)
		switch {
		case bi != nil && bi.Sorts && len(e.Args) == 1:
			return &BuildPlan{Kind: BuildSorted, Expr: e, By: bi, X: bd.buildAnyPlan(e.Args[0])}
		case bi != nil && bi.OnInts != nil && bi.ListArg < 2 && len(e.Args) == 2:
			return &BuildPlan{Kind: BuildOnInts, Expr: e, By: bi, X: bd.buildAnyPlan(e.Args[bi.ListArg]), Elems: e.Args}
		case bi != nil && bi.Updates && len(e.Args) == 3:
			return &BuildPlan{Kind: BuildUpdate, Expr: e, By: bi, X: bd.buildAnyPlan(e.Args[0]), Elems: e.Args[1:]}
		case bi != nil && bi.Joins && len(e.Args) == 2 && bd.c.On(passes.Strings):
			if x := bd.buildPlan(e.Args[0]); x != nil && !x.Set() {
				return &BuildPlan{Kind: BuildJoin, Expr: e, By: bi, X: x, Elems: e.Args[1:]}
			}
		}
	}
	return nil
}

// condPlan recognizes if C then X else Y with X or Y built (C in
// Elems[0]). nil otherwise.
func (bd *Builders) condPlan(e lang.Expr) *BuildPlan {
	ie, ok := e.(*lang.IfExpr)
	if !ok {
		return nil
	}
	x, y := bd.condPlan(ie.Then), bd.condPlan(ie.Else)
	if x == nil {
		x = bd.buildPlan(ie.Then)
	}
	if y == nil {
		y = bd.buildPlan(ie.Else)
	}
	if x == nil && y == nil {
		return nil
	}
	return &BuildPlan{Kind: BuildCond, Expr: e, Elems: []lang.Expr{ie.Cond}, X: orValue(x, ie.Then), Y: orValue(y, ie.Else)}
}

// orValue is p, or when it is nil the plan of e's value.
func orValue(p *BuildPlan, e lang.Expr) *BuildPlan {
	if p == nil {
		return &BuildPlan{Kind: BuildValue, Expr: e}
	}
	return p
}

// buildAnyPlan is e's plan, or its value's.
func (bd *Builders) buildAnyPlan(e lang.Expr) *BuildPlan {
	if p := bd.buildPlan(e); p != nil {
		return p
	}
	return &BuildPlan{Kind: BuildValue, Expr: e}
}

// setPlan recognizes e built as a bitmap: a set literal or comprehension,
// or - | & ^ with such an operand. nil otherwise. A comprehension is a
// filter (filterPlan) only withFilters: recognizing one reads the
// names of its conditions, its own variable too, which must be bound by
// then (the move rule compiled once as values before it is as SG values).
func (bd *Builders) setPlan(e lang.Expr, withFilters bool) *BuildPlan {
	switch e := e.(type) {
	case *lang.Call:
		if p := bd.setOfList(e, withFilters); p != nil {
			return p
		}
		return inlinePlan(bd, e, lang.SetComp, false, func(x lang.Expr) *BuildPlan { return bd.setPlan(x, withFilters) })
	case *lang.SetLit:
		return &BuildPlan{Kind: SetLit, Expr: e, Elems: e.Elems}
	case *lang.Comp:
		if e.Kind == lang.SetComp {
			if withFilters {
				if f := (filters{bd.c}).filterPlan(e); f != nil {
					return f
				}
			}
			return &BuildPlan{Kind: SetComp, Expr: e, Elems: []lang.Expr{e.Body}}
		}
	case *lang.Binary:
		switch e.Op {
		case lang.OpSub, lang.OpBitOr, lang.OpBitAnd, lang.OpXor:
		default:
			return nil
		}
		x, y := bd.setPlan(e.X, withFilters), bd.setPlan(e.Y, withFilters)
		if y == nil && (e.Op == lang.OpSub || e.Op == lang.OpBitAnd || bd.setCall(e.Y)) {
			switch e.Y.(type) {
			case *lang.Call, *lang.Index:
				if purecond.Plain(bd.c, e.Y) {
					// (A call or an index, S - DV[x], S -
					// multiples(d, max(S)), S ^ set(j .. i): kept
					// as masks by what it reads, opndmask.)
					y = &BuildPlan{Kind: SetValue, Expr: e.Y}
				}
			}
		}
		if x == nil && y == nil {
			return nil
		}
		return &BuildPlan{Kind: SetOp, Expr: e, Op: e.Op, X: setOperand(e.X, x), Y: setOperand(e.Y, y)}
	}
	return nil
}

// setCall reports whether e is a call of the built-in set.
func (bd *Builders) setCall(e lang.Expr) bool {
	c, ok := e.(*lang.Call)
	return ok && bd.c.CalledBuiltin(c) != nil && bd.c.CalledBuiltin(c).BName == "set"
}

// setOfList: set(L) of a list comprehension L, or of a call of a def
// whose body is one (inlined), is the set comprehension of L's clauses.
// Exact: the same evaluations in the same order; set() of the list
// cannot fail and holds its elements once each, as the comprehension.
func (bd *Builders) setOfList(e *lang.Call, withFilters bool) *BuildPlan {
	if bi := bd.c.CalledBuiltin(e); bi == nil || bi.BName != "set" || len(e.Args) != 1 {
		return nil
	}
	asSet := func(x lang.Expr) *BuildPlan {
		if c, ok := x.(*lang.Comp); ok && c.Kind == lang.ListComp {
			return bd.setPlan(&lang.Comp{Pos: c.Pos, Kind: lang.SetComp, Body: c.Body, Clauses: c.Clauses}, withFilters)
		}
		return nil
	}
	if a, ok := e.Args[0].(*lang.Call); ok {
		return inlinePlan(bd, a, lang.ListComp, false, asSet)
	}
	return asSet(e.Args[0])
}

// setOperand is the plan of e, an operand of a set operator that is
// built (p, when not nil); else of its value; but an operand that is
// itself a set operator of values (S - NB[v] in S - NB[v] - {v}) is
// that operator on their bitmaps too, not a set made between.
func setOperand(e lang.Expr, p *BuildPlan) *BuildPlan {
	if p != nil {
		return p
	}
	if b, ok := e.(*lang.Binary); ok {
		switch b.Op {
		case lang.OpSub, lang.OpBitOr, lang.OpBitAnd, lang.OpXor:
			return &BuildPlan{Kind: SetOp, Expr: b, Op: b.Op, X: setOperand(b.X, nil), Y: setOperand(b.Y, nil)}
		}
	}
	return &BuildPlan{Kind: SetValue, Expr: e}
}

// inSet recognizes X in S (not: X not in S) for X an int or a pair (a
// tuple literal of two elements). nil and why not otherwise.
func (bd *Builders) inSet(e *lang.Binary, not bool) (*InSetPlan, string) {
	if !bd.c.On(passes.Composite) {
		return nil, "composite positions are switched off"
	}
	if t, ok := e.X.(*lang.TupleLit); ok {
		if len(t.Elems) != 2 {
			return nil, fmt.Sprintf("its element is a tuple of %d, not a pair", len(t.Elems))
		}
		return &InSetPlan{Expr: e, Not: not, Pair: true}, ""
	}
	if bd.c.Ints.Typed(e.X) {
		return &InSetPlan{Expr: e, Not: not}, ""
	}
	return &InSetPlan{Expr: e, Not: not, Value: true}, ""
}

// Describe says which arguments are built (the note --explain prints).
func (p *CompositePlan) Describe() string {
	var built []string
	for i, a := range p.Args {
		switch {
		case a.Build == nil:
		case a.Build.Set():
			built = append(built, fmt.Sprintf("argument %d (a set, as a bitset: of small ints, of cells, or over the universe of the argument's elements; else a general key) is built", i+1))
			if f := a.Build.filter(); f != nil && unequals(f) != nil {
				built = append(built, fmt.Sprintf("its filter %s is the set less the elements equal to %s, a word operation (no mask kept)", lang.SExpr(f.Expr), f.freeNote()))
			} else if f != nil {
				built = append(built, fmt.Sprintf("its filter %s keeps a mask of words for each value of %s", lang.SExpr(f.Expr), f.freeNote()))
			}
		case a.Build.Kind == ListFilter:
			built = append(built, fmt.Sprintf("argument %d (a list, as the ids of its elements over a universe) is built from the ids of %s: its filter keeps a mask of words for each value of %s", i+1, lang.SExpr(a.Build.Expr.(*lang.Comp).Clauses[0].(*lang.ForClause).Iter), a.Build.freeNote()))
		case a.Build.Kind == BuildEdit:
			built = append(built, fmt.Sprintf("argument %d (a list) is built %s", i+1, editNote(a.Build)))
		case a.Build.Kind == BuildMasked || a.Build.Kind == BuildJoin && a.Build.X.Kind == BuildMasked:
			m := a.Build.Mask
			if m == nil {
				m = a.Build.X.Mask
			}
			built = append(built, fmt.Sprintf("argument %d (a list or string) is built %s", i+1, m.Note()))
		default:
			built = append(built, fmt.Sprintf("argument %d (a list, tuple or string) is built", i+1))
		}
	}
	return strings.Join(built, ", ")
}

// String prints the plan, a line per argument:
//
//	position (call g (+ (slice p 0 i) (list 1)))
//	argument 1: concat(slice(p, 0, i), list(1))
//	argument 2: int or value; parameter 2 passed on
func (p *CompositePlan) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "position %s", lang.SExpr(p.Call))
	for i, a := range p.Args {
		fmt.Fprintf(&b, "\nargument %d: ", i+1)
		switch {
		case a.Build != nil:
			b.WriteString(a.Build.String())
		case a.Param > 0:
			fmt.Fprintf(&b, "int or value; parameter %d passed on", a.Param)
		default:
			b.WriteString("int or value")
		}
	}
	return b.String()
}

// String prints a build as kind(operands), expressions as lang.SExpr
// prints them (_ for a bound left out).
func (p *BuildPlan) String() string {
	ex := func(es []lang.Expr) string {
		s := make([]string, len(es))
		for i, e := range es {
			s[i] = "_"
			if e != nil {
				s[i] = lang.SExpr(e)
			}
		}
		return strings.Join(s, ", ")
	}
	switch p.Kind {
	case BuildValue, SetValue:
		return lang.SExpr(p.Expr)
	case BuildComp:
		return "comp(" + ex(p.Elems) + ")"
	case ListFilter:
		return "listfilter(" + ex(p.Elems) + ")"
	case BuildRange:
		return fmt.Sprintf("range(%s in %s, %s)", p.Var.Name, lang.SExpr(p.Range), ex(p.Elems))
	case BuildList:
		return "list(" + ex(p.Elems) + ")"
	case BuildTuple:
		return "tuple(" + ex(p.Elems) + ")"
	case BuildSlice:
		return fmt.Sprintf("slice(%s, %s)", p.X, ex(p.Elems))
	case BuildConcat:
		return fmt.Sprintf("concat(%s, %s)", p.X, p.Y)
	case BuildCond:
		return fmt.Sprintf("cond(%s, %s, %s)", ex(p.Elems), p.X, p.Y)
	case BuildSorted:
		return fmt.Sprintf("sorted(%s)", p.X)
	case BuildUpdate:
		return fmt.Sprintf("update(%s, %s)", p.X, ex(p.Elems))
	case BuildOnInts:
		return fmt.Sprintf("%s(%s, %s)", p.By.BName, p.X, ex(p.Elems))
	case BuildJoin:
		return fmt.Sprintf("join(%s, %s)", p.X, ex(p.Elems))
	case BuildMasked:
		return fmt.Sprintf("masked(%s, %s in %s, %s)", p.Mask.Base.Name, p.Var.Name, lang.SExpr(p.Range), ex([]lang.Expr{p.Mask.Cond, p.Mask.Put}))
	case BuildEdit:
		return fmt.Sprintf("edit(%s, %s in %s, %s)", lang.SExpr(p.base()), p.Var.Name, lang.SExpr(p.Range), ex(p.Elems))
	case SetLit:
		return "set(" + ex(p.Elems) + ")"
	case SetComp:
		return "setcomp(" + ex(p.Elems) + ")"
	case SetFilter:
		return "filter(" + ex(p.Elems) + ")"
	}
	words := map[lang.Op]string{lang.OpSub: "difference", lang.OpBitOr: "union", lang.OpBitAnd: "intersection", lang.OpXor: "symdiff"}
	return fmt.Sprintf("%s(%s, %s)", words[p.Op], p.X, p.Y)
}

// String prints the plan: "bit of (in x S): int" or "... pair".
func (p *InSetPlan) String() string {
	what := "int"
	switch {
	case p.Pair:
		what = "pair"
	case p.Value:
		what = "value"
	}
	if p.Not {
		what += "; not"
	}
	return fmt.Sprintf("bit of %s: %s", lang.SExpr(p.Expr), what)
}

// bodyPlan is the plan of an inlined def's body: a conditional with an
// arm built (condPlan), or a value built (buildPlan). nil otherwise.
func (bd *Builders) bodyPlan(e lang.Expr) *BuildPlan {
	if p := bd.condPlan(e); p != nil {
		return p
	}
	return bd.buildPlan(e)
}
