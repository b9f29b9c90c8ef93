package emit

import (
	"fmt"
	"strings"

	"github.com/grundy-lang/grundy/internal/emit/glue"
	"github.com/grundy-lang/grundy/internal/emit/ranges"
	"github.com/grundy-lang/grundy/internal/ir"
	"github.com/grundy-lang/grundy/lang"
)

// Calls: of defs (C++ functions), of games (positions as values), of the
// built-ins; the folds of a comprehension (len, sum, min, max, any, all,
// sg of a sum) run as loops without building the list.

func (g *gen) args(xs []lang.Expr) []string {
	var out []string
	for _, a := range xs {
		out = append(out, g.val(a))
	}
	return out
}

func (g *gen) call(x *lang.Call) (string, string) {
	def, game, name := g.callee(x)
	s := g.site(x.Pos)
	switch {
	case def != nil:
		code := g.seq(x.Args, g.args(x.Args), func(c []string) string {
			return fmt.Sprintf("%s(%d%s%s)", def.cname, s, prefixed(c), g.chkArg(def))
		})
		if r, ok := g.ranges.OfCall(x); ok && ctype(def.ret) == "rt::i64" {
			code = fmt.Sprintf("rt::assume(%s, %s, %s)", code, ranges.C(r.Lo), ranges.C(r.Hi))
		}
		return code, ctype(def.ret)
	case game != nil:
		return g.seq(x.Args, g.args(x.Args), func(c []string) string {
			return fmt.Sprintf("pos_%s(%s)", game.cname, strings.Join(c, ", "))
		}), "rt::Game"
	}
	args := x.Args
	one := func(f string) string { return fmt.Sprintf(f, g.val(args[0])) }
	if len(args) == 1 {
		if c, ok := args[0].(*lang.Comp); ok && c.Kind == lang.ListComp {
			if code, nat, ok := g.fold(x, name, c); ok {
				return code, nat
			}
		}
	}
	t0 := func() *ty { return g.types[args[0]] }
	switch name {
	case "sg":
		return "rt::SGV::enc(" + g.sgEnc(args[0]) + ")", "rt::SGV"
	case "outcome":
		return "rt::outcome_of(" + g.sgEnc(args[0]) + ")", "std::string"
	case "moves":
		return one("rt::moves(%s)"), "std::vector<rt::Game>"
	case "winning":
		return fmt.Sprintf("rt::winning(%s, %d)", g.val(args[0]), s), "std::vector<rt::Game>"
	case "len":
		if t0().is(kTuple) {
			return fmt.Sprintf("((void)%s, %s)", g.val(args[0]), glue.Int(int64(t0().tupleLen()))), "rt::i64"
		}
		return one("rt::len(%s)"), "rt::i64"
	case "str":
		return one("rt::str(%s)"), "std::string"
	case "abs":
		return fmt.Sprintf("rt::iabs(%s, %d)", g.intOf(args[0], "abs", true), s), "rt::i64"
	case "popcount", "mask", "isqrt":
		return fmt.Sprintf("rt::%s(%s, %d)", name, g.intOf(args[0], name, true), s), "rt::i64"
	case "gcd", "lcm":
		a, b := g.intOp(args[0], args[1], name)
		return g.seq(args, []string{a, b}, func(c []string) string {
			return fmt.Sprintf("rt::%s(%s, %s, %d)", name, c[0], c[1], s)
		}), "rt::i64"
	case "sorted", "reversed":
		return one("rt::" + name + "(%s)"), ctype(g.types[x])
	case "enumerate":
		return one("rt::enumerate(%s)"), ctype(g.types[x])
	case "zip":
		return g.seq(args, g.args(args), func(c []string) string { return "rt::zip(" + c[0] + ", " + c[1] + ")" }), ctype(g.types[x])
	case "keys":
		return one("rt::keys(%s)"), ctype(g.types[x])
	case "get":
		return g.seq(args, g.args(args), func(c []string) string { return "rt::get(" + strings.Join(c, ", ") + ")" }), ctype(g.types[x])
	case "set":
		want := ctype(g.types[x])
		if len(args) == 0 {
			return want + "()", want
		}
		return fmt.Sprintf("%s(rt::to_vector(%s))", want, g.val(args[0])), want
	case "all", "any":
		return fmt.Sprintf("rt::%s_of(%s)", name, g.val(args[0])), "bool"
	case "sum":
		return fmt.Sprintf("rt::isum(%s, %d)", g.val(args[0]), s), "rt::i64"
	case "mex":
		return one("rt::mex(%s)"), "rt::i64"
	case "nimsum":
		if len(args) == 1 && !t0().numeric() {
			return fmt.Sprintf("rt::nimsum_of(%s, %d)", g.val(args[0]), s), "rt::i64"
		}
		var codes []string
		for _, a := range args {
			codes = append(codes, g.intOf(a, "nimsum", true))
		}
		return g.seq(args, codes, func(c []string) string { return "(" + strings.Join(c, " ^ ") + ")" }), "rt::i64"
	case "divisors":
		return fmt.Sprintf("rt::divisors(%s, %d)", g.intOf(args[0], "divisors", true), s), "std::vector<rt::i64>"
	case "range":
		var codes []string
		for _, a := range args {
			codes = append(codes, g.intOf(a, "range", true))
		}
		return g.seq(args, codes, func(c []string) string {
			switch len(c) {
			case 1:
				return fmt.Sprintf("rt::range3(0, %s, 1, %d)", c[0], s)
			case 2:
				return fmt.Sprintf("rt::range3(%s, %s, 1, %d)", c[0], c[1], s)
			}
			return fmt.Sprintf("rt::range3(%s, %s, %s, %d)", c[0], c[1], c[2], s)
		}), "std::vector<rt::i64>"
	case "ints":
		return fmt.Sprintf("rt::read_ints(%d)", s), "std::vector<rt::i64>"
	case "chars":
		return one("rt::chars(%s)"), "std::vector<std::string>"
	case "join":
		return g.seq(args, g.args(args), func(c []string) string { return "rt::join(" + c[0] + ", " + c[1] + ")" }), "std::string"
	case "update":
		codes := g.args(args)
		if t0().is(kList) || t0().is(kStr) {
			codes[1] = g.intOf(args[1], "update", true)
		}
		return g.seq(args, codes, func(c []string) string {
			return fmt.Sprintf("rt::update(%s, %s, %s, %d)", c[0], c[1], c[2], s)
		}), ctype(g.types[x])
	case "min", "max":
		if len(args) == 1 {
			return fmt.Sprintf("rt::%s_of(%s, %d, %s)", name, g.val(args[0]), s, cstr(kindWord(t0()))), ctype(g.types[x])
		}
		codes := g.args(args)
		return g.seq(args, codes, func(c []string) string {
			return fmt.Sprintf("rt::%s_args(%d, {%s})", name, s, strings.Join(c, ", "))
		}), ctype(g.types[x])
	}
	g.outside(x.Pos, "the built-in "+name, "")
	return "", ""
}

