package engine

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/takebreak"
)

// This file holds game families whose moves are written in Go: games a Go
// program adds to a registry (Registry.AddGame), and the families the standard library
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
	Options func(g *Game, args []value.Value) ([]value.Value, error)
	// Check, if set, validates the arguments of a new position when a
	// script makes one; its error becomes a runtime error at the call.
	Check func(args []value.Value) error
	// TakeBreak, if set, makes the family a take-and-break game with this
	// rule (Options is then not used): its values are computed without
	// building options and its period can be proved.
	TakeBreak *TakeBreak
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
			if re, ok := r.(*value.RuntimeError); ok {
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

// GoErrorText is the text of err, returned by the Options or the Check of
// position p's Go family, which a message shows after the position
// ("P: TEXT"): without the position when the Go code's text already
// starts with it (as fmt.Errorf("%v: not positive", p) does), so that the
// message names it once.
func GoErrorText(p value.Value, err error) string {
	msg := err.Error()
	if rest, ok := strings.CutPrefix(msg, value.Format(p)+": "); ok {
		return rest
	}
	return msg
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

// ParseOctal reads a take-and-break code in the standard notation
// "d0.d1d2d3..." (see takebreak.ParseCode).
func ParseOctal(code string) (*TakeBreak, error) {
	g, err := takebreak.ParseCode(code)
	if err != nil {
		return nil, err
	}
	t := &TakeBreak{Code: code}
	for _, r := range g.Rules {
		t.Rules = append(t.Rules, TakeRule{K: int64(r.Take), Ways: r.Ways})
	}
	return t, nil
}
