package resolve

import "github.com/grundy-lang/grundy/lang"

// MayFail reports whether the move rule of game d, with the defs it
// calls and the rules of the games its options are positions of, may
// raise an error that depends on the position's values: a division or a
// modulo by anything but a nonzero int literal, an index or a slice of a
// value that is not a global (a position's list or string out of range),
// a built-in that fails on some values of the right kind (min and max of
// an empty collection, update out of range, divisors), a call of a value
// (a parameter), or a def or game it cannot see (conservative). The
// pruned search (package solve), which finds a large position's value
// without evaluating the rule at every position below it, runs only
// where it is false: an error of a position it skips would otherwise not
// be raised, where the plain search raises it.
//
// What it takes on trust: that the kinds of the values are those the
// rule was written for (a type error then fails at the first position,
// which every search evaluates), and that a global collection indexed
// by a position's element holds it (a graph's map of neighbours built
// for the board: ADJ[v] for v in S).
func MayFail(d *lang.GameStmt) bool {
	mf := &mayFail{seen: map[any]bool{}}
	return mf.game(d)
}

type mayFail struct {
	seen  map[any]bool // the games and defs looked into
	depth int
}

func (mf *mayFail) game(d *lang.GameStmt) bool {
	if d == nil {
		return true
	}
	if mf.seen[d] {
		return false
	}
	mf.seen[d] = true
	fails := false
	visit := func(x lang.Expr) bool {
		if !fails {
			fails = mf.expr(x)
		}
		return !fails
	}
	for _, a := range d.Alts {
		alt, ok := a.(*lang.Alt)
		if !ok {
			return true
		}
		lang.InspectClauses(alt.Clauses, visit)
		lang.Inspect(alt.Body, visit)
	}
	return fails
}

// expr reports whether node e itself (not its operands: the walk visits
// them) may fail by its values.
func (mf *mayFail) expr(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.Binary:
		if e.Op == lang.OpDiv || e.Op == lang.OpMod {
			lit, ok := e.Y.(*lang.IntLit)
			return !ok || lit.Val == 0
		}
	case *lang.Chain:
		for _, st := range e.Steps {
			if st.Op == lang.OpDiv || st.Op == lang.OpMod {
				lit, ok := st.Y.(*lang.IntLit)
				if !ok || lit.Val == 0 {
					return true
				}
			}
		}
	case *lang.Index:
		return !mf.global(e.X)
	case *lang.Slice:
		return !mf.global(e.X)
	case *lang.Call:
		return mf.call(e)
	}
	return false
}

// global reports whether x names a global.
func (mf *mayFail) global(x lang.Expr) bool {
	id, ok := x.(*lang.Ident)
	return ok && Of(id) != nil && Of(id).Kind == Global
}

// failingBuiltins are the built-ins that fail on some values of the
// kinds they take.
var failingBuiltins = map[string]bool{"min": true, "max": true, "update": true, "divisors": true}

func (mf *mayFail) call(e *lang.Call) bool {
	id, ok := e.Fn.(*lang.Ident)
	if !ok || Of(id) == nil {
		return true
	}
	d := Of(id)
	switch d.Kind {
	case Builtin:
		return failingBuiltins[id.Name]
	case Def:
		if d.B == nil || d.B.Fn == nil || d.B.Fn.Decl == nil {
			return true
		}
		fn := d.B.Fn
		if mf.seen[fn] {
			return false
		}
		mf.seen[fn] = true
		if mf.depth > 64 {
			return true
		}
		mf.depth++
		defer func() { mf.depth-- }()
		fails := false
		lang.Inspect(fn.Decl.Body, func(x lang.Expr) bool {
			if !fails {
				fails = mf.expr(x)
			}
			return !fails
		})
		return fails
	case Game:
		if d.B == nil || d.B.Game == nil {
			return true
		}
		g := d.B.Game
		if g.Decl == nil {
			return true // (a game written in Go: its rule is its own)
		}
		if mf.depth > 64 {
			return true
		}
		mf.depth++
		defer func() { mf.depth-- }()
		return mf.game(g.Decl)
	}
	return true
}
