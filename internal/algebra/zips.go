package algebra

import (
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Zips writes a generator over zip(A, B) of two sequences of one length
// as a loop over their indexes, each element read at its index:
//
//	elems (i, x) in zip(0 .. len(R) - 1, R)        range k = 0 .. len(R) - 1; bind i = k; bind x = R[k]
//	elems (x, d) in zip(R, [E(j) for j in 0 .. len(R) - 1])
//	                                               range k = 0 .. len(R) - 1; bind x = R[k]; bind d = E(k)
//
// where one of them is R, a list from outside the query (a position's
// list: a list root of package proof), and the other R itself, the range
// 0 .. len(R) - 1 or a list comprehension over that range alone (no other
// clause) whose element cannot fail. No list of pairs, and no list of the
// comprehension, is made; the passes after it (binds, the rules) see the
// elements as expressions of the index. Exact where the guard says R is
// a list (or tuple) of ints: zip of them yields (A[0], B[0]), (A[1],
// B[1]), ... in order, as many as R has elements, and building the range
// or the comprehension, len(R) and R[k] cannot fail (so evaluating an
// element at its index, rather than all of them first, changes no value
// and no error). Where the guard does not hold, the generator runs as
// written; where the lengths are not the same by their spelling (two
// different lists, a range of another length, a comprehension with a
// filter) it is not rewritten.
func Zips(env Env, q *ir.Query) *ir.Query {
	for i, cl := range q.Clauses {
		el, ok := cl.(*ir.Elems)
		if !ok || !el.Pat.Tuple || len(el.Pat.Names) != 2 || el.Pat.Names[0] == nil || el.Pat.Names[1] == nil {
			continue
		}
		call, ok := el.Coll.(*lang.Call)
		if !ok || len(call.Args) != 2 {
			continue
		}
		if bi := env.R.BuiltinCallee(call); bi == nil || bi.BName != "zip" {
			continue
		}
		if out := zipAt(env, q, i, el, call); out != nil {
			return out
		}
	}
	return nil
}

// zipSide is one argument of a zip: a list root, a range or a list
// comprehension over one range.
type zipSide struct {
	root   *lang.Ident
	lo, hi lang.Expr
	v      *resolve.Decl // the comprehension's variable (nil: a range)
	elem   lang.Expr     // the comprehension's element
}

func (env Env) zipSide(e lang.Expr) (zipSide, bool) {
	switch e := e.(type) {
	case *lang.Ident:
		if d := resolve.Of(e); d != nil && d.Kind == resolve.Local {
			return zipSide{root: e}, true
		}
	case *lang.Binary:
		if e.Op == lang.OpRange {
			return zipSide{lo: e.X, hi: e.Y}, true
		}
	case *lang.Comp:
		if e.Kind != lang.ListComp || len(e.Clauses) != 1 {
			break
		}
		f, ok := e.Clauses[0].(*lang.ForClause)
		if !ok || f.Target.Tuple || len(f.Target.Names) != 1 || f.Target.Names[0] == nil {
			break
		}
		r, ok := f.Iter.(*lang.Binary)
		v := resolve.NameDecl(f.Target.Names[0])
		if !ok || r.Op != lang.OpRange || v == nil {
			break
		}
		return zipSide{lo: r.X, hi: r.Y, v: v, elem: e.Body}, true
	}
	return zipSide{}, false
}

// over reports whether side s has the indexes 0 .. len(root) - 1.
func (env Env) over(s zipSide, root *lang.Ident) bool {
	rd := resolve.Of(root)
	if s.root != nil {
		return resolve.Of(s.root) == rd
	}
	if lo, ok := ir.IntLit(s.lo); !ok || lo != 0 {
		return false
	}
	g := lenMinusOne(env, s.hi)
	return g != nil && resolve.Of(g) == rd
}

// at is side s's element at index k.
func (s zipSide) at(k *lang.Ident, pos lang.Pos) lang.Expr {
	switch {
	case s.root != nil:
		return &lang.Index{Pos: pos, X: s.root, Index: k}
	case s.v == nil:
		return k
	}
	return resolve.Substitute(s.elem, map[*resolve.Decl]int{s.v: 0}, []lang.Expr{k}, nil)
}

func zipAt(env Env, q *ir.Query, i int, el *ir.Elems, call *lang.Call) *ir.Query {
	a, ok1 := env.zipSide(call.Args[0])
	b, ok2 := env.zipSide(call.Args[1])
	if !ok1 || !ok2 {
		return nil
	}
	root := a.root
	if root == nil {
		root = b.root
	}
	if root == nil || !env.over(a, root) || !env.over(b, root) {
		return nil
	}
	pos := call.Pos
	hi := lastIndex(env.R, root, pos)
	if hi == nil {
		return nil
	}
	kd := resolve.NewLocal(el.Pat.Names[0].Name+"'", el.Pat.Names[0].Pos) // (a name no program can write)
	kn := &lang.Name{Pos: el.Pat.Names[0].Pos, Name: kd.Name, Bind: kd}
	k := &lang.Ident{Pos: kn.Pos, Name: kd.Name, Bind: kd}
	out := q.Clone()
	rng := &ir.Range{Var: kn, Lo: &lang.IntLit{Pos: pos, Val: 0}, Hi: hi, At: el.At, OpPos: pos}
	bx := &ir.Bind{Pat: &lang.Pattern{Pos: el.Pat.Pos, Names: el.Pat.Names[:1]}, X: a.at(k, pos), At: el.At, Lit: pos}
	by := &ir.Bind{Pat: &lang.Pattern{Pos: el.Pat.Pos, Names: el.Pat.Names[1:]}, X: b.at(k, pos), At: el.At, Lit: pos}
	out.Clauses = append(append(out.Clauses[:i:i], rng, bx, by), q.Clauses[i+1:]...)
	sf := env.Safety(out)
	// (The root read as a list first: the range's end is its length.)
	if !sf.Conds(out.Clauses[i:i+1]) || !sf.ListArg(root) {
		return nil
	}
	for _, bd := range []*ir.Bind{bx, by} {
		if !sf.IntOrTuple(bd.X) {
			return nil
		}
	}
	g, ok := sf.Guard(out)
	if !ok {
		return nil
	}
	out.Guard = ir.MergeGuards(q.Guard, g)
	return out
}

// lastIndex is len(root) - 1 (len the built-in, whatever the name means
// where the query is), or nil where there is none.
func lastIndex(r *resolve.Resolver, root *lang.Ident, pos lang.Pos) lang.Expr {
	bi := r.Reg.Builtin("len")
	if bi == nil {
		return nil
	}
	d := &resolve.Decl{Name: "len", Kind: resolve.Builtin, Bi: bi}
	n := &lang.Call{Pos: pos, Fn: &lang.Ident{Pos: pos, Name: "len", Bind: d}, Lparen: pos, Args: []lang.Expr{root}}
	return &lang.Binary{Pos: pos, Op: lang.OpSub, X: n, Y: &lang.IntLit{Pos: pos, Val: 1}}
}
