package packedit

import (
	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/lang"
)

// What an edit copies (package build's edits.go recognizes the rest).

// LenMinusOne is c when range r is 0 .. len(c) - 1 with len the built-in
// and c a local; nil otherwise.
func LenMinusOne(c *compile.Compiler, r *lang.Binary) *lang.Ident {
	if lo, ok := r.X.(*lang.IntLit); !ok || lo.Val != 0 {
		return nil
	}
	hi, ok := r.Y.(*lang.Binary)
	if !ok || hi.Op != lang.OpSub {
		return nil
	}
	if one, ok := hi.Y.(*lang.IntLit); !ok || one.Val != 1 {
		return nil
	}
	call, ok := hi.X.(*lang.Call)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	if bi := c.CalledBuiltin(call); bi == nil || !bi.Count {
		return nil
	}
	id, ok := call.Args[0].(*lang.Ident)
	if !ok {
		return nil
	}
	if b := c.Lookup(id); b == nil || b.Kind != resolve.Local {
		return nil
	}
	return id
}

// BaseAt is the list copied, c in c[j], of an edit over 0 .. B: a local
// (at nil), or X[K] (X, at K), X a local, K a local or an int literal,
// neither the range's variable d. nil otherwise.
func BaseAt(cc *compile.Compiler, c lang.Expr, d *resolve.Decl) (*lang.Ident, lang.Expr) {
	local := func(x lang.Expr) *lang.Ident {
		id, ok := x.(*lang.Ident)
		if !ok || resolve.Of(id) == nil || resolve.Of(id) == d {
			return nil
		}
		if b := cc.Lookup(id); b == nil || b.Kind != resolve.Local {
			return nil
		}
		return id
	}
	if id := local(c); id != nil {
		return id, nil
	}
	ix, ok := c.(*lang.Index)
	if !ok {
		return nil, nil
	}
	x := local(ix.X)
	if x == nil {
		return nil, nil
	}
	if _, ok := ix.Index.(*lang.IntLit); ok || local(ix.Index) != nil {
		return x, ix.Index
	}
	return nil, nil
}
