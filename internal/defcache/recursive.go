package defcache

import (
	"fmt"
	"sync/atomic"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/resolve"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/lang"
)

// Recursive defs. A def that calls itself, directly or through other
// defs, whose recursion branches, and is otherwise pure as the package's
// doc says (resolve.RecMemoCall),
//
//	def g(n) = if n == 0 then 0 else mex([g(n - k) for k in S if k <= n])
//
// computes, as written, the same calls again and again: exponentially
// many. Its calls, inside its body and out (those of one compiler),
// share one table a thread, so that each value is computed once. What
// differs from a call kept by its site: a value found counts one step
// (as written it would count every step of the recursion again: a
// number that would pass any step limit), a def's tables hold up to
// recMaxEntries values and recMaxBytes (a recursion of a million
// values), and whether the def is such a def is decided at the first
// call, once every def on the way is compiled. Values, errors and their
// positions are those of the calls as written; the step count is that
// of the calls made.

// recDef is what a def's recursive calls on one compiler use: the site
// of its Func (fn) when it was decided, nil when the def is not one.
type recDef struct {
	fn *engine.Func
	s  *site
}

// recMaxDepth is the depth of nested calls past which a recursive def's
// calls run as compiled: the lookups' frames take Go stack that the
// bounds of nested calls do not count, and a recursion that deep meets
// those bounds as written.
const (
	recMaxDepth   = 4096
	recMaxEntries = 1 << 22
	recMaxBytes   = 1 << 28
	recMaxDense   = 1 << 22
)

// recCall compiles call e of the def of binding b as a call of a
// recursive def, or returns nil (its arguments are not simple).
func (k *Calls) recCall(e *lang.Call, b *engine.Binding, plain engine.EvalFn) engine.EvalFn {
	if len(e.Args) == 0 || len(e.Args) > 3 || !resolve.SimpleArgs(e.Args) {
		return nil
	}
	c := k.c
	if k.rec == nil {
		k.rec = map[*engine.Binding]*atomic.Pointer[recDef]{}
	}
	cur := k.rec[b]
	if cur == nil {
		cur = &atomic.Pointer[recDef]{}
		k.rec[b] = cur
	}
	if fn := b.Fn; fn != nil {
		if _, ok := resolve.RecMemoCall(fn, e.Args); !ok {
			return nil
		}
		c.Fired(passes.DefCache)
		c.Note(fmt.Sprintf("the call of %s at line %d: a recursive def's values kept by its arguments, computed once each", fn.FName, e.Pos.Line))
	}
	args := make([]engine.EvalFn, len(e.Args))
	for i, a := range e.Args {
		args[i] = c.Vals.Expr(a)
	}
	pos, call := e.Pos, e
	return func(fr *engine.Frame) value.Value {
		r := cur.Load()
		if fn := b.Fn; r == nil || r.fn != fn {
			// (Decided at the first call, and again for a new def of
			// the name: a REPL's declaration.)
			r = &recDef{fn: fn}
			if globals, ok := resolve.RecMemoCall(fn, call.Args); ok {
				r.s = &site{b: b, globals: globals, cost: int64(fn.Cost), rec: true}
			}
			cur.Store(r)
		}
		if r.s == nil {
			return plain(fr)
		}
		return r.s.call(fr, args, pos, plain)
	}
}

// steps is what a value kept counts when found: the steps its call
// counted, or one for a recursive def's.
func (s *site) steps(n int64) int64 {
	if s.rec {
		return 1
	}
	return n
}

func (s *site) maxEntries() int {
	if s.rec {
		return recMaxEntries
	}
	return maxEntries
}

func (s *site) maxDense() int {
	if s.rec {
		return recMaxDense
	}
	return maxDense
}

// maxBytes bounds the bytes the thread's tables keep, with this site's:
// a recursive def's up to an eighth of the memory limit.
func (s *site) maxBytes(th *engine.Thread) int64 {
	if s.rec {
		return min(recMaxBytes, th.Limits.MaxMemory/8)
	}
	return maxBytes
}
