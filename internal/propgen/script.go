// Package propgen owns the random scripts of the property tests: small
// random games written in grundy (DAGs, subtraction games, take-and-break
// rules, k copies and `sum of`, graphs with cycles), declared side by side
// in one script with queries about their positions and sums, each printed
// line paired with its check against an independent brute force that
// knows nothing of Sprague-Grundy theory: a memoized win/lose search over
// the state of the whole sum (a multiset of component states; a move moves
// one component), or, for games with cycles, a retrograde win/lose/draw
// analysis of the explicit state graph of the whole sum.
//
// sg values are checked through what they are supposed to mean: G has the
// value k exactly when G + *k is a loss for the player to move (for games
// with cycles, G is ∞K when no such k exists, K being the k for which
// G + *k is a win), each G + *k being solved by brute force.
//
// Package eval's property tests run the scripts and check every line;
// package emit's differential test emits them, compiles and runs the C++
// programs, and compares what they print with what grundy run prints.
//
// script.go: units, their statements and Script; universe.go: the games'
// kinds, the brute force over sums, the game expressions; checks.go: the
// checks of the printed lines; loopy.go: games with cycles; gen.go: the
// generators of the acyclic units.
package propgen

import (
	"fmt"
	"strconv"
	"strings"
)

// A Query is one printed expression and the check of the line it prints.
type Query struct {
	Expr  string
	Check func(got string) string // "" when right, else what is wrong
}

// An Item is one statement of a script and the lines it prints.
type Item struct {
	Stmt  string
	Lines []Query
}

// A Unit is the declarations of one random game and its queries. Units of
// one script must use distinct names.
type Unit struct {
	Decl  string
	Items []Item
	Final func() string // optional: a check across the unit's answers, run after them
}

// Ask adds `print EXPR`.
func (u *Unit) Ask(expr string, check func(string) string) {
	u.Items = append(u.Items, Item{"print " + expr + "\n", []Query{{expr, check}}})
}

// AskFor adds `for v in 0 .. n-1 { print EXPR ... }` (fewer tokens to
// parse than one print per line): each EXPR has @ where v goes, and
// check(v, j) checks the line of the j-th EXPR for v.
func (u *Unit) AskFor(n int, exprs []string, check func(v, j int) func(string) string) {
	var body []string
	for _, e := range exprs {
		body = append(body, "print "+strings.ReplaceAll(e, "@", "v"))
	}
	it := Item{Stmt: fmt.Sprintf("for v in 0 .. %d {\n    %s\n}\n", n-1, strings.Join(body, "\n    "))}
	for v := range n {
		for j, e := range exprs {
			it.Lines = append(it.Lines, Query{strings.ReplaceAll(e, "@", strconv.Itoa(v)), check(v, j)})
		}
	}
	u.Items = append(u.Items, it)
}

// AskEach adds `for (x0, x1, ..) in [(..), ..] { print EXPR ... }`: each
// EXPR has @0, @1, .. where the items of a tuple go, and check(i, j) checks
// the line of the j-th EXPR for the i-th tuple.
func (u *Unit) AskEach(tuples [][]int, exprs []string, check func(i, j int) func(string) string) {
	if len(tuples) == 0 {
		return
	}
	m := len(tuples[0])
	subst := func(e string, vals func(x int) string) string {
		for x := m - 1; x >= 0; x-- {
			e = strings.ReplaceAll(e, "@"+strconv.Itoa(x), vals(x))
		}
		return e
	}
	var vars, lits, body []string
	for x := range m {
		vars = append(vars, "x"+strconv.Itoa(x))
	}
	for _, tu := range tuples {
		lits = append(lits, strings.Trim(IntList(tu), "[]"))
	}
	for _, e := range exprs {
		body = append(body, "print "+subst(e, func(x int) string { return vars[x] }))
	}
	pat, list := vars[0], "["+strings.Join(lits, ", ")+"]"
	if m > 1 {
		pat = "(" + strings.Join(vars, ", ") + ")"
		list = "[(" + strings.Join(lits, "), (") + ")]"
	}
	it := Item{Stmt: fmt.Sprintf("for %s in %s {\n    %s\n}\n", pat, list, strings.Join(body, "\n    "))}
	for i, tu := range tuples {
		for j, e := range exprs {
			it.Lines = append(it.Lines, Query{subst(e, func(x int) string { return strconv.Itoa(tu[x]) }), check(i, j)})
		}
	}
	u.Items = append(u.Items, it)
}

// Standalone is the unit as a script of its own: its declarations and
// every statement, or, when q is not nil, its declarations and `print`
// of q alone (a small reproduction).
func (u *Unit) Standalone(q *Query) string {
	s := u.Decl
	if q != nil {
		return s + "print " + q.Expr + "\n"
	}
	for _, it := range u.Items {
		s += it.Stmt
	}
	return s
}

// A Line is the query of one line a script prints, and its unit.
type Line struct {
	Unit  *Unit
	Query *Query
}

// Script writes units as one script: all their declarations, then all
// their statements; lines are its queries in the order of the lines it
// prints (one each).
func Script(units []*Unit) (src string, lines []Line) {
	var sb strings.Builder
	for _, u := range units {
		sb.WriteString(u.Decl)
	}
	for _, u := range units {
		for i := range u.Items {
			it := &u.Items[i]
			sb.WriteString(it.Stmt)
			for j := range it.Lines {
				lines = append(lines, Line{u, &it.Lines[j]})
			}
		}
	}
	return sb.String(), lines
}

// IntList writes xs as a list literal.
func IntList(xs []int) string {
	var s []string
	for _, x := range xs {
		s = append(s, strconv.Itoa(x))
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// IntSet writes xs as a set literal.
func IntSet(xs []int) string {
	var s []string
	for _, x := range xs {
		s = append(s, strconv.Itoa(x))
	}
	return "{" + strings.Join(s, ", ") + "}"
}
