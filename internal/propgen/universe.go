package propgen

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A Part is one component of a sum: a state S of the kind of game K.
type Part struct{ K, S int }

// A Universe knows the kinds of component games of one unit (kind 0 is the
// nimber, whose state is its size) and solves sums of them.
type Universe struct {
	names []string
	gen   []func(s int) [][]Part // options of one part, in the order the rules generate them; each option replaces the part
	cache []map[int][][]Part
	memo  map[string]bool // win/lose search (acyclic games)

	// explicit state graph for retrograde analysis (games with cycles)
	ids    map[string]int
	states [][]Part
	succ   [][]int
	res    []byte // 'N', 'P', 'D'
}

// NewUniverse returns a universe of the nimber alone.
func NewUniverse() *Universe {
	u := &Universe{memo: map[string]bool{}, ids: map[string]int{}}
	u.Kind("*", func(s int) [][]Part {
		var o [][]Part
		for i := range s {
			o = append(o, []Part{{0, i}})
		}
		return o
	})
	return u
}

// Kind adds a kind of game, named as the script names it, whose state s
// has the options gen(s), and returns it.
func (u *Universe) Kind(name string, gen func(s int) [][]Part) int {
	u.names = append(u.names, name)
	u.gen = append(u.gen, gen)
	u.cache = append(u.cache, map[int][][]Part{})
	return len(u.names) - 1
}

// Name is the name of the kind k.
func (u *Universe) Name(k int) string { return u.names[k] }

// Opts are the options of one part.
func (u *Universe) Opts(p Part) [][]Part {
	if o, ok := u.cache[p.K][p.S]; ok {
		return o
	}
	o := u.gen[p.K](p.S)
	u.cache[p.K][p.S] = o
	return o
}

func cmpPart(a, b Part) int {
	if a.K != b.K {
		return a.K - b.K
	}
	return a.S - b.S
}

// canon is the state of a sum for the search: its parts sorted, without
// the parts that have no move (they never move, so they never matter).
func (u *Universe) canon(ps []Part) []Part {
	c := make([]Part, 0, len(ps))
	for _, p := range ps {
		if len(u.Opts(p)) > 0 {
			c = append(c, p)
		}
	}
	slices.SortFunc(c, cmpPart)
	return c
}

func key(ps []Part) string {
	var buf [64]byte
	b := buf[:0]
	for _, p := range ps {
		b = binary.AppendUvarint(append(b, byte(p.K)), uint64(p.S))
	}
	return string(b)
}

// mkey identifies a printed sum as a multiset of parts (terminal parts
// included), the way options of a sum are told apart.
func mkey(ps []Part) string {
	c := slices.Clone(ps)
	slices.SortFunc(c, cmpPart)
	return key(c)
}

func replace(ps []Part, i int, o []Part) []Part {
	r := make([]Part, 0, len(ps)+len(o))
	r = append(r, ps[:i]...)
	r = append(r, o...)
	return append(r, ps[i+1:]...)
}

// PlusNim is the sum ps + *k.
func PlusNim(ps []Part, k int) []Part {
	return append(slices.Clone(ps), Part{0, k})
}

// Options lists the moves of a sum: part by part, one part replaced (in
// place) by one of its options, the others unchanged.
func (u *Universe) Options(ps []Part) [][]Part {
	var out [][]Part
	for i, p := range ps {
		for _, o := range u.Opts(p) {
			out = append(out, replace(ps, i, o))
		}
	}
	return out
}

// Win reports whether the player to move in the sum wins (acyclic games
// only): some move leads to a position the opponent loses.
func (u *Universe) Win(ps []Part) bool { return u.winC(u.canon(ps)) }

func (u *Universe) winC(c []Part) bool {
	k := key(c)
	if w, ok := u.memo[k]; ok {
		return w
	}
	w := false
	for i, p := range c {
		for _, o := range u.Opts(p) {
			if !u.winC(u.next(c, i, o)) {
				w = true
				break
			}
		}
		if w {
			break
		}
	}
	u.memo[k] = w
	return w
}

// next is canon(replace(c, i, o)) for a canonical c.
func (u *Universe) next(c []Part, i int, o []Part) []Part {
	r := make([]Part, 0, len(c)+len(o))
	r = append(r, c[:i]...)
	r = append(r, c[i+1:]...)
	for _, p := range o {
		if len(u.Opts(p)) > 0 {
			r = append(r, p)
		}
	}
	slices.SortFunc(r, cmpPart)
	return r
}

