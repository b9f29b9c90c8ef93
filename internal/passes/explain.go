package passes

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grundy-lang/grundy/lang"
)

// Explanation is what one declaration was compiled to.
type Explanation struct {
	Kind  string // "game" or "def"
	Name  string
	Pos   lang.Pos
	Notes []string
	// Fired is the passes that changed how it was compiled (a pass that
	// acts only at run time, as ladder, resume, cursor and symmetric do,
	// is not listed).
	Fired Pass
	// Runtime, when set, gives the notes of what a run made so far (a
	// game: the representation each argument of its positions got).
	Runtime func() []string
}

// Add adds note n; once, where it is there already and once is set.
func (x *Explanation) Add(n string, once bool) {
	if once && slices.Contains(x.Notes, n) {
		return
	}
	x.Notes = append(x.Notes, n)
}

// String renders the explanation: a heading line, then one indented line
// per note.
func (x *Explanation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s (line %d):\n", x.Kind, x.Name, x.Pos.Line)
	notes := x.Notes
	if x.Runtime != nil {
		notes = append(notes[:len(notes):len(notes)], x.Runtime()...)
	}
	for _, n := range notes {
		b.WriteString("  ")
		b.WriteString(n)
		b.WriteByte('\n')
	}
	b.WriteString("  passes fired: ")
	if x.Fired == 0 {
		b.WriteString("none")
	} else {
		b.WriteString(strings.ReplaceAll(x.Fired.String(), "+", ", "))
	}
	b.WriteByte('\n')
	return b.String()
}
