package eval

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// This file holds game families whose moves are written in Go: games a Go
// program registers (RegisterGame), and the families the standard library
// makes at run time (take-and-break games from their codes). A Go family
// is a *Game like a declared one; only its move generators differ.

// GameDef describes a game family implemented in Go.
type GameDef struct {
	Name  string // the name scripts call it by; positions print as Name(args)
	Arity int    // the number of arguments of a position
	Doc   string // one line for :help and the docs
	// Options returns the options of the position with the given
	// arguments: game values (positions made with g.Position, nimbers,
	// sums). An error becomes a runtime error at the script's call.
	Options func(g *Game, args []Value) ([]Value, error)
	// Check, if set, validates the arguments of a new position when a
	// script makes one; its error becomes a runtime error at the call.
	Check func(args []Value) error
	// TakeBreak, if set, makes the family a take-and-break game with this
	// rule (Options is then not used): its values are computed without
	// building options and its period can be proved.
	TakeBreak *TakeBreak
}

var goGames []*GameDef

// RegisterGame makes a Go game family visible by name to every session
// created afterwards, like a game declared in a standard-library prelude:
// a script's own declaration of the same name hides it. It panics on an
// invalid definition or a name taken by a built-in or another game.
func RegisterGame(d *GameDef) {
	if d.Name == "" || d.Arity < 0 || d.Options == nil && d.TakeBreak == nil {
		panic("eval: RegisterGame needs a name, an arity >= 0 and an Options function")
	}
	if _, dup := builtins[d.Name]; dup {
		panic("eval: RegisterGame: " + d.Name + " is a built-in")
	}
	for _, o := range goGames {
		if o.Name == d.Name {
			panic("eval: RegisterGame: duplicate game " + d.Name)
		}
	}
	goGames = append(goGames, d)
}

