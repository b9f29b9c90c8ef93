package lang

// The layout engine of the formatter (format.go): a document of text,
// groups, indentation and line breaks, printed in the width given, after
// Wadler's "prettier printer" and the prettier tool's algorithm. A group
// is printed on one line when it fits, else its lines break; a group that
// holds a hard line or a comment always breaks. Comments are of two
// kinds: a trailing comment (lineSuffix) waits for the end of its line;
// an own-line comment (ownLine) is printed on a line of its own, at the
// next line start.

import (
	"strings"
	"unicode/utf8"
)

// doc is one of the types below.
type doc any

// text is printed as it is (it holds no newline).
type text string

// concat is its parts, in order.
type concat []doc

// group is printed flat (its lines as spaces) when it fits, else broken.
type group struct {
	d   doc
	brk bool // must break (set by propagate)
}

// indent adds n columns to the indentation of the lines inside d.
type indent struct {
	n int
	d doc
}

// line is a line break, or in a flat group a space (soft: nothing); a
// hard line always breaks.
type line struct{ soft, hard bool }

// fill puts as many of its items on a line as fit: parts alternate item,
// separator (a line), item, ...
type fill []doc

// lineSuffix is a trailing comment: printed, after two spaces, at the end
// of the line where it is met.
type lineSuffix string

// ownLine is a comment on a line of its own: printed at once when the
// printer is at the start of a line, else after the next line break.
type ownLine string

// slot is a doc filled in after it was placed (a trailing comment whose
// kind is known only when the next token comes).
type slot struct{ d doc }

// flush ends a block (a for body): the comments still waiting for the end
// of the line are printed there, on lines of their own at the block's
// indentation, not after the dedented line that follows (where the
// parser would find them inside the block, so that formatting the output
// again would indent them).
type flush struct{}

var (
	softline = line{soft: true}
	anyline  = line{}
	hardline = line{hard: true}
)

// propagate decides the line breaks comments need, and marks the groups
// that must break: those holding a hard line. A trailing comment needs
// the first line after it to break (else code would follow it on its
// line); an own-line comment needs the line just before it to break, so
// that it starts a line (or, when no line comes just before it, the first
// line after it, where the renderer puts it). Such a line becomes a hard
// line. Every choice depends only on where the comment is among the
// tokens, so formatted text formats to itself.
func propagate(d doc) {
	var pr propagator
	pr.walk([]doc{d}, 0)
}

type propagator struct {
	groups []*group // the groups around the current element
	// last is where the last line is, when no text came after it:
	// parent[i], at depth len(groups); low is the least depth since.
	last struct {
		parent []doc
		i      int
		depth  int
		ok     bool
	}
	low   int
	force bool // the next line must break
}

// breakAll marks the n outermost groups around the current element broken.
func (pr *propagator) breakAll(n int) {
	for _, g := range pr.groups[:n] {
		g.brk = true
	}
}

// walk visits parent[i] (which it may replace with a hard line).
func (pr *propagator) walk(parent []doc, i int) {
	switch d := parent[i].(type) {
	case text:
		if d != "" {
			pr.last.ok = false
		}
	case concat:
		for j := range d {
			pr.walk(d, j)
		}
	case fill:
		for j := range d {
			pr.walk(d, j)
		}
	case *group:
		pr.groups = append(pr.groups, d)
		one := []doc{d.d}
		pr.walk(one, 0)
		d.d = one[0]
		pr.groups = pr.groups[:len(pr.groups)-1]
		pr.low = min(pr.low, len(pr.groups))
	case indent:
		one := []doc{d.d}
		pr.walk(one, 0)
		parent[i] = indent{d.n, one[0]}
	case *slot:
		one := []doc{d.d}
		pr.walk(one, 0)
		d.d = one[0]
	case line:
		if pr.force {
			d = hardline
			parent[i] = d
			pr.force = false
		}
		if d.hard {
			pr.breakAll(len(pr.groups))
		}
		pr.last.parent, pr.last.i, pr.last.depth, pr.last.ok = parent, i, len(pr.groups), true
		pr.low = len(pr.groups)
	case lineSuffix:
		pr.force = true
	case ownLine:
		if pr.last.ok && pr.low >= pr.last.depth {
			pr.last.parent[pr.last.i] = hardline
			pr.breakAll(pr.last.depth)
		} else {
			pr.force = true
		}
	}
}

