// Package clauses answers, for grundy emit's fast loops, how the if
// clauses of a loop relate to its variable: whether a clause reads it, and
// whether it bounds it from above by a value it cannot fail to compute.
package clauses

import (
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// Mentions reports whether x reads the variable d.
func Mentions(x lang.Expr, d *resolve.Decl) bool {
	found := false
	lang.Inspect(x, func(y lang.Expr) bool {
		if id, ok := y.(*lang.Ident); ok && resolve.Of(id) == d {
			found = true
		}
		return !found
	})
	return found
}

// UpperBound recognizes an if clause i <= Y, i < Y, Y >= i or Y > i, Y
// a name or an int literal (its evaluation cannot fail), and returns Y
// and the C++ operator that compares i with it.
func UpperBound(c lang.Expr, iv *resolve.Decl) (lang.Expr, string, bool) {
	b, ok := c.(*lang.Binary)
	if !ok {
		return nil, "", false
	}
	isI := func(x lang.Expr) bool {
		id, ok := x.(*lang.Ident)
		return ok && resolve.Of(id) == iv
	}
	plain := func(x lang.Expr) bool {
		switch x := x.(type) {
		case *lang.IntLit:
			return true
		case *lang.Ident:
			d := resolve.Of(x)
			return d != nil && d != iv && (d.Kind == resolve.Local || d.Kind == resolve.Global)
		}
		return false
	}
	switch {
	case (b.Op == lang.OpLe || b.Op == lang.OpLt) && isI(b.X) && plain(b.Y):
		return b.Y, map[lang.Op]string{lang.OpLe: "<=", lang.OpLt: "<"}[b.Op], true
	case (b.Op == lang.OpGe || b.Op == lang.OpGt) && isI(b.Y) && plain(b.X):
		return b.X, map[lang.Op]string{lang.OpGe: "<=", lang.OpGt: "<"}[b.Op], true
	}
	return nil, "", false
}