// kindWord is the type's name in the errors of a built-in.
func kindWord(t *ty) string {
	switch t.kindOf() {
	case kSet:
		return "set"
	case kMap:
		return "map"
	case kTuple:
		return "tuple"
	case kStr:
		return "string"
	}
	return "list"
}

func prefixed(c []string) string {
	if len(c) == 0 {
		return ""
	}
	return ", " + strings.Join(c, ", ")
}

// fold writes len, sum, min, max, any or all of a list comprehension as
// a loop over its clauses: every element is computed, in order, as the
// list would be, and none is kept.
func (g *gen) fold(x *lang.Call, name string, c *lang.Comp) (string, string, bool) {
	s := g.site(x.Pos)
	q := ir.LowerComp(c, ir.ListComp)
	et := g.types[c.Body]
	switch name {
	case "len":
		return g.iife("rt::i64", func(w *writer) {
			n := g.tmp("n")
			w.line("rt::i64 %s = 0;", n)
			cls := q.Clauses
			// a last if clause counted without a branch (a test of values
			// that mispredicts as often as it holds)
			var last *ir.Filter
			if len(cls) > 0 {
				last, _ = cls[len(cls)-1].(*ir.Filter)
			}
			if last != nil && !mayFail(c.Body) {
				cls = cls[:len(cls)-1]
			}
			g.clauses(cls, 0, func() {
				if last != nil && !mayFail(c.Body) {
					g.w.line("%s += (%s) ? 1 : 0;", n, g.val(last.Cond))
					return
				}
				if mayFail(c.Body) {
					g.w.line("(void)%s;", g.val(c.Body))
				}
				g.w.line("++%s;", n)
			})
			w.line("return %s;", n)
		}), "rt::i64", true
	case "sum":
		return g.iife("rt::i64", func(w *writer) {
			n := g.tmp("sum")
			w.line("rt::i64 %s = 0;", n)
			g.clauses(q.Clauses, 0, func() {
				v := g.intOf(c.Body, "sum", true)
				g.w.line("if (__builtin_add_overflow(%s, %s, &%s)) rt::fail(%d, \"integer overflow: the sum does not fit in 64 bits\");", n, v, n, s)
			})
			w.line("return %s;", n)
		}), "rt::i64", true
	case "any", "all":
		return g.iife("bool", func(w *writer) {
			n := g.tmp("b")
			if name == "any" {
				w.line("bool %s = false;", n)
				g.clauses(q.Clauses, 0, func() { g.w.line("if (%s) %s = true;", g.val(c.Body), n) })
			} else {
				w.line("bool %s = true;", n)
				g.clauses(q.Clauses, 0, func() { g.w.line("if (!(%s)) %s = false;", g.val(c.Body), n) })
			}
			w.line("return %s;", n)
		}), "bool", true
	case "min", "max":
		if !et.numeric() {
			return "", "", false
		}
		want := ctype(et)
		// max([sg(G) for ...]): on the SG values' encodings, an infinite
		// one an error
		var sgArg lang.Expr
		if call, ok := c.Body.(*lang.Call); ok && len(call.Args) == 1 {
			if _, _, n := g.callee(call); n == "sg" {
				sgArg = call.Args[0]
			}
		}
		return g.iife(want, func(w *writer) {
			best, have := g.tmp("best"), g.tmp("have")
			op := "<"
			if name == "max" {
				op = ">"
			}
			if sgArg != nil {
				w.line("rt::i64 %s = 0;", best)
			} else {
				w.line("%s %s{};", want, best)
			}
			w.line("bool %s = false;", have)
			g.clauses(q.Clauses, 0, func() {
				v := g.tmp("v")
				if sgArg != nil {
					g.w.line("const rt::i64 %s = %s;", v, g.sgEnc(sgArg))
					g.w.line("if (%s < 0) rt::minmax_check(rt::SGV::enc(%s), %d, %s);", v, v, s, cstr(name))
				} else {
					g.w.line("%s %s = %s;", want, v, g.val(c.Body))
					if et.is(kSGV) {
						g.w.line("rt::minmax_check(%s, %d, %s);", v, s, cstr(name))
					}
				}
				g.w.line("if (!%s || %s %s %s) { %s = %s; %s = true; }", have, v, op, best, best, v, have)
			})
			if sgArg != nil {
				w.line("if (!%s) rt::empty_fold(%d, %s, \"list\");", have, s, cstr(name))
				w.line("return rt::SGV(%s);", best)
				return
			}
			w.line("if (!%s) rt::empty_fold(%d, %s, \"list\");", have, s, cstr(name))
			w.line("return %s;", best)
		}), want, true
	}
	return "", "", false
}
