package emit

import (
	"fmt"

	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// callee is what a call calls: a def, a game or a built-in (by name).
func (e *emitter) callee(x *lang.Call) (*defInfo, *gameInfo, string) {
	id, ok := x.Fn.(*lang.Ident)
	if !ok {
		e.outside(x.Pos, "calling a computed function", "call a def, a game or a built-in by its name")
	}
	d := resolve.Of(id)
	if d == nil {
		e.failf(id.Pos, "unknown name %q", id.Name)
	}
	switch d.Kind {
	case resolve.Def:
		if info := e.defs[d]; info != nil {
			return info, nil, ""
		}
		e.outside(id.Pos, fmt.Sprintf("the standard library's %s", id.Name), "")
	case resolve.Game:
		if info := e.games[d]; info != nil {
			return nil, info, ""
		}
		e.outside(id.Pos, fmt.Sprintf("the standard library's game %s", id.Name), "declare the game in the script")
	case resolve.Builtin:
		return nil, nil, d.Name
	}
	e.outside(id.Pos, "calling "+id.Name+", a value", "call a def, a game or a built-in by its name")
	return nil, nil, ""
}

// builtins are the built-ins emit translates.
var builtins = map[string]bool{
	"sg": true, "outcome": true, "moves": true, "winning": true,
	"len": true, "min": true, "max": true, "abs": true, "sorted": true, "str": true,
	"keys": true, "get": true, "set": true, "all": true, "any": true, "divisors": true,
	"sum": true, "reversed": true, "ints": true, "mex": true, "nimsum": true,
	"gcd": true, "lcm": true, "popcount": true, "mask": true, "isqrt": true, "update": true,
	"join": true, "enumerate": true, "zip": true, "range": true, "chars": true,
}

func (c *checker) call(x *lang.Call) *ty {
	def, game, name := c.callee(x)
	switch {
	case def != nil:
		def.used = true
		for i, a := range x.Args {
			c.must(a.Position(), def.params[i], c.typeOf(a), "a parameter of "+def.st.Name.Name+" called with values")
		}
		return def.ret
	case game != nil:
		for i, a := range x.Args {
			c.must(a.Position(), game.params[i], c.typeOf(a), "a parameter of the game "+game.st.Name.Name+" called with values")
		}
		return tGame()
	}
	if !builtins[name] {
		c.outside(x.Pos, "the built-in "+name, "")
	}
	args := x.Args
	arg := func(i int) *ty { return c.typeOf(args[i]) }
	switch name {
	case "sg":
		c.must(args[0].Position(), arg(0), tGame(), "sg of a value")
		return tSGV()
	case "outcome":
		c.must(args[0].Position(), arg(0), tGame(), "outcome of a value")
		return tStr()
	case "moves", "winning":
		c.must(args[0].Position(), arg(0), tGame(), name+" of a value")
		return tList(tGame())
	case "len":
		t := arg(0)
		c.later(x, func() bool {
			switch t.kindOf() {
			case kVar:
				return false
			case kList, kSet, kMap, kStr, kTuple:
				return true
			}
			c.outside(x.Pos, "len of "+typeName(t), "")
			return true
		}, func() { unify(t, tList(newVar())) })
		return tInt()
	case "min", "max":
		out := newVar()
		if len(args) == 1 {
			t := arg(0)
			c.later(x, func() bool {
				if !t.known() {
					return false
				}
				if t.is(kTuple) {
					c.outside(x.Pos, name+" of a tuple", "")
				}
				c.must(x.Pos, out, c.iterElem(args[0], t), name+" of elements")
				return true
			}, func() { unify(t, tList(out)) })
		} else {
			for _, a := range args {
				c.must(a.Position(), out, c.typeOf(a), name+" of values")
			}
		}
		c.later(x, func() bool {
			if !out.known() {
				return false
			}
			if !out.orderable() || out.is(kSet) {
				c.outside(x.Pos, name+" of "+typeName(out), "")
			}
			return true
		}, func() { unify(out, tInt()) })
		return out
	case "abs", "popcount", "mask", "isqrt":
		c.needInt(args[0])
		return tInt()
	case "gcd", "lcm":
		c.needInt(args[0])
		c.needInt(args[1])
		return tInt()
	case "sorted", "reversed":
		out := newVar()
		t := arg(0)
		c.later(x, func() bool {
			if !t.known() {
				return false
			}
			c.must(x.Pos, out, c.iterElem(args[0], t), name+" of elements")
			return true
		}, func() { unify(t, tList(out)) })
		return tList(out)
	case "enumerate":
		out := newVar()
		t := arg(0)
		c.later(x, func() bool {
			if !t.known() {
				return false
			}
			c.must(x.Pos, out, c.iterElem(args[0], t), name+" of elements")
			return true
		}, func() { unify(t, tList(out)) })
		return tList(tTuple(tInt(), out))
	case "zip":
		a, b := newVar(), newVar()
		ta, tb := arg(0), arg(1)
		c.later(x, func() bool {
			if !ta.known() || !tb.known() {
				return false
			}
			c.must(x.Pos, a, c.iterElem(args[0], ta), "zip of elements")
			c.must(x.Pos, b, c.iterElem(args[1], tb), "zip of elements")
			return true
		}, func() {
			unify(ta, tList(a))
			unify(tb, tList(b))
		})
		return tList(tTuple(a, b))
	case "str":
		arg(0)
		return tStr()
	case "keys":
		k := newVar()
		c.must(args[0].Position(), arg(0), tMap(k, newVar()), "keys of a value")
		return tList(k)
	case "get":
		k, v := newVar(), newVar()
		c.must(args[0].Position(), arg(0), tMap(k, v), "get of a value")
		c.must(args[1].Position(), arg(1), k, "a key")
		c.must(args[2].Position(), arg(2), v, "a default value")
		return v
	case "set":
		out := newVar()
		if len(args) == 0 {
			return tSet(out)
		}
		t := arg(0)
		c.later(x, func() bool {
			if !t.known() {
				return false
			}
			c.must(x.Pos, out, c.iterElem(args[0], t), "set of elements")
			return true
		}, func() { unify(t, tList(out)) })
		return tSet(out)
	case "all", "any":
		t := arg(0)
		c.later(x, func() bool {
			if !t.known() {
				return false
			}
			c.must(x.Pos, tBool(), c.iterElem(args[0], t), name+" of elements")
			return true
		}, func() { unify(t, tList(tBool())) })
		return tBool()
	case "sum", "mex":
		t := arg(0)
		c.later(x, func() bool {
			if !t.known() {
				return false
			}
			if e := c.iterElem(args[0], t); !e.numeric() {
				c.must(x.Pos, e, tInt(), name+" of elements")
			}
			return true
		}, func() { unify(t, tList(tInt())) })
		return tInt()
	case "nimsum":
		if len(args) == 1 {
			t := arg(0)
			c.later(x, func() bool {
				if !t.known() {
					return false
				}
				if t.numeric() {
					return true
				}
				if e := c.iterElem(args[0], t); !e.numeric() {
					c.must(x.Pos, e, tInt(), name+" of elements")
				}
				return true
			}, func() { unify(t, tInt()) })
		} else {
			for _, a := range args {
				c.needInt(a)
			}
		}
		return tInt()
	case "divisors":
		c.needInt(args[0])
		return tList(tInt())
	case "range":
		for _, a := range args {
			c.needInt(a)
		}
		return tList(tInt())
	case "ints":
		return tList(tInt())
	case "chars":
		c.must(args[0].Position(), arg(0), tStr(), "chars of a value")
		return tList(tStr())
	case "join":
		t := arg(0)
		c.must(args[1].Position(), arg(1), tStr(), "join's separator")
		c.later(x, func() bool {
			if !t.known() {
				return false
			}
			c.must(x.Pos, tStr(), c.iterElem(args[0], t), "join of elements")
			return true
		}, func() { unify(t, tList(tStr())) })
		return tStr()
	case "update":
		t := arg(0)
		c.later(x, func() bool {
			switch t.kindOf() {
			case kVar:
				return false
			case kList:
				c.needInt(args[1])
				c.must(args[2].Position(), t.elemOf(), arg(2), "update with an element")
			case kMap:
				c.must(args[1].Position(), t.arg(0), arg(1), "update with a key")
				c.must(args[2].Position(), t.arg(1), arg(2), "update with a value")
			case kStr:
				c.needInt(args[1])
				c.must(args[2].Position(), tStr(), arg(2), "update of a string with")
			default:
				c.outside(x.Pos, "update of "+typeName(t), "")
			}
			return true
		}, func() { unify(t, tList(arg(2))) })
		return t
	}
	c.outside(x.Pos, "the built-in "+name, "")
	return nil
}

// later defers a check of call x until its operands are known.
func (c *checker) later(x lang.Expr, try func() bool, def func()) {
	c.deferred = append(c.deferred, deferral{at: x, try: try, def: def})
}