type mode uint8

const (
	flat mode = iota
	broken
)

type cmd struct {
	ind  int
	mode mode
	d    doc
}

// width of s in characters.
func width(s string) int { return utf8.RuneCountInString(s) }

// render prints d in lines of at most max characters where it can. It
// calls poll every few thousand elements of d and stops at its error.
func render(d doc, max int, poll func() error) (string, error) {
	propagate(d)
	var out []byte
	col := 0
	atStart := true // nothing but indentation on the current line
	var suffix, deferred []string
	lineNo, lineStart := 0, 0 // the current line (from 0) and where it starts in out
	flushed := false          // a flush ended the last line: the next break only indents
	var marks []commentMark
	endLine := func(pad string) {
		out = append(out, '\n')
		lineNo++
		lineStart = len(out)
		out = append(out, pad...)
	}
	newline := func(ind int) {
		for len(out) > lineStart && out[len(out)-1] == ' ' {
			out = out[:len(out)-1]
		}
		if len(suffix) > 0 {
			marks = append(marks, commentMark{lineNo, len(out) - lineStart})
			out = append(out, "  "+suffix[0]...)
			deferred = append(suffix[1:], deferred...)
			suffix = nil
		}
		pad := strings.Repeat(" ", ind)
		endLine(pad)
		for _, c := range deferred {
			out = append(out, c...)
			endLine(pad)
		}
		deferred = nil
		col, atStart = ind, true
	}
	stack := []cmd{{0, broken, d}}
	for n := 1; len(stack) > 0; n++ {
		if n%checkEvery == 0 {
			if err := poll(); err != nil {
				return "", err
			}
		}
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch d := c.d.(type) {
		case nil:
		case text:
			if d != "" {
				out = append(out, d...)
				col += width(string(d))
				atStart, flushed = false, false
			}
		case concat:
			for i := len(d) - 1; i >= 0; i-- {
				stack = append(stack, cmd{c.ind, c.mode, d[i]})
			}
		case flush:
			if len(suffix) > 0 || len(deferred) > 0 {
				newline(c.ind)
				flushed = true
			}
		case *group:
			switch {
			case d.brk:
				stack = append(stack, cmd{c.ind, broken, d.d})
			case c.mode == flat:
				stack = append(stack, cmd{c.ind, flat, d.d})
			default:
				m := broken
				if fits(cmd{c.ind, flat, d.d}, stack, max-col) {
					m = flat
				}
				stack = append(stack, cmd{c.ind, m, d.d})
			}
		case indent:
			stack = append(stack, cmd{c.ind + d.n, c.mode, d.d})
		case line:
			switch {
			case (c.mode == broken || d.hard) && flushed:
				out = append(out[:lineStart], strings.Repeat(" ", c.ind)...)
				col, flushed = c.ind, false
			case c.mode == broken || d.hard:
				newline(c.ind)
			case !d.soft:
				out = append(out, ' ')
				col++
			}
		case fill:
			if c.mode == flat {
				stack = append(stack, cmd{c.ind, flat, concat(d)})
				break
			}
			stack = append(stack, fillStep(c, d, stack, max-col)...)
		case lineSuffix:
			if len(deferred) > 0 {
				// Own-line comments wait for the end of this line: a
				// trailing comment after them goes on a line of its own
				// after them, keeping the comments' order.
				deferred = append(deferred, string(d))
				break
			}
			suffix = append(suffix, string(d))
		case ownLine:
			if atStart && len(suffix) == 0 {
				out = append(out, d...)
				newline(c.ind)
			} else {
				deferred = append(deferred, string(d))
			}
		case *slot:
			stack = append(stack, cmd{c.ind, c.mode, d.d})
		}
	}
	if len(suffix) > 0 || len(deferred) > 0 {
		newline(0)
	}
	return alignComments(strings.TrimRight(string(out), " \n")+"\n", marks), nil
}