// GameDefs returns the registered Go game families, sorted by name.
func GameDefs() []*GameDef {
	out := slices.Clone(goGames)
	slices.SortFunc(out, func(a, b *GameDef) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// Position returns the position of g with the given arguments.
func (g *Game) Position(args ...Value) Value {
	return g.position(slices.Clone(args))
}

// Doc is the family's one-line documentation (Go families only).
func (g *Game) Doc() string { return g.doc }

// newGoGame makes a session's game from a Go definition.
func (e *Engine) newGoGame(d *GameDef) *Game {
	g := e.newGame(d.Name, Pos{}, d.Arity)
	g.doc = d.Doc
	g.nslots = d.Arity
	g.check = d.Check
	opts := func(fr *frame) []Value {
		args := slices.Clone(fr.slots[:d.Arity])
		vs, err := GoCall(func() ([]Value, error) { return d.Options(g, args) })
		if err != nil {
			fr.th.failHere("%s: %v", Format(g.position(args)), err)
		}
		return vs
	}
	g.genVal = func(fr *frame) {
		for _, v := range opts(fr) {
			if !v.IsGame() {
				fr.th.failHere("the moves of %s (a game written in Go) include %s %s, which is not a game", Format(g.position(slices.Clone(fr.slots[:d.Arity]))), v.TypeName(), Repr(v))
			}
			fr.gen.emitVal(Pos{}, v)
		}
	}
	g.genSG = func(fr *frame) {
		for _, v := range opts(fr) {
			if !v.IsGame() {
				fr.th.failHere("the moves of %s (a game written in Go) include %s %s, which is not a game", Format(g.position(slices.Clone(fr.slots[:d.Arity]))), v.TypeName(), Repr(v))
			}
			fr.gen.emitSG(fr.gen.valueSG(Pos{}, v))
			if fr.stop {
				return
			}
		}
	}
	g.genSGInt = g.genSG
	return g
}

// maxPanicText bounds the text of a Go panic quoted in an error.
const maxPanicText = 300

// GoCall runs f, Go code of the program that embeds grundy (a game's
// options, a function): a panic in it becomes its error, one line that
// quotes the panic's value, never a Go stack trace. grundy's own errors,
// raised by the calls f makes back into grundy, go on as they are.
func GoCall[T any](f func() (T, error)) (res T, err error) {
	defer func() {
		if r := recover(); r != nil {
			if re, ok := r.(*RuntimeError); ok {
				panic(re)
			}
			msg := strings.Join(strings.Fields(fmt.Sprint(r)), " ")
			if len(msg) > maxPanicText {
				cut := maxPanicText
				for cut > 0 && !utf8.RuneStart(msg[cut]) {
					cut--
				}
				msg = msg[:cut] + "..."
			}
			err = fmt.Errorf("the Go code panicked: %s", msg)
		}
	}()
	return f()
}

// callPos is the innermost call of the run (the script's call that led
// here), or the statement running when there is none.
func (th *Thread) callPos() Pos {
	if n := len(th.calls); n > 0 {
		return th.calls[n-1]
	}
	return th.stmt
}

// failHere raises a runtime error at the innermost call of the run (the
// script's call that led here).
func (th *Thread) failHere(format string, args ...any) {
	pos := Pos{}
	if n := len(th.calls); n > 0 {
		pos = th.calls[n-1]
	}
	fail(pos, format, args...)
}

// checkArgs runs a Go family's argument check for a new position.
func (g *Game) checkArgs(pos Pos, args []Value) {
	if g.check != nil {
		if _, err := GoCall(func() (struct{}, error) { return struct{}{}, g.check(args) }); err != nil {
			fail(pos, "%s: %v", Format(g.position(args)), err)
		}
	}
}

// Family returns the session's game family made by mk, made once per key:
// built-ins that return families (octal("0.77")) call it so that the same
// arguments give the same family, with one memo.
func (th *Thread) Family(key string, mk func() *GameDef) Value {
	e := th.engine
	if g, ok := e.families[key]; ok {
		return FuncValue(g)
	}
	g := e.newGoGame(mk())
	if e.families == nil {
		e.families = map[string]*Game{}
	}
	e.families[key] = g
	return FuncValue(g)
}

// TakeBreak is a take-and-break rule: for each entry, K tokens may be taken
// from a heap, leaving the heaps Ways says (bit 1: none, bit 2: one, bit 4:
// two, bit 8: three nonempty heaps). Octal and hexadecimal codes and finite
// subtraction sets are such rules.
type TakeBreak struct {
	Name  string // the family's name, e.g. octal("0.77") or kayles
	Doc   string
	Rules []TakeRule // ascending K
	Code  string     // the code, for messages
}

// TakeRule is one digit of a take-and-break code.
type TakeRule struct {
	K    int64
	Ways uint8
}

// maxHeaps is the largest number of heaps a move leaves.
func (t *TakeBreak) maxHeaps() int {
	m := 1
	for _, r := range t.Rules {
		switch {
		case r.Ways&8 != 0:
			m = max(m, 3)
		case r.Ways&4 != 0:
			m = max(m, 2)
		}
	}
	return m
}

// ParseOctal reads a take-and-break code in the standard notation
// "d0.d1d2d3...": digit dk says in which ways k tokens may be removed
// (bit 1: the whole heap, bit 2: leaving one heap, bit 4: leaving two
// heaps, bit 8 (hexadecimal digits 8-f): leaving three heaps). The digit
// before the point (usually 0, may be left out) may only have bits 4 and 8:
// splitting a heap without taking tokens.
func ParseOctal(code string) (*TakeBreak, error) {
	dot := strings.IndexByte(code, '.')
	if dot < 0 {
		return nil, fmt.Errorf("%q is not a take-and-break code: it needs a point, as in \"0.77\"", code)
	}
	t := &TakeBreak{Code: code}
	digit := func(c byte, i int) (uint8, error) {
		switch {
		case c >= '0' && c <= '9':
			return c - '0', nil
		case c >= 'a' && c <= 'f':
			return c - 'a' + 10, nil
		case c >= 'A' && c <= 'F':
			return c - 'A' + 10, nil
		}
		return 0, fmt.Errorf("%q is not a take-and-break code: %q at character %d is not an octal or hexadecimal digit", code, rune(c), i+1)
	}
	switch lead := code[:dot]; len(lead) {
	case 0:
	case 1:
		d, err := digit(lead[0], 0)
		if err != nil {
			return nil, err
		}
		if d&3 != 0 {
			return nil, fmt.Errorf("%q is not a take-and-break code: the digit before the point may only split heaps (0, 4, 8 or c), since taking no tokens and leaving one heap is no move", code)
		}
		if d != 0 {
			t.Rules = append(t.Rules, TakeRule{K: 0, Ways: d})
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
		d, err := digit(digits[i], dot+1+i)
		if err != nil {
			return nil, err
		}
		if d != 0 {
			t.Rules = append(t.Rules, TakeRule{K: int64(i + 1), Ways: d})
		}
	}
	return t, nil
}

// takeBreakGame makes the session's game of take-and-break family t.
// Its SG values are computed without building option values, and its
// periodicity can be proved (see period.go).
func (e *Engine) takeBreakGame(t *TakeBreak) *Game {
	d := &GameDef{Name: t.Name, Arity: 1, Doc: t.Doc}
	d.Check = func(args []Value) error {
		if args[0].k != KInt || args[0].n < 0 {
			return fmt.Errorf("a heap size must be an int >= 0, found %s %s", args[0].TypeName(), Repr(args[0]))
		}
		return nil
	}
	d.Options = func(g *Game, args []Value) ([]Value, error) {
		if err := d.Check(args); err != nil {
			return nil, err
		}
		n := args[0].n
		var out []Value
		heap := func(a int64) Value { return g.position([]Value{Int(a)}) }
		for _, r := range t.Rules {
			if r.K > n {
				break
			}
			rem := n - r.K
			if r.Ways&1 != 0 && rem == 0 {
				out = append(out, heap(0))
			}
			if r.Ways&2 != 0 && rem >= 1 && r.K > 0 {
				out = append(out, heap(rem))
			}
			if r.Ways&4 != 0 {
				for a := int64(1); 2*a <= rem; a++ {
					out = append(out, SumOf([]Value{heap(a), heap(rem - a)}))
				}
			}
			if r.Ways&8 != 0 {
				for a := int64(1); 3*a <= rem; a++ {
					for b := a; a+2*b <= rem; b++ {
						out = append(out, SumOf([]Value{heap(a), heap(b), heap(rem - a - b)}))
					}
				}
			}
		}
		return out, nil
	}
	g := e.newGoGame(d)
	g.takeBreak = t
	g.genSG = func(fr *frame) { takeBreakSG(g, t, fr) }
	g.genSGInt = g.genSG
	g.periodic = &periodic{}
	return g
}

// takeBreakSG streams the options' SG values of a heap of a
// take-and-break family.
func takeBreakSG(g *Game, t *TakeBreak, fr *frame) {
	a0 := fr.slots[0]
	if a0.k != KInt || a0.n < 0 {
		fr.th.failHere("%s: a heap size must be an int >= 0, found %s %s", Format(g.position([]Value{a0})), a0.TypeName(), Repr(a0))
	}
	n := a0.n
	gn := fr.gen
	look := func(a int64) sgv {
		if uint64(a) < g.lim {
			if s := g.state(uint64(a)); s >= finBase {
				return s - finBase
			}
			return gn.lookup(g, uint64(a))
		}
		return gn.lookup(g, g.ref1(Int(a)))
	}
	xor := func(a, b sgv) sgv {
		if a|b >= 0 {
			return a ^ b
		}
		return gn.e.add(a, b)
	}
	for _, r := range t.Rules {
		if r.K > n {
			return
		}
		rem := n - r.K
		if r.Ways&1 != 0 && rem == 0 {
			gn.emitSG(0)
		}
		if r.Ways&2 != 0 && rem >= 1 && r.K > 0 {
			gn.emitSG(look(rem))
		}
		if r.Ways&4 != 0 {
			for a := int64(1); 2*a <= rem; a++ {
				gn.emitSG(xor(look(a), look(rem-a)))
				if fr.stop {
					return
				}
			}
			if rem > 1<<16 {
				fr.th.tick(Pos{})
			}
		}
		if r.Ways&8 != 0 {
			for a := int64(1); 3*a <= rem; a++ {
				for b := a; a+2*b <= rem; b++ {
					gn.emitSG(xor(xor(look(a), look(b)), look(rem-a-b)))
					if fr.stop {
						return
					}
				}
				fr.th.tick(Pos{})
			}
		}
		if fr.stop {
			return
		}
	}
}

// TakeBreakFamily returns the session's family for rule t (made once per
// name).
func (th *Thread) TakeBreakFamily(t *TakeBreak) Value {
	e := th.engine
	key := "takebreak:" + t.Name
	if g, ok := e.families[key]; ok {
		return FuncValue(g)
	}
	g := e.takeBreakGame(t)
	if e.families == nil {
		e.families = map[string]*Game{}
	}
	e.families[key] = g
	return FuncValue(g)
}
