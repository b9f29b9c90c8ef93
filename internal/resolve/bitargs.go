package resolve

import "github.com/grundy-lang/grundy/lang"

// BitArgs reports whether game d has one parameter and each option of
// its own game that its rule names makes the argument with a bit
// operator (&, |, ^, ~, <<, >>: silver(b ^ (1 << i) ^ (1 << p)), nk(m &
// ~NB[v])), directly or in the body of a def it calls: an int that is a
// set of bits, whose positions are spread thinly over its range (the
// memo keys its large values by a hash, not in dense pages: package
// memo's SetSparse). False when no option names the game.
func BitArgs(d *lang.GameStmt) bool {
	if len(lang.ParamNames(d.Params)) != 1 {
		return false
	}
	calls, bits := 0, true
	for _, a := range d.Alts {
		alt := a.(*lang.Alt)
		lang.Inspect(alt.Body, func(x lang.Expr) bool {
			c, ok := x.(*lang.Call)
			if !ok || !bits {
				return bits
			}
			id, ok := c.Fn.(*lang.Ident)
			if ok && id.Name == d.Name.Name && len(c.Args) == 1 {
				if k, _ := callee(c); k == Game {
					calls++
					bits = bits && bitOps(c.Args[0], 0)
					return false
				}
			}
			return true
		})
	}
	return calls > 0 && bits
}

// bitOps reports whether e holds a bit operator, in the bodies of the
// defs it calls too.
func bitOps(e lang.Expr, depth int) bool {
	found := false
	lang.Inspect(e, func(x lang.Expr) bool {
		switch x := x.(type) {
		case *lang.Binary:
			switch x.Op {
			case lang.OpBitAnd, lang.OpBitOr, lang.OpXor, lang.OpShl, lang.OpShr:
				found = true
			}
		case *lang.Unary:
			found = found || x.Op == lang.OpBitNot
		case *lang.Call:
			if _, fn := callee(x); fn != nil && depth < 8 && bitOps(fn.Decl.Body, depth+1) {
				found = true
			}
		}
		return !found
	})
	return found
}
