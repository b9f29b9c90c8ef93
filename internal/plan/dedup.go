package plan

import "github.com/grundy-lang/grundy/internal/ir"

// Repeats dropped: for a consumer that sees no repeat of a yield (the SG
// search, a set comprehension), a query the same as one before it
// (ir.Alike: the same code but for the names it binds) is dropped,
//
//	elems x in 0 .. n - 1; yield g(x)      (for i in [x for x in 0 .. n - 1]
//	then                                       + [y for y in 0 .. n - 1])
//	elems y in 0 .. n - 1; yield g(y)
//
// is the first query alone. Exact: the later query runs after the first,
// in the same scope, and yields what it yielded, in the same order; an
// error the later one would meet, the first met before it. It needs
// evaluation to give the same result twice (Env.Repeatable: no function
// written in Go, which may keep state, is in the session). Dedup does
// the same for a move rule's alternatives (package compile).
func dedup(env *Env, qs []*ir.Query) ([]*ir.Query, bool) {
	if !env.Repeatable || len(qs) < 2 || qs[0].Consumer.SeesDups() {
		return qs, false
	}
	// (Compared without their guards: the queries run behind the guard
	// of all, merged, Plan.)
	unguarded := func(x *ir.Query) any {
		y := *x
		y.Guard = nil
		return &y
	}
	var out []*ir.Query
	for _, q := range qs {
		if !Repeated(out, q, unguarded) {
			out = append(out, q)
		}
	}
	return out, len(out) < len(qs)
}

// Repeated reports whether x is alike one of before, as key gives each
// (a query, or an alternative raised from one).
func Repeated[T any](before []T, x T, key func(T) any) bool {
	for _, b := range before {
		if ir.Alike(key(b), key(x)) {
			return true
		}
	}
	return false
}
