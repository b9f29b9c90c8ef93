package eval

import (
	"fmt"

	"github.com/grundy-lang/grundy/internal/passes"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/lang"
)

// Explanations: what the compiler made of each game and def, for
// `grundy run --explain` and the REPL's :explain. A user whose game is
// slow starts there: each alternative of a move rule says whether it runs
// as a fast loop over the memo tables or on the general path, and why.
// The Session keeps them (Session.Explain); the compiler records them.

// fired records that pass p changed the code of the declaration being
// compiled (see note).
func (c *compiler) fired(p passes.Pass) {
	if c.explaining != nil {
		c.explaining.Fired |= p
	}
}

// note adds a line to the explanation of the declaration being compiled
// (nothing when none is, or when compiling a variant that is not
// explained).
func (c *compiler) note(format string, args ...any) {
	if c.explaining != nil {
		c.explaining.Notes = append(c.explaining.Notes, fmt.Sprintf(format, args...))
	}
}

// whyNot records why a fast path did not apply and returns nil, for
// `return c.whyNot(...)` at a recognizer's exits.
func whyNot[T any](c *compiler, format string, args ...any) T {
	c.rejected = fmt.Sprintf(format, args...)
	var zero T
	return zero
}

// altLabel names alternative i of a move rule for a note.
func altLabel(i int, alt *lang.Alt) string {
	return fmt.Sprintf("alternative %d (line %d)", i+1, alt.Pos.Line)
}

// exprText names a callee for a note: its name, or "this expression".
func exprText(e lang.Expr) string {
	if id, ok := e.(*lang.Ident); ok {
		return id.Name
	}
	return "this expression"
}

// fastDescribe says what a fast loop iterates and how many positions an
// option has.
func fastDescribe(x string, iter lang.Expr, isRange, literal bool, fts []fastTerm, bounds int) string {
	dom := "the ints of a set or list (sorted ascending), read once per run"
	switch {
	case isRange:
		dom = "a range"
	case literal:
		dom = "a literal of ints, made once"
	}
	parts := "one position per option"
	if len(fts) > 1 {
		parts = fmt.Sprintf("%d positions per option, their values xored", len(fts))
		if len(fts) == 2 && len(fts[0].coefs) == 1 && len(fts[1].coefs) == 1 && fts[0].coefs[0] == -fts[1].coefs[0] && fts[0].b == fts[1].b {
			parts = "a split (two heaps whose sizes add up to a constant): the split kernels"
		}
	}
	s := fmt.Sprintf("fast loop: for %s over %s; %s", x, dom, parts)
	if bounds > 0 {
		s += fmt.Sprintf("; %d if clause%s turned into bounds on %s", bounds, value.Plural(bounds), x)
	}
	return s
}
