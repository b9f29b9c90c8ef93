package table

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/value"
)

// A table computed by several workers at once (package eval's jobs.go):
// each worker runs the table's first for clause whole, and computes the
// rows a Shard gives it, skipping the others (their if clauses and
// expression are not evaluated). Rows are numbered by the iterations of
// the first for clause, from 0, before its if clauses filter them: every
// worker runs the same clause over the same values, so the numbers are
// the same in each.

// Take is what a Shard says of an iteration of the first for clause.
type Take uint8

const (
	// Skip: another worker computes this row.
	Skip Take = iota
	// Compute: this worker computes it.
	Compute
	// Wait: ask again (the Shard waited a little for room; the worker
	// polls its limits and Ctrl-C meanwhile).
	Wait
	// Stop: this worker's pass over the table ends here (its next rows,
	// if it has any, come before this one: a new pass starts from the
	// first iteration).
	Stop
)

// Shard hands out the rows of a table to a worker and receives them.
// Its methods are called on the worker's goroutine.
type Shard interface {
	// Take says what to do with iteration i.
	Take(i int64) Take
	// Row receives the row of iteration i, which Take gave to this
	// worker; r is the worker's, and changes after Row returns (its
	// slices do not).
	Row(i int64, r *ShardRow)
	// End says that the first for clause ended after n iterations (it
	// is not called when Take stopped the pass).
	End(n int64)
	// Doing is what a limit's error and an interruption say of how far
	// the table got.
	Doing() string
}

// ShardRow is a row of a table as a worker computed it.
type ShardRow struct {
	// Kept is false when the row's if clauses filtered it out; it has
	// no label and no values then.
	Kept  bool
	Label value.Value
	// Value is the value of a table with one for clause.
	Value value.Value
	// Cols are, for a grid, the labels the second for clause generated
	// in this row, in order (a label generated again comes again); Cells
	// the cells computed, in order, each with the index in Cols of its
	// label (a cell that the if clauses filtered out is not in Cells).
	Cols  []value.Value
	Cells []ShardCell
}

// ShardCell is a cell of a grid's row (ShardRow).
type ShardCell struct {
	Col int
	V   value.Value
}

// Sharded returns the function that runs a worker's pass over the table,
// computing the rows its Shard gives it.
func (tc *Code) Sharded() func(fr *engine.Frame, sh Shard) {
	rowLabel, body, colLabel := tc.RowLabel, tc.Body, tc.ColLabel
	// The pass being run: its Shard, the row being computed, the next
	// iteration's number, and whether Take stopped it.
	var sh Shard
	var cur *ShardRow
	var iter int64
	var stopped bool
	var row func(fr *engine.Frame)
	if !tc.Grid() {
		row = tc.RowIfs(func(fr *engine.Frame) {
			v := body(fr)
			cur.Kept, cur.Label, cur.Value = true, rowLabel(fr), v
		})
	} else {
		cell := tc.ColIfs(func(fr *engine.Frame) {
			v := body(fr)
			cur.Cells = append(cur.Cells, ShardCell{Col: len(cur.Cols) - 1, V: v})
		})
		inner := tc.ColLoop(func(fr *engine.Frame) {
			cur.Cols = append(cur.Cols, colLabel(fr))
			cell(fr)
		})
		row = tc.RowIfs(func(fr *engine.Frame) {
			cur.Kept, cur.Label = true, rowLabel(fr)
			inner(fr)
		})
	}
	pos := tc.Expr
	run := tc.RowLoop(func(fr *engine.Frame) {
		i := iter
		iter++
		for {
			switch sh.Take(i) {
			case Skip:
				return
			case Wait:
				fr.Th.PollCtx(pos)
				continue
			case Stop:
				stopped, fr.Stop = true, true
				return
			}
			break
		}
		*cur = ShardRow{}
		row(fr)
		sh.Row(i, cur)
	})
	return func(fr *engine.Frame, s Shard) {
		sh, cur, iter, stopped = s, new(ShardRow), 0, false
		stop := fr.Stop
		fr.Stop = false
		th := fr.Th
		doing := th.Doing
		th.Doing = s.Doing
		defer func() { th.Doing, sh, cur = doing, nil, nil }()
		run(fr)
		if !stopped {
			s.End(iter)
		}
		fr.Stop = stop
	}
}
