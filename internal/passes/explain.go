package passes

import (
	"fmt"
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
}

// String renders the explanation: a heading line, then one indented line
// per note.
func (x *Explanation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s (line %d):\n", x.Kind, x.Name, x.Pos.Line)
	for _, n := range x.Notes {
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
