package compile

import (
	"fmt"
	"slices"

	"github.com/grundy-lang/grundy/internal/passes"

	"github.com/grundy-lang/grundy/lang"
)

// Explanations: what the compiler made of each game and def, for
// `grundy run --explain` and the REPL's :explain. A user whose game is
// slow starts there: each alternative of a move rule says whether it runs
// as a fast loop over the memo tables or on the general path, and why.
// The Session keeps them (Session.Explain); the compiler records them.

// Fired records that pass p changed the code of the declaration being
// compiled (see note).
func (c *Compiler) Fired(p passes.Pass) {
	if c.explaining != nil {
		c.explaining.Fired |= p
	}
}

// FiredIf is Fired when built: a compile function of a pass, which
// returns nil where the pass does not apply, defers it with f != nil.
func (c *Compiler) FiredIf(p passes.Pass, built bool) {
	if built {
		c.Fired(p)
	}
}

// note adds a line to the explanation of the declaration being compiled,
// once (nothing when none is, or when compiling a variant that is not
// explained).
func (c *Compiler) note(format string, args ...any) {
	c.Note(fmt.Sprintf(format, args...))
}

// altLabel names alternative i of a move rule for a note.
func altLabel(i int, alt *lang.Alt) string {
	return fmt.Sprintf("alternative %d (line %d)", i+1, alt.Pos.Line)
}

// Note adds the line n to the explanation of the declaration being
// compiled, once (the fast paths' notes).
func (c *Compiler) Note(n string) {
	if x := c.explaining; x != nil && !slices.Contains(x.Notes, n) {
		x.Notes = append(x.Notes, n)
	}
}
