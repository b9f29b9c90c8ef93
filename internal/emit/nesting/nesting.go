// Package nesting is, for grundy emit, how deep the calls of a file's
// defs nest: grundy stops a script whose calls nest more than 100000
// deep, and the emitted program counts as it does. A def whose calls stay
// bounded (no def it reaches is recursive, and none queries a game's
// value, which runs move rules that call defs) nests at most its height
// of calls: 1 for a def that calls no def, else 1 + the greatest height
// of the defs it calls.
package nesting

import "github.com/grundy-lang/grundy/lang"

// Graph is a file's defs, by index: their bodies, and what a call in a
// body calls: a def's index (-1 for none), or query true for what may run
// a def's call unseen (a def not of the file, a builtin querying a game).
type Graph struct {
	Bodies []lang.Expr
	Callee func(x *lang.Call) (def int, query bool)
}

// Heights gives each bounded def its height (under 1000); a def missing
// from it counts its calls always.
func (g Graph) Heights() map[int]int {
	calls := make([][]int, len(g.Bodies))
	queries := make([]bool, len(g.Bodies))
	for d, body := range g.Bodies {
		lang.Inspect(body, func(x lang.Expr) bool {
			if call, ok := x.(*lang.Call); ok {
				c, q := g.Callee(call)
				if c >= 0 {
					calls[d] = append(calls[d], c)
				}
				queries[d] = queries[d] || q
			}
			return true
		})
	}
	const (
		visiting  = -2
		unbounded = -1
	)
	h := map[int]int{}
	var height func(d int) int
	height = func(d int) int {
		if v, ok := h[d]; ok {
			if v == visiting {
				return unbounded // a cycle: recursive
			}
			return v
		}
		h[d] = visiting
		r := 1
		if queries[d] {
			r = unbounded
		}
		for _, c := range calls[d] {
			ch := height(c)
			if ch == unbounded {
				r = unbounded
			}
			if r != unbounded && ch+1 > r {
				r = ch + 1
			}
		}
		h[d] = r
		return r
	}
	out := map[int]int{}
	for d := range g.Bodies {
		if v := height(d); v > 0 && v < 1000 {
			out[d] = v
		}
	}
	return out
}

// Expanded is the count of the bounded def d's expression nodes with each
// call of a bounded def (of heights) counted as its expansion, or a count
// past limit once it is known to be.
func (g Graph) Expanded(d int, heights map[int]int, limit int) int {
	n := 0
	lang.Inspect(g.Bodies[d], func(x lang.Expr) bool {
		n++
		if call, ok := x.(*lang.Call); ok {
			if c, _ := g.Callee(call); c >= 0 && c != d {
				if _, ok := heights[c]; ok {
					n += g.Expanded(c, heights, limit)
				}
			}
		}
		return n <= limit
	})
	return n
}
