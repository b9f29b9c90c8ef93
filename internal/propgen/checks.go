package propgen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// ---------------------------------------------------------------------------
// Checks of acyclic games (the win/lose search).

// OutcomeWord is "N" for a win of the player to move, else "P".
func OutcomeWord(win bool) string {
	if win {
		return "N"
	}
	return "P"
}

// CheckOutcome checks outcome(G).
func (u *Universe) CheckOutcome(g GExpr) func(string) string {
	return func(got string) string {
		if want := OutcomeWord(u.Win(g.Parts)); got != want {
			return "want: " + want + " (brute force over the whole sum)"
		}
		return ""
	}
}

// CheckSGZero checks sg(G): zero exactly when G is a loss for the player to move.
func (u *Universe) CheckSGZero(g GExpr) func(string) string {
	return func(got string) string {
		n, err := strconv.Atoi(got)
		if err != nil {
			return "want: an integer"
		}
		if lose := !u.Win(g.Parts); (n == 0) != lose {
			return fmt.Sprintf("want: %s (brute force says %s)", map[bool]string{true: "0", false: "a nonzero int"}[lose], OutcomeWord(!lose))
		}
		return ""
	}
}

// CheckSG checks sg(G): the k for which G + *k is a loss for the player to move.
func (u *Universe) CheckSG(g GExpr, maxk int) func(string) string {
	return func(got string) string {
		for k := 0; k <= maxk; k++ {
			if !u.Win(PlusNim(g.Parts, k)) {
				if got != strconv.Itoa(k) {
					return fmt.Sprintf("want: %d (brute force: %s + *%d is a loss for the player to move)", k, g.Text, k)
				}
				return ""
			}
		}
		return fmt.Sprintf("test bug: no k <= %d makes %s + *k a loss", maxk, g.Text)
	}
}

// CheckMoves checks moves(G): every one-part move, distinct ones once, in order.
func (u *Universe) CheckMoves(g GExpr) func(string) string {
	return func(got string) string {
		var want [][]Part
		seen := map[string]bool{}
		for _, o := range u.Options(g.Parts) {
			if k := mkey(o); !seen[k] {
				seen[k] = true
				want = append(want, o)
			}
		}
		have, err := u.ParseGames(got)
		if err != nil {
			return err.Error()
		}
		ok := len(have) == len(want)
		for i := 0; ok && i < len(have); i++ {
			ok = mkey(have[i]) == mkey(want[i])
		}
		if !ok {
			return "want: " + u.Texts(want)
		}
		return ""
	}
}

// CheckWinning checks winning(G): exactly the options that are losses for the player to move
// there, none when G itself is a loss.
func (u *Universe) CheckWinning(g GExpr) func(string) string {
	return func(got string) string {
		have, err := u.ParseGames(got)
		if err != nil {
			return err.Error()
		}
		var want [][]Part
		wantKeys := map[string]bool{}
		legal := map[string]bool{}
		for _, o := range u.Options(g.Parts) {
			k := mkey(o)
			legal[k] = true
			if !u.Win(o) && !wantKeys[k] {
				wantKeys[k] = true
				want = append(want, o)
			}
		}
		if u.Win(g.Parts) != (len(have) > 0) {
			return fmt.Sprintf("want: %s (brute force: %s is %s)", u.Texts(want), g.Text, OutcomeWord(u.Win(g.Parts)))
		}
		haveKeys := map[string]bool{}
		for _, h := range have {
			k := mkey(h)
			switch {
			case !legal[k]:
				return fmt.Sprintf("%s is not an option of %s; want: %s", u.Text(h), g.Text, u.Texts(want))
			case u.Win(h):
				return fmt.Sprintf("%s is a win for the player to move there; want: %s", u.Text(h), u.Texts(want))
			case haveKeys[k]:
				return fmt.Sprintf("%s is listed twice", u.Text(h))
			}
			haveKeys[k] = true
		}
		if len(haveKeys) != len(wantKeys) {
			return "some winning options are missing; want: " + u.Texts(want)
		}
		return ""
	}
}

// AskAll asks the usual questions about a sum; maxk < 0 checks only that
// sg is zero exactly for losses, else maxk bounds the values of the parts.
func (u *Universe) AskAll(un *Unit, g GExpr, maxk int) {
	un.Ask("outcome("+g.Text+")", u.CheckOutcome(g))
	if maxk >= 0 {
		for _, p := range g.Parts {
			if p.K == 0 {
				maxk = NimBound(max(maxk, p.S))
			}
		}
		un.Ask("sg("+g.Text+")", u.CheckSG(g, maxk))
	} else {
		un.Ask("sg("+g.Text+")", u.CheckSGZero(g))
	}
	un.Ask("winning("+g.Text+")", u.CheckWinning(g))
}

// AskNodes asks outcome and sg of the positions NAME(0) .. NAME(n-1).
func (u *Universe) AskNodes(un *Unit, k, n, maxk int) {
	at := u.names[k] + "(@)"
	un.AskFor(n, []string{"outcome(" + at + ")", "sg(" + at + ")"}, func(v, j int) func(string) string {
		if j == 0 {
			return u.CheckOutcome(u.Pos(k, v))
		}
		return u.CheckSG(u.Pos(k, v), maxk)
	})
}

// ---------------------------------------------------------------------------
// Checks of games with cycles (the retrograde analysis).

// loopyOutcome is "N", "P" or "D" for a sum, by retrograde analysis.
func (u *Universe) loopyOutcome(ps []Part) string {
	u.explore(ps)
	if u.res == nil {
		u.retro()
	}
	return string(u.res[u.ids[key(u.canon(ps))]])
}

