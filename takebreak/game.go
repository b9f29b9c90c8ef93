// Package takebreak computes the nim-values (Sprague-Grundy values) of
// take-and-break games played on one heap of tokens, and proves their
// periods. It knows no language, no AST and no interpreter values: a Game
// is a list of Rules, values are small unsigned ints in compact tables.
//
// A move takes Rule.Take tokens from a heap and leaves nothing, one heap,
// two heaps or three heaps of what remains (octal and hexadecimal codes,
// ParseCode), possibly two heaps of different sizes only (Grundy's game,
// Grundys). A Solver computes the values of heaps 0, 1, 2, ... in order:
//
//   - by the plain method: the mex of every option's value, about n/2
//     operations per heap for a rule that splits;
//   - by the sparse-space method (Winning Ways, ch. 4, "Sparse space
//     spells speed"; Flammenkamp's tables): a bit mask m splits values into
//     two classes by the parity of popcount(v & m) (and, for some games,
//     of the heap size). The values of most heaps fall in one class, the
//     common one; the heaps whose value is in the other class, the rare
//     heaps, are few. The xor of two values of one class has parity 0, so
//     every option value of the common values' parity comes from a split
//     with exactly one rare part: the Solver finds those by walking the
//     rare heaps only, and checks the values of the other parity below
//     that candidate by walking splits from the small end until each one
//     has turned up (it nearly always does within a few hundred splits).
//     The answer is exact whatever the mask: when a value does not turn
//     up, the walk goes on over every split. The Solver chooses the mask
//     from the values it has seen (counting, for every mask at once by a
//     Walsh-Hadamard transform, the rare heaps it would have) and chooses
//     again when the rare heaps grow; it uses the plain method while the
//     rare heaps are too many for the sparse one to pay.
//
// Values take 1 byte per heap while they are below 256, then 2, then 4
// (the table is widened when a larger value appears); a table of more
// than Options.MapAbove bytes is a memory-mapped file (store.go).
// Solver.Save and Solver.Restore write and read the values, and SaveFile
// and Solver.RestoreFile checkpoint files, locked, replaced whole, checked
// by a checksum and shared by several games (checkpoint.go,
// checkpoint_file.go).
//
// Period (period.go) finds the period and preperiod of the values
// computed and whether they prove it by the theorem of Guy and Smith.
//
// Entry points: ParseCode, Grundys, NewSolver, Solver.Extend,
// Solver.Value, Solver.Period.
package takebreak

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// Game is a take-and-break game: its moves are the union of its rules'.
type Game struct {
	Name  string
	Rules []Rule
}

// Rule is one way of moving: take Take tokens from a heap and leave what
// Ways says of the rest (the bits of an octal or hexadecimal digit):
//
//	1: nothing (only when exactly Take tokens are left to take)
//	2: one nonempty heap
//	4: two nonempty heaps (of different sizes only, if Unequal)
//	8: three nonempty heaps
type Rule struct {
	Take    int
	Ways    uint8
	Unequal bool
}

// Ways bits.
const (
	Whole = 1
	One   = 2
	Two   = 4
	Three = 8
)

// Grundys is Grundy's game: split a heap into two nonempty heaps of
// different sizes.
func Grundys() *Game {
	return &Game{Name: "grundy", Rules: []Rule{{Take: 0, Ways: Two, Unequal: true}}}
}

