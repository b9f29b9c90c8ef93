package cluster

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/grundy-lang/grundy"
	"github.com/grundy-lang/grundy/lang"
)

// SpecName is the file name of the table's text in errors, as grundy
// table names it.
const SpecName = "<table>"

// A Sweep is a table to compute: the script's text (shipped to the
// workers inside the pipeline) and the table, the text of a table
// statement without the word table, with one for clause over a range.
type Sweep struct {
	File   string // the script's name, in errors
	Script string // its text
	Spec   string // the table: EXPR for n in A .. B [if C]
	Limits grundy.Limits
	// RowTimeout bounds the computation of one row (0: none): a row past
	// it is reported as timed out, and the others go on.
	RowTimeout time.Duration
}

// A Shard is a contiguous part of the for clause's range, computed in
// order by one worker.
type Shard struct {
	Index  int   // from 0, in the order of the rows
	Lo, Hi int64 // its rows: Lo .. Hi
}

// A Plan is a Sweep made ready for the workers: the range's ends (which
// the driver evaluated in the script's scope) and its shards.
type Plan struct {
	Sweep
	Lo, Hi int64
	Shards []Shard
	// RowVar is the for clause's pattern as written.
	RowVar string
	// IterStart and IterEnd delimit the range's text in Spec (bytes),
	// which each row replaces by its own range "n .. n".
	IterStart, IterEnd int
}

// UsageError is an error in what a sweep was asked for, not in the
// script: grundy-cluster exits with status 2.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// NewPlan plans sw in k shards (fewer when the range is shorter): in is
// an interpreter that loaded sw's script, in whose scope the range's
// ends are evaluated. Its errors are the table's syntax error (a
// *lang.Error), an error of evaluating an end (a *grundy.Error), or a
// *UsageError.
func NewPlan(ctx context.Context, in *grundy.Interpreter, sw Sweep, k int) (*Plan, error) {
	st, err := lang.ParseTable(SpecName, sw.Spec)
	if err != nil {
		return nil, err
	}
	fors := st.Fors()
	if len(fors) != 1 {
		return nil, &UsageError{fmt.Sprintf("grundy-cluster shards the rows of a table with one for clause; this one has %d (a grid: use grundy table)", len(fors))}
	}
	rng, ok := fors[0].Iter.(*lang.Binary)
	if !ok || rng.Op != lang.OpRange {
		at := lang.Start(fors[0].Iter)
		return nil, &lang.Error{Pos: at, Msg: "grundy-cluster shards a range: the for clause must iterate over A .. B (its rows are split in contiguous parts)"}
	}
	p := &Plan{Sweep: sw, RowVar: fors[0].Target.String(), IterStart: lang.Start(rng.X).Offset}
	end := len(sw.Spec)
	for i, c := range st.Clauses {
		if c == fors[0] && i+1 < len(st.Clauses) {
			end = st.Clauses[i+1].Position().Offset
		}
	}
	// The ends as written: A may be in parentheses of its own, B starts
	// after the operator (Start gives where their inner expressions
	// start).
	p.IterStart = openParens(sw.Spec, p.IterStart, rng.Pos.Offset)
	bStart := skipSpace(sw.Spec, rng.Pos.Offset+len(".."))
	p.IterEnd = exprEnd(sw.Spec, bStart, end)
	if p.Lo, err = evalEnd(ctx, in, sw.Spec, p.IterStart, rng.Pos.Offset); err != nil {
		return nil, err
	}
	if p.Hi, err = evalEnd(ctx, in, sw.Spec, bStart, p.IterEnd); err != nil {
		return nil, err
	}
	if p.Hi >= p.Lo && p.Hi-p.Lo+1 <= 0 {
		return nil, &lang.Error{Pos: lang.Start(rng.X), Msg: fmt.Sprintf("the range %d .. %d has more rows than a sweep can count", p.Lo, p.Hi)}
	}
	p.Shards = shards(p.Lo, p.Hi, k)
	return p, nil
}

// Rows is the number of rows of the range.
func (p *Plan) Rows() int64 {
	if p.Hi < p.Lo {
		return 0
	}
	return p.Hi - p.Lo + 1
}

// shards splits lo .. hi in at most k contiguous parts of sizes that
// differ by at most one.
func shards(lo, hi int64, k int) []Shard {
	if hi < lo {
		return nil
	}
	n := uint64(hi - lo + 1)
	if k < 1 {
		k = 1
	}
	if uint64(k) > n {
		k = int(n)
	}
	out := make([]Shard, k)
	size, extra := n/uint64(k), n%uint64(k)
	at := lo
	for i := range out {
		m := size
		if uint64(i) < extra {
			m++
		}
		out[i] = Shard{Index: i, Lo: at, Hi: at + int64(m) - 1}
		at += int64(m)
	}
	return out
}