// The checks below explore their states when they are made, so that one
// retrograde analysis serves all the queries of a unit.

// CheckLoopyOutcome checks outcome(G) by retrograde analysis.
func (u *Universe) CheckLoopyOutcome(g GExpr) func(string) string {
	u.explore(g.Parts)
	return func(got string) string {
		if want := u.loopyOutcome(g.Parts); got != want {
			return "want: " + want + " (retrograde analysis of the whole sum)"
		}
		return ""
	}
}

// CheckLoopySG checks sg(G): the k for which G + *k is a loss for the player to move; ∞K when
// there is none, K being the k for which G + *k is a win.
func (u *Universe) CheckLoopySG(g GExpr, maxk int) func(string) string {
	for k := 0; k <= maxk; k++ {
		u.explore(PlusNim(g.Parts, k))
	}
	return func(got string) string {
		var ps, ns []string
		for k := 0; k <= maxk; k++ {
			switch u.loopyOutcome(PlusNim(g.Parts, k)) {
			case "P":
				ps = append(ps, strconv.Itoa(k))
			case "N":
				ns = append(ns, strconv.Itoa(k))
			}
		}
		want := "∞{" + strings.Join(ns, ", ") + "}"
		switch len(ps) {
		case 0:
		case 1:
			want = ps[0]
		default:
			return fmt.Sprintf("brute force: %s + *k is a loss for several k: %v (the sum rule fails)", g.Text, ps)
		}
		if got != want {
			return fmt.Sprintf("want: %s (retrograde analysis of %s + *k for k = 0..%d: P for %v, N for %v)", want, g.Text, maxk, ps, ns)
		}
		return ""
	}
}

// CheckLoopyWinning checks winning(G): none unless G is a win; each one an option of G that is a
// loss for the player to move there. (For a position on a cycle it may
// leave out losing options that do not bring the end nearer.)
func (u *Universe) CheckLoopyWinning(g GExpr, first *[]Part) func(string) string {
	u.explore(g.Parts)
	return func(got string) string {
		have, err := u.ParseGames(got)
		if err != nil {
			return err.Error()
		}
		var want [][]Part
		legal := map[string]bool{}
		for _, o := range u.Options(g.Parts) {
			legal[mkey(o)] = true
			if u.loopyOutcome(o) == "P" {
				want = append(want, o)
			}
		}
		out := u.loopyOutcome(g.Parts)
		if (out == "N") != (len(have) > 0) {
			return fmt.Sprintf("want: (some of) %s (retrograde analysis: %s is %s)", u.Texts(want), g.Text, out)
		}
		seen := map[string]bool{}
		for _, h := range have {
			k := mkey(h)
			switch {
			case !legal[k]:
				return fmt.Sprintf("%s is not an option of %s", u.Text(h), g.Text)
			case u.loopyOutcome(h) != "P":
				return fmt.Sprintf("%s is %s, not a loss for the player to move there; want: (some of) %s", u.Text(h), u.loopyOutcome(h), u.Texts(want))
			case seen[k]:
				return fmt.Sprintf("%s is listed twice", u.Text(h))
			}
			seen[k] = true
		}
		if first != nil && len(have) > 0 {
			*first = have[0]
		}
		return ""
	}
}

// StrategyCheck plays the winning strategy "the first option of winning"
// from every N node against every reply of the opponent: each play must end
// with the loser to move and no move, within 4 * nodes moves, never loop.
// (A move off the graph leads to an acyclic game: that play ends anyway.)
func StrategyCheck(u *Universe, k, n int, first [][]Part) string {
	out := make([]string, n)
	for v := range n {
		out[v] = u.loopyOutcome([]Part{{k, v}})
	}
	node := func(v int) string { return fmt.Sprintf("%s(%d)", u.names[k], v) }
	// The strategy graph: the winner at an N node moves to its first
	// winning option; the loser at a P node tries every move.
	next := func(v int) (ws []int, msg string) {
		var opts [][]Part
		if out[v] == "N" {
			opts = [][]Part{first[v]}
		} else {
			opts = u.Options([]Part{{k, v}})
		}
		for _, o := range opts {
			want := map[string]string{"N": "P", "P": "N"}[out[v]]
			if got := u.loopyOutcome(o); got != want {
				return nil, fmt.Sprintf("play reaches %s (%s) from %s (%s)", u.Text(o), got, node(v), out[v])
			}
			if len(o) == 1 && o[0].K == k {
				ws = append(ws, o[0].S)
			}
		}
		return ws, ""
	}
	const (
		white = iota
		grey
		black
	)
	color := make([]int, n)
	longest := make([]int, n)
	var path []int
	var visit func(v int) string
	visit = func(v int) string {
		color[v] = grey
		path = append(path, v)
		ws, msg := next(v)
		if msg != "" {
			return msg
		}
		for _, w := range ws {
			switch color[w] {
			case grey:
				var cyc []string
				for _, x := range path[slices.Index(path, w):] {
					cyc = append(cyc, fmt.Sprintf("%s [%s]", node(x), out[x]))
				}
				return fmt.Sprintf("following the first winning option loops: %s -> %s (the loser can force this forever)",
					strings.Join(cyc, " -> "), node(w))
			case white:
				if msg := visit(w); msg != "" {
					return msg
				}
			}
			longest[v] = max(longest[v], longest[w]+1)
		}
		path = path[:len(path)-1]
		color[v] = black
		return ""
	}
	for v := range n {
		if out[v] == "N" && color[v] == white {
			if msg := visit(v); msg != "" {
				return msg
			}
			if longest[v] > 4*n {
				return fmt.Sprintf("the play from %s can last %d moves", node(v), longest[v])
			}
		}
	}
	return ""
}