// ParseCode reads a take-and-break code in the standard notation
// "d0.d1d2d3...": digit dk says in which ways k tokens may be removed
// (bit 1: the whole heap, bit 2: leaving one heap, bit 4: leaving two
// heaps, bit 8 (hexadecimal digits 8-f): leaving three heaps). The digit
// before the point (usually 0, may be left out) may only have bits 4 and
// 8: splitting a heap without taking tokens.
func ParseCode(code string) (*Game, error) {
	dot := strings.IndexByte(code, '.')
	if dot < 0 {
		return nil, fmt.Errorf("%q is not a take-and-break code: it needs a point, as in \"0.77\"", code)
	}
	g := &Game{Name: code}
	// digit reads the character at byte offset i of code (a rune: the
	// error names the character, and counts characters, not bytes).
	digit := func(i int) (uint8, error) {
		c := code[i]
		switch {
		case c >= '0' && c <= '9':
			return c - '0', nil
		case c >= 'a' && c <= 'f':
			return c - 'a' + 10, nil
		case c >= 'A' && c <= 'F':
			return c - 'A' + 10, nil
		}
		r, _ := utf8.DecodeRuneInString(code[i:])
		return 0, fmt.Errorf("%q is not a take-and-break code: %q at character %d is not an octal or hexadecimal digit", code, r, utf8.RuneCountInString(code[:i])+1)
	}
	switch lead := code[:dot]; utf8.RuneCountInString(lead) {
	case 0:
	case 1:
		d, err := digit(0)
		if err != nil {
			return nil, err
		}
		if d&3 != 0 {
			return nil, fmt.Errorf("%q is not a take-and-break code: the digit before the point may only split heaps (0, 4, 8 or c), since taking no tokens and leaving one heap is no move", code)
		}
		if d != 0 {
			g.Rules = append(g.Rules, Rule{Take: 0, Ways: d})
		}
	default:
		return nil, fmt.Errorf("%q is not a take-and-break code: it has more than one digit before the point", code)
	}
	digits := code[dot+1:]
	if len(digits) == 0 {
		return nil, fmt.Errorf("%q is not a take-and-break code: it has no digits after the point", code)
	}
	if len(digits) > 4096 {
		return nil, fmt.Errorf("take-and-break code of %d digits is too long (at most 4096)", len(digits))
	}
	for i := 0; i < len(digits); i++ {
		d, err := digit(dot + 1 + i)
		if err != nil {
			return nil, err
		}
		if d != 0 {
			g.Rules = append(g.Rules, Rule{Take: i + 1, Ways: d})
		}
	}
	return g, nil
}

// MaxHeaps is the largest number of heaps a move leaves (at least 1).
func (g *Game) MaxHeaps() int {
	m := 1
	for _, r := range g.Rules {
		switch {
		case r.Ways&Three != 0:
			m = max(m, 3)
		case r.Ways&Two != 0:
			m = max(m, 2)
		}
	}
	return m
}

// MaxTake is the most tokens a move takes.
func (g *Game) MaxTake() int {
	t := 0
	for _, r := range g.Rules {
		t = max(t, r.Take)
	}
	return t
}

// Check reports a rule set the Solver cannot run: a negative Take, a rule
// that takes nothing and leaves one heap (no move), a bit outside 1-8, or
// Unequal without Two.
func (g *Game) Check() error {
	for _, r := range g.Rules {
		switch {
		case r.Take < 0:
			return fmt.Errorf("a rule takes %d tokens", r.Take)
		case r.Take == 0 && r.Ways&(Whole|One) != 0:
			return fmt.Errorf("a rule that takes no tokens may only split the heap")
		case r.Ways&^0xf != 0:
			return fmt.Errorf("a rule's ways %#x has bits other than 1, 2, 4 and 8", r.Ways)
		case r.Unequal && r.Ways&Two == 0:
			return fmt.Errorf("a rule asks for unequal heaps but leaves no two heaps")
		case r.Take > 1<<20:
			return fmt.Errorf("a rule takes %d tokens (at most %d)", r.Take, 1<<20)
		}
	}
	return nil
}

// rules is a Game's rules sorted for the Solver's loops.
type rules struct {
	singles []single // rules leaving nothing or one heap
	splits  []split  // rules leaving two heaps
	triples []int    // rules leaving three heaps: their Take
	// splitParity is the parity of Take shared by every split rule, or -1
	// when they differ (then no class may depend on the heap's parity).
	splitParity int
	maxTake     int
}

type single struct {
	take       int
	whole, one bool
}

type split struct {
	take    int
	unequal bool
}

func compile(g *Game) *rules {
	r := &rules{splitParity: -2}
	for _, x := range g.Rules {
		r.maxTake = max(r.maxTake, x.Take)
		if x.Ways&(Whole|One) != 0 {
			r.singles = append(r.singles, single{take: x.Take, whole: x.Ways&Whole != 0, one: x.Ways&One != 0})
		}
		if x.Ways&Two != 0 {
			r.splits = append(r.splits, split{take: x.Take, unequal: x.Unequal})
			switch p := x.Take & 1; r.splitParity {
			case -2:
				r.splitParity = p
			case p:
			default:
				r.splitParity = -1
			}
		}
		if x.Ways&Three != 0 {
			r.triples = append(r.triples, x.Take)
		}
	}
	if r.splitParity == -2 {
		r.splitParity = 0
	}
	slices.SortFunc(r.singles, func(a, b single) int { return a.take - b.take })
	slices.SortFunc(r.splits, func(a, b split) int { return a.take - b.take })
	slices.Sort(r.triples)
	return r
}