// exprEnd is where the expression that starts at offset from in src
// ends, at most at limit: before an unmatched closing bracket (the range
// may be in parentheses), and before the spaces and comments that
// follow it.
func exprEnd(src string, from, limit int) int {
	depth, last := 0, from
	for i := from; i < limit; i++ {
		switch c := src[i]; c {
		case ' ', '\t', '\r', '\n':
			continue
		case '#':
			for i < limit && src[i] != '\n' {
				i++
			}
			continue
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				return last
			}
			depth--
		case '"':
			for i++; i < limit && src[i] != '"'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
		}
		last = min(i+1, limit)
	}
	return last
}

// openParens moves from back over the opening parentheses that the
// text from .. to leaves unmatched (the range's start "(0) .. N").
func openParens(src string, from, to int) int {
	depth := 0
	for i := from; i < to; i++ {
		switch src[i] {
		case '(':
			depth++
		case ')':
			depth--
		}
	}
	for i := from - 1; i >= 0 && depth < 0; i-- {
		switch src[i] {
		case '(':
			depth++
			from = i
		case ' ', '\t', '\r', '\n':
		default:
			return from
		}
	}
	return from
}

// skipSpace skips the spaces and comments at from.
func skipSpace(src string, from int) int {
	for from < len(src) {
		switch src[from] {
		case ' ', '\t', '\r', '\n':
			from++
		case '#':
			for from < len(src) && src[from] != '\n' {
				from++
			}
		default:
			return from
		}
	}
	return from
}

// evalEnd evaluates one end of the range, the text spec[from:to], in the
// script's scope, where errors point into the table's text.
func evalEnd(ctx context.Context, in *grundy.Interpreter, spec string, from, to int) (int64, error) {
	v, err := in.EvalIn(ctx, SpecName, blank(spec[:from])+spec[from:to])
	if err != nil {
		return 0, err
	}
	n, ok := v.Int()
	if !ok {
		at := posAt(spec, from)
		return 0, &grundy.Error{Kind: grundy.RuntimeError, File: SpecName, Line: at.Line, Column: at.Column, Msg: fmt.Sprintf("a range's ends must be ints, found %s %s", v.TypeName(), v.Repr())}
	}
	return n, nil
}

// blank is s with each character but the newlines a space: what stands
// before a part of the table evaluated alone, at its own position.
func blank(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == '\n' {
			b.WriteByte('\n')
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// posAt is the position of byte offset in spec.
func posAt(spec string, offset int) lang.Pos {
	before := spec[:offset]
	line := 1 + strings.Count(before, "\n")
	col := 1 + utf8.RuneCountInString(before[strings.LastIndexByte(before, '\n')+1:])
	return lang.Pos{Filename: SpecName, Offset: offset, Line: line, Column: col}
}

// RowSpec is the table of the row n alone: the range replaced by
// "n .. n", padded so that what follows it stays at its position where
// it can (see Remap).
func (p *Plan) RowSpec(n int64) string {
	return p.Spec[:p.IterStart] + p.rowRange(n) + p.Spec[p.IterEnd:]
}

func (p *Plan) rowRange(n int64) string {
	r := fmt.Sprintf("%d .. %d", n, n)
	old := p.Spec[p.IterStart:p.IterEnd]
	if i := strings.LastIndexByte(old, '\n'); i >= 0 {
		// The range spans lines: keep them, and the last one's width.
		return r + strings.Repeat("\n", strings.Count(old, "\n")) + strings.Repeat(" ", utf8.RuneCountInString(old[i+1:]))
	}
	if pad := utf8.RuneCountInString(old) - len(r); pad > 0 {
		r += strings.Repeat(" ", pad)
	}
	return r
}

// Remap moves the position of an error in a row's table (RowSpec) back
// to the table as written: the range of a row may be longer than the
// range written, which then shifts what follows it on its line.
func (p *Plan) Remap(err error, n int64) error {
	var e *grundy.Error
	if !errors.As(err, &e) || e.File != SpecName {
		return err
	}
	old := p.Spec[p.IterStart:p.IterEnd]
	delta := utf8.RuneCountInString(p.rowRange(n)) - utf8.RuneCountInString(old)
	if strings.Contains(old, "\n") || delta <= 0 {
		return err
	}
	end := posAt(p.Spec, p.IterEnd)
	if e.Line == end.Line && e.Column >= end.Column+delta {
		c := *e
		c.Column -= delta
		c.Snippet = ""
		return &c
	}
	return err
}