// Text writes a sum as grundy prints it.
func (u *Universe) Text(ps []Part) string {
	if len(ps) == 0 {
		return "(the empty sum)"
	}
	var s []string
	for _, p := range ps {
		if p.K == 0 {
			s = append(s, fmt.Sprintf("*%d", p.S))
		} else {
			s = append(s, fmt.Sprintf("%s(%d)", u.names[p.K], p.S))
		}
	}
	return strings.Join(s, " + ")
}

// Texts writes a list of sums.
func (u *Universe) Texts(pss [][]Part) string {
	var s []string
	for _, ps := range pss {
		s = append(s, u.Text(ps))
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// ---------------------------------------------------------------------------
// Parsing printed values.

// splitTop splits s at sep where no bracket is open.
func splitTop(s, sep string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		default:
			if depth == 0 && strings.HasPrefix(s[i:], sep) {
				out = append(out, s[start:i])
				start = i + len(sep)
				i += len(sep) - 1
			}
		}
	}
	return append(out, s[start:])
}

func parseList(s string) ([]string, error) {
	if len(s) < 2 || s[0] != '[' || s[len(s)-1] != ']' {
		return nil, fmt.Errorf("not a list: %q", s)
	}
	if s == "[]" {
		return nil, nil
	}
	return splitTop(s[1:len(s)-1], ", "), nil
}

// ParseGame reads a printed game value made of the universe's kinds.
func (u *Universe) ParseGame(s string) ([]Part, error) {
	var ps []Part
	for _, t := range splitTop(s, " + ") {
		if n, ok := strings.CutPrefix(t, "*"); ok {
			v, err := strconv.Atoi(n)
			if err != nil {
				return nil, fmt.Errorf("bad nimber %q in %q", t, s)
			}
			ps = append(ps, Part{0, v})
			continue
		}
		name, rest, ok := strings.Cut(t, "(")
		k := slices.Index(u.names, name)
		if !ok || k <= 0 || !strings.HasSuffix(rest, ")") {
			return nil, fmt.Errorf("bad part %q in %q", t, s)
		}
		v, err := strconv.Atoi(strings.TrimSuffix(rest, ")"))
		if err != nil {
			return nil, fmt.Errorf("bad part %q in %q", t, s)
		}
		ps = append(ps, Part{k, v})
	}
	return ps, nil
}

// ParseGames reads a printed list of game values.
func (u *Universe) ParseGames(s string) ([][]Part, error) {
	items, err := parseList(s)
	if err != nil {
		return nil, err
	}
	var out [][]Part
	for _, it := range items {
		ps, err := u.ParseGame(it)
		if err != nil {
			return nil, err
		}
		out = append(out, ps)
	}
	return out, nil
}

// ---------------------------------------------------------------------------
// Game expressions: text for the script, parts for the brute force.

// A GExpr is a game expression: its text in the script and its parts.
type GExpr struct {
	Text  string
	Parts []Part
	Sum   bool // Text is a sum (needs parentheses as an operand of *)
}

// Pos is the position NAME(s) of the kind k.
func (u *Universe) Pos(k, s int) GExpr {
	return GExpr{fmt.Sprintf("%s(%d)", u.names[k], s), []Part{{k, s}}, false}
}

// Nim is the nimber *k.
func Nim(k int) GExpr { return GExpr{fmt.Sprintf("*%d", k), []Part{{0, k}}, false} }

// Plus writes a + b + ...
func Plus(gs ...GExpr) GExpr {
	var t []string
	var ps []Part
	for _, g := range gs {
		t = append(t, g.Text)
		ps = append(ps, g.Parts...)
	}
	return GExpr{strings.Join(t, " + "), ps, len(gs) > 1}
}

// SumOf writes `sum of a, b, ...`.
func SumOf(gs ...GExpr) GExpr {
	g := Plus(gs...)
	var t []string
	for _, x := range gs {
		t = append(t, x.Text)
	}
	g.Text = "sum of " + strings.Join(t, ", ")
	g.Sum = true
	return g
}

// Copies writes `k * G`.
func Copies(k int, g GExpr) GExpr {
	t := g.Text
	if g.Sum {
		t = "(" + t + ")"
	}
	var ps []Part
	for range k {
		ps = append(ps, g.Parts...)
	}
	return GExpr{fmt.Sprintf("%d * %s", k, t), ps, true}
}

// SumFor writes `sum of NAME(x) for x in [..]`.
func (u *Universe) SumFor(k int, xs []int) GExpr {
	var ps []Part
	for _, x := range xs {
		ps = append(ps, Part{k, x})
	}
	return GExpr{fmt.Sprintf("sum of %s(x) for x in %s", u.names[k], IntList(xs)), ps, true}
}