// commentMark says where a trailing comment is: after the code of line
// (from 0), which ends at byte col of the line.
type commentMark struct{ line, col int }

// alignComments lines up the trailing comments of consecutive lines in a
// column, two spaces after the longest code among them.
func alignComments(s string, marks []commentMark) string {
	if len(marks) < 2 {
		return s
	}
	lines := strings.Split(s, "\n")
	for i := 0; i < len(marks); {
		j := i + 1
		for j < len(marks) && marks[j].line == marks[j-1].line+1 {
			j++
		}
		most := 0
		for _, m := range marks[i:j] {
			most = max(most, width(lines[m.line][:m.col]))
		}
		for _, m := range marks[i:j] {
			l := lines[m.line]
			pad := strings.Repeat(" ", most-width(l[:m.col])+2)
			lines[m.line] = l[:m.col] + pad + l[m.col+2:]
		}
		i = j
	}
	return strings.Join(lines, "\n")
}

// fillStep prints the first item of a broken fill: flat when it fits, and
// the separator after it flat when the next item fits too. It returns the
// commands to push (the rest of the fill, the separator, the item).
func fillStep(c cmd, parts fill, stack []cmd, rem int) []cmd {
	if len(parts) == 0 {
		return nil
	}
	item := cmd{c.ind, flat, parts[0]}
	if !fits(item, nil, rem) {
		item.mode = broken
	}
	if len(parts) == 1 {
		return []cmd{item}
	}
	sep := cmd{c.ind, broken, parts[1]}
	if len(parts) > 2 && fits(cmd{c.ind, flat, concat{parts[0], parts[1], parts[2]}}, nil, rem) {
		sep.mode = flat
	}
	return []cmd{{c.ind, broken, parts[2:]}, sep, item}
}

// fits reports whether next, printed in its mode, and what follows it on
// the stack up to the next line break, take at most rem characters.
func fits(next cmd, rest []cmd, rem int) bool {
	cmds := []cmd{next}
	ri := len(rest)
	for rem >= 0 {
		if len(cmds) == 0 {
			if ri == 0 {
				return true
			}
			ri--
			cmds = append(cmds, rest[ri])
			continue
		}
		c := cmds[len(cmds)-1]
		cmds = cmds[:len(cmds)-1]
		switch d := c.d.(type) {
		case text:
			rem -= width(string(d))
		case concat:
			for i := len(d) - 1; i >= 0; i-- {
				cmds = append(cmds, cmd{c.ind, c.mode, d[i]})
			}
		case fill:
			for i := len(d) - 1; i >= 0; i-- {
				cmds = append(cmds, cmd{c.ind, c.mode, d[i]})
			}
		case *group:
			m := c.mode
			if d.brk {
				m = broken
			}
			cmds = append(cmds, cmd{c.ind, m, d.d})
		case indent:
			cmds = append(cmds, cmd{c.ind + d.n, c.mode, d.d})
		case line:
			if c.mode == broken || d.hard {
				return true
			}
			if !d.soft {
				rem--
			}
		case ownLine:
			// Printed on a line of its own: at the start of this line
			// (then what follows starts the next one, as indented), or
			// after it; either way what follows it on this line counts.
		case *slot:
			cmds = append(cmds, cmd{c.ind, c.mode, d.d})
		}
	}
	return false
}

// flatWidth is the width of d printed on one line, or -1 when it cannot
// be (it holds a hard line or a comment).
func flatWidth(d doc) int {
	switch d := d.(type) {
	case text:
		return width(string(d))
	case concat:
		return sumWidth(d)
	case fill:
		return sumWidth(d)
	case *group:
		return flatWidth(d.d)
	case indent:
		return flatWidth(d.d)
	case line:
		switch {
		case d.hard:
			return -1
		case d.soft:
			return 0
		}
		return 1
	case lineSuffix, ownLine:
		return -1
	case *slot:
		return flatWidth(d.d)
	}
	return 0
}

func sumWidth(ds []doc) int {
	n := 0
	for _, x := range ds {
		w := flatWidth(x)
		if w < 0 {
			return -1
		}
		n += w
	}
	return n
}
