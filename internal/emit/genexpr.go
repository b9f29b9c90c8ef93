package emit

import (
	"fmt"
	"strings"

	"github.com/grundy-lang/grundy/internal/emit/glue"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Expressions: each is written as a C++ expression of the C++ type of
// its static type (val). Operands are evaluated left to right, as the
// script's are: where two of them may fail, they are computed one after
// the other (seq).

// val is x as a C++ expression of the C++ type of x's type.
func (g *gen) val(x lang.Expr) string {
	code, nat := g.raw(x)
	return convert(code, nat, ctype(g.types[x]))
}

// convert is code (of C++ type nat) as a value of C++ type want.
func convert(code, nat, want string) string {
	if nat == want {
		return code
	}
	if nat == "rt::i64" && want == "rt::SGV" {
		return "rt::SGV(" + code + ")"
	}
	return "rt::conv<" + want + ">(" + code + ")"
}

// mayFail reports whether evaluating x may raise an error (or read
// input): anything but a literal or a name.
func mayFail(x lang.Expr) bool {
	switch x := x.(type) {
	case *lang.IntLit, *lang.StrLit, *lang.BoolLit, *lang.Ident:
		return false
	case *lang.ListLit:
		for _, e := range x.Elems {
			if mayFail(e) {
				return true
			}
		}
		return false
	case *lang.TupleLit:
		for _, e := range x.Elems {
			if mayFail(e) {
				return true
			}
		}
		return false
	}
	return true
}

// seq builds f(codes) with the operands evaluated in order: directly when
// at most one of them may fail, else bound to temporaries first.
func (g *gen) seq(xs []lang.Expr, codes []string, f func([]string) string) string {
	n := 0
	for _, x := range xs {
		if x != nil && mayFail(x) {
			n++
		}
	}
	if n < 2 {
		return f(codes)
	}
	var b strings.Builder
	b.WriteString("[&]() {")
	names := make([]string, len(codes))
	for i, c := range codes {
		names[i] = g.tmp("a")
		fmt.Fprintf(&b, " const auto& %s = %s;", names[i], c)
	}
	fmt.Fprintf(&b, " return %s; }()", f(names))
	return b.String()
}

// intOf is x as an int operand of op (an SG value checked finite: the
// error points at the operator, at, or else at x).
func (g *gen) intOf(x lang.Expr, op string, left bool) string {
	return g.intOfAt(x, op, left, x.Position())
}

func (g *gen) intOfAt(x lang.Expr, op string, left bool, at lang.Pos) string {
	code := g.val(x)
	if g.types[x].is(kSGV) {
		s := g.site(at)
		if left {
			return fmt.Sprintf("rt::fin(%s, %d, %s, \"int\")", code, s, cstr(op))
		}
		return fmt.Sprintf("rt::fin2(%s, %d, %s, \"int\")", code, s, cstr(op))
	}
	return code
}

// intOp is the two int operands of a binary int operator.
func (g *gen) intOp(x, y lang.Expr, op string) (string, string) {
	return g.intOf(x, op, true), g.intOf(y, op, false)
}

// intOpAt is intOp for the operator at.
func (g *gen) intOpAt(x, y lang.Expr, op string, at lang.Pos) (string, string) {
	return g.intOfAt(x, op, true, at), g.intOfAt(y, op, false, at)
}

// raw is x as a C++ expression and its natural C++ type.
func (g *gen) raw(x lang.Expr) (string, string) {
	want := ctype(g.types[x])
	switch x := x.(type) {
	case *lang.IntLit:
		return glue.Int(x.Val), "rt::i64"
	case *lang.StrLit:
		return "std::string(" + cstr(x.Val) + ")", "std::string"
	case *lang.BoolLit:
		if x.Val {
			return "true", "bool"
		}
		return "false", "bool"
	case *lang.Ident:
		d := resolve.Of(x)
		if g.intVars[d] {
			return g.varName(d), "rt::i64"
		}
		return g.varName(d), ctype(g.decls[d])
	case *lang.ListLit:
		var es []string
		for _, e := range x.Elems {
			es = append(es, g.val(e))
		}
		return want + "{" + strings.Join(es, ", ") + "}", want
	case *lang.SetLit:
		var es []string
		for _, e := range x.Elems {
			es = append(es, g.val(e))
		}
		et := ctype(g.types[x].elemOf())
		return fmt.Sprintf("%s(std::vector<%s>{%s})", want, et, strings.Join(es, ", ")), want
	case *lang.MapLit:
		t := g.types[x]
		kt, vt := ctype(t.arg(0)), ctype(t.arg(1))
		var es []string
		for i := range x.Keys {
			es = append(es, "{"+g.val(x.Keys[i])+", "+g.val(x.Vals[i])+"}")
		}
		return fmt.Sprintf("%s(std::vector<std::pair<%s, %s>>{%s})", want, kt, vt, strings.Join(es, ", ")), want
	case *lang.TupleLit:
		var es []string
		for _, e := range x.Elems {
			es = append(es, g.val(e))
		}
		return want + "{" + strings.Join(es, ", ") + "}", want
	case *lang.Comp:
		return g.comp(x), want
	case *lang.SumOf:
		var es []string
		for _, e := range x.Items {
			es = append(es, g.val(e))
		}
		return "rt::sum_list({" + strings.Join(es, ", ") + "})", "rt::Game"
	case *lang.IfExpr:
		return fmt.Sprintf("(%s ? %s : %s)", g.val(x.Cond), g.val(x.Then), g.val(x.Else)), want
	case *lang.Binary:
		return g.binary(x)
	case *lang.Unary:
		s := g.site(x.Pos)
		switch x.Op {
		case lang.OpNeg:
			return fmt.Sprintf("rt::neg(%s, %d)", g.intOfAt(x.X, "-", true, x.Pos), s), "rt::i64"
		case lang.OpBitNot:
			return fmt.Sprintf("(~%s)", g.intOfAt(x.X, "~", true, x.Pos)), "rt::i64"
		case lang.OpNot:
			return "(!" + g.val(x.X) + ")", "bool"
		case lang.OpNimber:
			return fmt.Sprintf("rt::nim(rt::nimber(%s, %d))", g.intOf(x.X, "*", true), s), "rt::Game"
		}
	case *lang.Call:
		return g.call(x)
	case *lang.Index:
		return g.index(x)
	case *lang.Slice:
		s := g.site(x.Pos)
		lo, hi := "0LL", "LLONG_MAX"
		var xs []lang.Expr
		xs = append(xs, x.X)
		codes := []string{g.val(x.X)}
		if x.Lo != nil {
			lo = g.intOf(x.Lo, "[:]", true)
			xs = append(xs, x.Lo)
			codes = append(codes, lo)
		}
		if x.Hi != nil {
			hi = g.intOf(x.Hi, "[:]", true)
			xs = append(xs, x.Hi)
			codes = append(codes, hi)
		}
		return g.seq(xs, codes, func(c []string) string {
			l, h := lo, hi
			i := 1
			if x.Lo != nil {
				l = c[i]
				i++
			}
			if x.Hi != nil {
				h = c[i]
			}
			return fmt.Sprintf("rt::slice(%s, %s, %s, %d)", c[0], l, h, s)
		}), want
	}
	g.outside(x.Position(), "this expression", "")
	return "", ""
}

// binary writes a binary operator.
func (g *gen) binary(x *lang.Binary) (string, string) {
	s := g.site(x.Pos)
	tx := g.types[x.X]
	both := func(f func(a, b string) string) string {
		return g.seq([]lang.Expr{x.X, x.Y}, []string{g.val(x.X), g.val(x.Y)}, func(c []string) string { return f(c[0], c[1]) })
	}
	ints := func(f func(a, b string) string) string {
		a, b := g.intOpAt(x.X, x.Y, x.Op.String(), x.Pos)
		return g.seq([]lang.Expr{x.X, x.Y}, []string{a, b}, func(c []string) string { return f(c[0], c[1]) })
	}
	switch x.Op {
	case lang.OpAnd:
		return "(" + g.val(x.X) + " && " + g.val(x.Y) + ")", "bool"
	case lang.OpOr:
		return "(" + g.val(x.X) + " || " + g.val(x.Y) + ")", "bool"
	case lang.OpEq, lang.OpNe:
		if c, ok := g.queryCompare(x); ok {
			return c, "bool"
		}
		op := "=="
		if x.Op == lang.OpNe {
			op = "!="
		}
		return both(func(a, b string) string { return "(" + a + " " + op + " " + b + ")" }), "bool"
	case lang.OpLt, lang.OpLe, lang.OpGt, lang.OpGe:
		op := x.Op.String()
		if tx.is(kSGV) {
			return both(func(a, b string) string {
				return fmt.Sprintf("(rt::ordered(%s, %s, %d, %s) %s 0)", a, b, s, cstr(op), op)
			}), "bool"
		}
		return both(func(a, b string) string { return "(" + a + " " + op + " " + b + ")" }), "bool"
	case lang.OpIn, lang.OpNotIn:
		neg := ""
		if x.Op == lang.OpNotIn {
			neg = "!"
		}
		if r, ok := x.Y.(*lang.Binary); ok && r.Op == lang.OpRange {
			v := g.intOf(x.X, "in", true)
			lo, hi := g.intOp(r.X, r.Y, "..")
			return g.seq([]lang.Expr{x.X, r.X, r.Y}, []string{v, lo, hi}, func(c []string) string {
				return fmt.Sprintf("%srt::in_range(%s, %s, %s)", neg, c[0], c[1], c[2])
			}), "bool"
		}
		return both(func(a, b string) string { return neg + "rt::in(" + a + ", " + b + ")" }), "bool"
	case lang.OpRange:
		return ints(func(a, b string) string { return fmt.Sprintf("rt::range_list(%s, %s, %d)", a, b, s) }), "std::vector<rt::i64>"
	case lang.OpAdd, lang.OpSub, lang.OpMul, lang.OpDiv, lang.OpMod, lang.OpShl, lang.OpShr, lang.OpPow:
		fn := map[lang.Op]string{lang.OpAdd: "add", lang.OpSub: "sub", lang.OpMul: "mul", lang.OpDiv: "div", lang.OpMod: "mod", lang.OpShl: "shl", lang.OpShr: "shr", lang.OpPow: "ipow"}[x.Op]
		rt := g.types[x]
		switch {
		case x.Op == lang.OpAdd && rt.is(kStr):
			return both(func(a, b string) string { return "(" + a + " + " + b + ")" }), "std::string"
		case x.Op == lang.OpAdd && (rt.is(kList) || rt.is(kTuple)):
			return both(func(a, b string) string { return "rt::cat(" + a + ", " + b + ")" }), ctype(rt)
		case x.Op == lang.OpAdd && rt.is(kGame):
			return both(func(a, b string) string { return "rt::plus(" + a + ", " + b + ")" }), "rt::Game"
		case x.Op == lang.OpSub && rt.is(kSet):
			return both(func(a, b string) string { return "rt::set_sub(" + a + ", " + b + ")" }), ctype(rt)
		case x.Op == lang.OpMul && rt.is(kGame):
			k, gm := x.X, x.Y
			kfirst := true
			if g.types[x.X].is(kGame) {
				k, gm = x.Y, x.X
				kfirst = false
			}
			kc := g.intOf(k, "*", kfirst)
			return g.seq([]lang.Expr{x.X, x.Y}, orderPair(kfirst, kc, g.val(gm)), func(c []string) string {
				if kfirst {
					return fmt.Sprintf("rt::copies_game(%s, %s, %d)", c[0], c[1], s)
				}
				return fmt.Sprintf("rt::copies_game(%s, %s, %d)", c[1], c[0], s)
			}), "rt::Game"
		case x.Op == lang.OpMul && (rt.is(kList) || rt.is(kStr)):
			k, seqX := x.X, x.Y
			kfirst := true
			if !g.types[x.X].numeric() {
				k, seqX = x.Y, x.X
				kfirst = false
			}
			kc := g.intOf(k, "*", kfirst)
			return g.seq([]lang.Expr{x.X, x.Y}, orderPair(kfirst, kc, g.val(seqX)), func(c []string) string {
				if kfirst {
					return fmt.Sprintf("rt::repeat(%s, %s, %d)", c[1], c[0], s)
				}
				return fmt.Sprintf("rt::repeat(%s, %s, %d)", c[0], c[1], s)
			}), ctype(rt)
		}
		if (x.Op == lang.OpAdd || x.Op == lang.OpSub || x.Op == lang.OpMul || x.Op == lang.OpMod) && g.ranges.Safe(x) {
			op := x.Op.String()
			return ints(func(a, b string) string { return "(" + a + " " + op + " " + b + ")" }), "rt::i64"
		}
		return ints(func(a, b string) string { return fmt.Sprintf("rt::%s(%s, %s, %d)", fn, a, b, s) }), "rt::i64"
	case lang.OpBitOr, lang.OpXor, lang.OpBitAnd:
		rt := g.types[x]
		if rt.is(kSet) {
			fn := map[lang.Op]string{lang.OpBitOr: "set_or", lang.OpXor: "set_xor", lang.OpBitAnd: "set_and"}[x.Op]
			return both(func(a, b string) string { return "rt::" + fn + "(" + a + ", " + b + ")" }), ctype(rt)
		}
		op := map[lang.Op]string{lang.OpBitOr: "|", lang.OpXor: "^", lang.OpBitAnd: "&"}[x.Op]
		return ints(func(a, b string) string { return "(" + a + " " + op + " " + b + ")" }), "rt::i64"
	}
	g.outside(x.Pos, fmt.Sprintf("the operator %q", x.Op), "")
	return "", ""
}

func orderPair(kfirst bool, k, v string) []string {
	if kfirst {
		return []string{k, v}
	}
	return []string{v, k}
}

// queryCompare writes sg(G) == k, outcome(G) == "P" and their != forms
// on the SG value's encoding, without making the value.
func (g *gen) queryCompare(x *lang.Binary) (string, bool) {
	a, b := x.X, x.Y
	if _, ok := a.(*lang.Call); !ok {
		a, b = b, a
	}
	call, ok := a.(*lang.Call)
	if !ok || len(call.Args) != 1 {
		return "", false
	}
	_, _, name := g.callee(call)
	neg := ""
	if x.Op == lang.OpNe {
		neg = "!"
	}
	switch name {
	case "sg":
		lit, ok := b.(*lang.IntLit)
		if !ok {
			return "", false
		}
		return fmt.Sprintf("(%s(%s == %s))", neg, g.sgEnc(call.Args[0]), glue.Int(lit.Val)), true
	case "outcome":
		lit, ok := b.(*lang.StrLit)
		if !ok {
			return "", false
		}
		switch lit.Val {
		case "P", "N", "D":
			if parts := sumParts(call.Args[0], g); len(parts) > 1 {
				acc := "rt::Acc{}"
				for _, p := range parts {
					acc += ".add(" + g.sgEnc(p) + ")"
				}
				return fmt.Sprintf("(%srt::is_%s(%s))", neg, lit.Val, acc), true
			}
			return fmt.Sprintf("(%srt::is_%s(%s))", neg, lit.Val, g.sgEnc(call.Args[0])), true
		}
		return fmt.Sprintf("(%s(%s == %s))", neg, "std::string()", "std::string(\"x\")"), true
	}
	return "", false
}

// sumParts is the parts of a sum written with + (a game expression that
// is not such a sum is its only part).
func sumParts(x lang.Expr, g *gen) []lang.Expr {
	if b, ok := x.(*lang.Binary); ok && b.Op == lang.OpAdd && g.types[x].is(kGame) {
		return append(sumParts(b.X, g), sumParts(b.Y, g)...)
	}
	return []lang.Expr{x}
}

// index writes x[i].
func (g *gen) index(x *lang.Index) (string, string) {
	s := g.site(x.Pos)
	t := g.types[x.X]
	want := ctype(g.types[x])
	switch t.kindOf() {
	case kTuple:
		k, _ := constIndex(x.Index)
		return fmt.Sprintf("std::get<%d>(%s)", k, g.val(x.X)), ctype(t.elems()[k])
	case kMap:
		return g.seq([]lang.Expr{x.X, x.Index}, []string{g.val(x.X), g.val(x.Index)}, func(c []string) string {
			return fmt.Sprintf("rt::at(%s, %s, %d)", c[0], c[1], s)
		}), ctype(t.arg(1))
	case kStr:
		return g.seq([]lang.Expr{x.X, x.Index}, []string{g.val(x.X), g.intOf(x.Index, "[]", false)}, func(c []string) string {
			return fmt.Sprintf("rt::at(%s, %s, %d)", c[0], c[1], s)
		}), "std::string"
	}
	nat := ctype(t.elemOf())
	_ = want
	return g.seq([]lang.Expr{x.X, x.Index}, []string{g.val(x.X), g.intOf(x.Index, "[]", false)}, func(c []string) string {
		return fmt.Sprintf("rt::at(%s, %s, %d)", c[0], c[1], s)
	}), nat
}

// iife wraps statements (written by body into a writer of their own) in
// a lambda called at once, returning ret's value of C++ type t.
func (g *gen) iife(t string, body func(w *writer)) string {
	saved := g.w
	ind := 1
	if saved != nil {
		ind = saved.ind + 1
	}
	w := &writer{ind: ind}
	g.w = w
	body(w)
	g.w = saved
	pad := strings.Repeat("    ", ind-1)
	return "[&]() -> " + t + " {\n" + w.b.String() + pad + "}()"
}

// clauses writes the loops of a query's clauses, inner inside them all.
func (g *gen) clauses(cls []ir.Clause, i int, inner func()) {
	if i == len(cls) {
		inner()
		return
	}
	next := func() { g.clauses(cls, i+1, inner) }
	w := g.w
	switch c := cls[i].(type) {
	case *ir.Range:
		lo, hi := g.intOp(c.Lo, c.Hi, "..")
		g.rangeLoop(c.Var, lo, hi, next)
	case *ir.Elems:
		g.forLoop(c.Pat, c.Coll, next, false)
	case *ir.Bind:
		w.open("{")
		if !c.Pat.Tuple {
			d := resolve.NameDecl(c.Pat.Names[0])
			name := g.local(d)
			w.line("const %s %s = %s;", ctype(g.decls[d]), name, g.val(c.X))
			w.line("(void)%s;", name)
		} else {
			var names []string
			for _, n := range c.Pat.Names {
				names = append(names, g.local(resolve.NameDecl(n)))
			}
			w.line("const auto [%s] = %s;", strings.Join(names, ", "), g.val(c.X))
			for _, n := range names {
				w.line("(void)%s;", n)
			}
		}
		next()
		w.close("}")
	case *ir.Filter:
		w.open("if (%s) {", g.val(c.Cond))
		next()
		w.close("}")
	}
}

// comp writes a comprehension that builds its list, set, map or sum.
func (g *gen) comp(x *lang.Comp) string {
	t := g.types[x]
	want := ctype(t)
	q := ir.LowerComp(x, ir.CompConsumer(x.Kind))
	return g.iife(want, func(w *writer) {
		r := g.tmp("r")
		switch x.Kind {
		case lang.ListComp:
			w.line("%s %s;", want, r)
			g.clauses(q.Clauses, 0, func() { g.w.line("%s.push_back(%s);", r, g.val(x.Body)) })
			w.line("return %s;", r)
		case lang.SetComp:
			w.line("std::vector<%s> %s;", ctype(t.elemOf()), r)
			g.clauses(q.Clauses, 0, func() { g.w.line("%s.push_back(%s);", r, g.val(x.Body)) })
			w.line("return %s(std::move(%s));", want, r)
		case lang.MapComp:
			w.line("std::vector<std::pair<%s, %s>> %s;", ctype(t.arg(0)), ctype(t.arg(1)), r)
			g.clauses(q.Clauses, 0, func() {
				k, v := g.val(x.Key), g.val(x.Body)
				g.w.line("%s.push_back(%s);", r, g.seq([]lang.Expr{x.Key, x.Body}, []string{k, v}, func(c []string) string {
					return "{" + c[0] + ", " + c[1] + "}"
				}))
			})
			w.line("return %s(std::move(%s));", want, r)
		case lang.SumComp:
			w.line("rt::Game %s;", r)
			g.clauses(q.Clauses, 0, func() { g.partsOf(x.Body, r+".parts") })
			w.line("if (%s.parts.empty()) %s = rt::nim(0);", r, r)
			w.line("return %s;", r)
		}
	})
}
