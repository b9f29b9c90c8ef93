package eval

import (
	"context"
	"errors"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/table"
	"github.com/grundy-lang/grundy/internal/value"
)

// A table computed by several workers at once (TableJobs): each worker is
// a session of its own (the same script loaded in each), which keeps its
// memo across the rows it computes. The rows, numbered by the iterations
// of the table's first for clause, are handed out in contiguous chunks
// (so that a worker's memo serves its next rows): a worker takes the
// next chunk when it ends one, chunks growing with the rows handed out so
// far; when none is left, a worker takes the second half of the rows
// another worker has not begun (work stealing), so that the last rows do
// not wait for one worker. The rows are written in order as soon as each
// and all before it are done, by the worker that completes the run of
// rows ready (one at a time); a worker does not take a new chunk while
// the rows done ahead of the writing are more than maxAhead.
//
// An error of a worker belongs to the row it was computing (the first
// row of its chunk not done); the table ends with the error of the
// lowest such row, after the rows before it, exactly as one worker
// would: the rows after it are not written even when they were computed,
// and the workers computing them are stopped. A cancellation or a time
// limit stops every worker (Global). A limit's message says how far the
// table got with DoingMarker, which the caller replaces with TableJobs'
// doing text: the rows written.

// DoingMarker stands, in the errors of TableJobs' workers, for the text
// that says how far the table got (TableJobs returns it).
const DoingMarker = "\x00table progress\x00"

// maxAhead bounds the rows done ahead of the first row not written
// (written in order) after which a worker waits before it takes another
// chunk; maxChunk bounds a chunk.
const (
	maxAhead = 1 << 16
	maxChunk = 1 << 10
)

// Auto: rows are worth several workers when, after autoAfter, the rows
// of the first worker took autoRowTime or more each on average, the row
// in progress counted as one (AutoWorth).
const (
	autoAfter   = 200 * time.Millisecond
	autoRowTime = 50 * time.Millisecond
	autoTick    = 25 * time.Millisecond
)

// AutoWorth is the rule of JobsOptions.Auto: rows computed by the first
// worker alone in elapsed are worth starting the other workers.
func AutoWorth(rows int64, elapsed time.Duration) bool {
	return elapsed >= autoAfter && elapsed >= autoRowTime*time.Duration(rows+1)
}

// Pass runs a worker's pass over the table (Session.TableShard, and what
// the caller does around it), computing the rows sh gives it.
type Pass func(ctx context.Context, sh table.Shard) error

// JobsOptions configure TableJobs.
type JobsOptions struct {
	// Jobs is how many workers compute rows at once: the first (Pass)
	// and Jobs-1 made by NewWorker.
	Jobs int
	// Auto starts the first worker alone, and the others only when its
	// rows are slow (AutoWorth). (A table with one for clause is better
	// begun alone by the caller, without the cost of the chunks, and
	// given here from where it got: see Skip.)
	Auto bool
	// Pass is the first worker's pass.
	Pass Pass
	// NewWorker makes another worker and returns its pass; a worker it
	// fails to make is done without.
	NewWorker func(ctx context.Context) (Pass, error)
	// Format, when set, streams a table with one for clause: it turns a
	// row into its text, on the goroutine of the worker that computed
	// it; an error it returns is the row's error. Write writes the texts
	// in the order of the rows, one call at a time; an error it returns
	// stops the table. Without Format, TableJobs returns the table.
	Format func(label, v value.Value) (string, error)
	Write  func(text string) error
	// Written, when set, is told after each Write how far the table
	// got: the iterations done (those of the rows written and of the
	// rows filtered out before them), the rows written (Done counted)
	// and the last one's label, as value.Format writes it.
	Written func(iterations, rows int64, last string)
	// Global reports whether a worker's error stops every worker (a
	// cancellation, a time limit).
	Global func(err error) bool
	// MaxMemory is the memory limit a table collected whole (without
	// Format) holds its rows under, counted for the whole process
	// (engine.HasRoom): 0 for none.
	MaxMemory int64
	// The table's shape (as Table has it).
	RowVar, ColVar string
	Expr           engine.Pos
	// Skip iterations of the first for clause are not computed: an
	// earlier run wrote them, Done rows, the last labelled Last (as
	// value.Format writes it).
	Skip, Done int64
	Last       string
	// Rows and Vals are, without Format, the labels and values of those
	// rows (of a table with one for clause).
	Rows, Vals []value.Value
}

// jobs is a table being computed by workers.
type jobs struct {
	o     JobsOptions
	grid  bool
	mu    sync.Mutex
	n     int   // workers wanted
	next  int64 // the first iteration no chunk holds
	total int64 // iterations of the first for clause: -1 until a pass ends
	// stopAt: rows from it on are not needed (an error's, the end).
	stopAt int64
	chunks []*chunk // in order, those not written whole
	// The writing: the first iteration not written, whether a worker is
	// writing, the rows written and the last one's label.
	at      int64
	writing bool
	rows    int64
	last    value.Value
	t       *Table         // without Format: the table so far
	vals    []value.Value  // and its values (one for clause)
	cols    map[string]int // a grid's columns, by the text of the label
	// The error of the lowest row that failed (errAt; MaxInt64: none),
	// and Write's error, which ends the table.
	err     error
	errAt   int64
	werr    error
	buf     []jobRow      // ready's
	one     [1]jobRow     // Row's, written at once
	room    chan struct{} // when a worker waits: closed when at moves on
	workers []*worker
	wg      sync.WaitGroup
	ctx     context.Context
	first   time.Time
	worked  int64 // rows computed by the first worker (Auto)
	spawned bool
}

// chunk is a run of rows lo .. hi-1 given to a worker: the rows from
// lo+base on that it computed and the writing has not taken.
type chunk struct {
	lo   int64
	hi   atomic.Int64 // (set under the lock; read by its worker without)
	base int64
	rows []jobRow
	w    *worker
}

// front is the first row of c not computed.
func (c *chunk) front() int64 { return c.lo + c.base + int64(len(c.rows)) }

// jobRow is a row computed: its label, and its text (Format) or the row
// itself.
type jobRow struct {
	kept  bool
	i     int64 // its iteration
	label value.Value
	v     value.Value // the value of a table with one for clause (without Format)
	last  string      // the label's text (Written)
	text  string
	r     *table.ShardRow
	keys  []string // a grid's column labels as text (the merge's keys)
}

// worker is a worker's side of the table: table.Shard.
type worker struct {
	j       *jobs
	pass    Pass
	ctx     context.Context
	cancel  context.CancelFunc
	cur     *chunk
	at      int64 // the iteration Take saw last
	retired bool  // stopped by the table: its error does not count
}

// TableJobs computes a table with several workers, each a session of
// its own with the same script; see JobsOptions. It returns the table
// (without Format), or the error that ended it with the text that
// replaces DoingMarker in it.
func TableJobs(ctx context.Context, o JobsOptions) (*Table, string, error) {
	j := &jobs{o: o, grid: o.ColVar != "", n: max(o.Jobs, 1), next: o.Skip, at: o.Skip, total: -1,
		stopAt: math.MaxInt64, errAt: math.MaxInt64, ctx: ctx, first: time.Now()}
	if o.Format == nil {
		j.t = &Table{RowVar: o.RowVar, ColVar: o.ColVar, Expr: o.Expr, Rows: o.Rows}
		j.vals = o.Vals
		j.cols = map[string]int{}
	}
	all := make(chan struct{})
	j.mu.Lock()
	j.start(o.Pass)
	if !o.Auto {
		j.spawn()
	}
	j.mu.Unlock()
	go func() { j.wg.Wait(); close(all) }()
	if o.Auto && j.n > 1 {
		j.watch(all)
	}
	<-all
	j.mu.Lock()
	defer j.mu.Unlock()
	j.flush()
	done, last := o.Done+j.rows, o.Last
	if j.rows > 0 {
		last = value.Format(j.last)
	}
	doing := table.Doing(o.RowVar, done, last)
	switch {
	case j.werr != nil:
		return nil, doing, j.werr
	case j.total >= 0 && j.at >= j.total:
		return j.table(), doing, nil
	case j.err != nil:
		return nil, doing, j.err
	}
	return nil, doing, errors.New("grundy: internal error: the table's workers ended before its end")
}

// table is the table computed (without Format), its grid's rows filled
// up to every column.
func (j *jobs) table() *Table {
	t := j.t
	if t == nil {
		return &Table{RowVar: j.o.RowVar, ColVar: j.o.ColVar, Expr: j.o.Expr}
	}
	if !j.grid {
		t.Cells = make([][]value.Value, len(j.vals))
		for i := range j.vals {
			t.Cells[i] = j.vals[i : i+1 : i+1]
		}
	}
	for i, row := range t.Cells {
		for len(row) < len(t.Cols) {
			row = append(row, value.None)
		}
		t.Cells[i] = row
	}
	return t
}

// watch starts the other workers when the first one's rows are worth it
// (Auto), until all end.
func (j *jobs) watch(all chan struct{}) {
	tick := time.NewTicker(autoTick)
	defer tick.Stop()
	for {
		select {
		case <-all:
			return
		case <-tick.C:
		}
		j.mu.Lock()
		if AutoWorth(j.worked, time.Since(j.first)) && j.stopAt == math.MaxInt64 {
			j.spawn()
			j.mu.Unlock()
			return
		}
		j.mu.Unlock()
	}
}

// spawn starts the workers after the first (under the lock).
func (j *jobs) spawn() {
	if j.spawned || j.o.NewWorker == nil {
		return
	}
	j.spawned = true
	for range j.n - 1 {
		w := j.newWorker(nil)
		go func() {
			defer j.wg.Done()
			pass, err := j.o.NewWorker(w.ctx)
			if err != nil {
				return // (done without it)
			}
			w.pass = pass
			w.run()
		}()
	}
}

// start starts the first worker (under the lock).
func (j *jobs) start(pass Pass) {
	w := j.newWorker(pass)
	go func() {
		defer j.wg.Done()
		w.run()
	}()
}

func (j *jobs) newWorker(pass Pass) *worker {
	w := &worker{j: j, pass: pass}
	w.ctx, w.cancel = context.WithCancel(j.ctx)
	j.workers = append(j.workers, w)
	j.wg.Add(1)
	return w
}

// run runs the worker's passes over the table until it has no rows left
// to compute.
func (w *worker) run() {
	j := w.j
	defer w.cancel()
	for {
		j.mu.Lock()
		if w.retired || !w.hasRows() && !w.claim() {
			j.mu.Unlock()
			return
		}
		c, front := w.cur, w.cur.front()
		j.mu.Unlock()
		w.at = 0
		err := w.pass(w.ctx, w)
		j.mu.Lock()
		if err == nil && !w.retired && w.cur == c && c.front() == front && w.hasRows() {
			// A pass that did not come to its rows (the for clause gave
			// fewer values than before): not another.
			err = errAgain
		}
		if err != nil && !w.retired {
			at := w.at
			if c := w.cur; c != nil && c.front() < c.hi.Load() {
				at = c.front()
			}
			j.fail(at, err)
			if j.o.Global != nil && j.o.Global(err) {
				j.retire(-1)
			}
			j.mu.Unlock()
			return
		}
		j.mu.Unlock()
	}
}

// errAgain is the error of a pass whose for clause gave other values
// than before (TableJobs needs the same values in each pass).
var errAgain = errors.New("the table's first for clause gave fewer values when computed again: its values must be the same each time")

// hasRows reports whether the worker's chunk has rows to compute.
func (w *worker) hasRows() bool {
	c := w.cur
	return c != nil && c.front() < min(c.hi.Load(), w.j.stopAt, w.j.end())
}

// end is the number of iterations, or MaxInt64 while not known.
func (j *jobs) end() int64 {
	if j.total < 0 {
		return math.MaxInt64
	}
	return j.total
}

// claim gives the worker a chunk (under the lock): the next rows, or
// the second half of the rows not begun of another's chunk; false when
// there are none.
func (w *worker) claim() bool {
	j := w.j
	w.cur = nil
	if w.retired {
		return false
	}
	lim := min(j.stopAt, j.end())
	if j.next < lim {
		size := min(max(1, (j.next-j.o.Skip)/int64(2*j.n)), maxChunk)
		c := &chunk{lo: j.next, w: w}
		c.hi.Store(j.next + size)
		j.next += size
		j.chunks = append(j.chunks, c)
		w.cur = c
		return true
	}
	best, most := -1, int64(0)
	for k, c := range j.chunks {
		// (The row its worker computes, front, stays its.)
		if n := min(c.hi.Load(), lim) - c.front() - 1; n > most && c.w != nil && !c.w.retired {
			best, most = k, n
		}
	}
	if best < 0 {
		return false
	}
	v := j.chunks[best]
	hi := min(v.hi.Load(), lim)
	c := &chunk{lo: hi - (most+1)/2, w: w}
	c.hi.Store(hi)
	v.hi.Store(c.lo)
	j.chunks = slices.Insert(j.chunks, best+1, c)
	w.cur = c
	return true
}

// Take is table.Shard's.
func (w *worker) Take(i int64) table.Take {
	w.at = i
	c := w.cur
	switch {
	case c != nil && i < c.lo:
		return table.Skip // (lo does not change)
	case c != nil && i < c.hi.Load():
		// (A row's error cuts the chunk that holds it after it, and
		// stops the workers of the rows after: see fail.)
		return table.Compute
	}
	j := w.j
	j.mu.Lock()
	defer j.mu.Unlock()
	switch {
	case w.retired || i >= j.stopAt:
		return table.Stop
	case c != nil && i < c.hi.Load():
		return table.Compute
	}
	if j.o.Format != nil && j.next-j.at > maxAhead && j.next < j.end() {
		// Too far ahead of the writing: wait for it a little.
		w.cur = nil
		if j.room == nil {
			j.room = make(chan struct{})
		}
		room := j.room
		j.mu.Unlock()
		select {
		case <-room:
		case <-time.After(20 * time.Millisecond):
		}
		j.mu.Lock()
		return table.Wait
	}
	if !w.claim() {
		return table.Stop
	}
	switch c := w.cur; {
	case c.lo < i:
		return table.Stop // (rows before i: a pass from the start)
	case c.lo == i:
		return table.Compute
	}
	return table.Skip
}

// Row is table.Shard's.
func (w *worker) Row(i int64, r *table.ShardRow) {
	j := w.j
	row := jobRow{kept: r.Kept, i: i, label: r.Label}
	var err error
	switch {
	case !r.Kept:
	case j.o.Format != nil:
		row.text, err = j.o.Format(r.Label, r.Value)
		if j.o.Written != nil {
			row.last = value.Format(r.Label)
		}
	case !j.grid:
		row.v = r.Value
	default:
		row.r = &table.ShardRow{Cols: r.Cols, Cells: r.Cells}
		// (Formatted here, on the worker's goroutine: a game's label is
		// read from its session's tables.)
		row.keys = make([]string, len(r.Cols))
		for k, l := range r.Cols {
			row.keys[k] = value.Repr(l)
		}
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.workers[0] == w {
		j.worked++
	}
	if err != nil {
		j.fail(i, err)
		return
	}
	if c := w.cur; j.takeNext(c, i) {
		j.writing = true
		j.one[0] = row
		ok := j.emit(j.one[:])
		j.writing = false
		if !ok {
			return
		}
	} else {
		c.rows = append(c.rows, row)
	}
	j.flush()
}

// End is table.Shard's.
func (w *worker) End(n int64) {
	j := w.j
	j.mu.Lock()
	defer j.mu.Unlock()
	j.total = n
	j.flush()
}

// Doing is table.Shard's.
func (w *worker) Doing() string { return DoingMarker }

// fail records the error of row at (under the lock): the table's error
// if it is the lowest row's, and the rows after it are not needed.
func (j *jobs) fail(at int64, err error) {
	if at < j.errAt {
		j.err, j.errAt = err, at
	}
	if at < j.stopAt {
		j.stopAt = at
		j.retire(at)
		for _, c := range j.chunks {
			if c.lo <= at && at < c.hi.Load() {
				c.hi.Store(at + 1) // (the rows after it are not needed)
			}
		}
	}
	j.flush()
}

// retire stops the workers whose rows all come after row at (-1: all
// workers), and drops the chunks after it.
func (j *jobs) retire(at int64) {
	for _, w := range j.workers {
		if w.retired {
			continue
		}
		if c := w.cur; at < 0 || c != nil && c.front() > at {
			w.retired = true
			w.cancel()
		}
	}
	if at >= 0 {
		j.chunks = slices.DeleteFunc(j.chunks, func(c *chunk) bool { return c.lo > at })
	}
}

// flush writes the rows ready: from the first not written, each done
// (under the lock, which it lets go while it writes). One worker writes
// at a time; the others leave their rows to it.
func (j *jobs) flush() {
	if j.writing {
		return
	}
	j.writing = true
	defer func() { j.writing = false }()
	for {
		rows := j.ready()
		if len(rows) == 0 || !j.emit(rows) {
			break
		}
	}
	if end := j.end(); j.at >= end || j.at >= j.errAt {
		// The table is done (or its error known): the workers have
		// nothing more to do.
		j.stopAt = min(j.stopAt, j.at)
		j.retire(-1)
	}
}

// emit writes rows, taken by the writing (under the lock, which it lets
// go while it writes); false after Write's error.
func (j *jobs) emit(rows []jobRow) bool {
	if j.o.Format == nil {
		for _, r := range rows {
			if err := j.memRoom(); err != nil {
				j.werr = err
				j.retire(-1)
				return false
			}
			j.collect(r)
		}
		return true
	}
	for _, r := range rows {
		if !r.kept {
			continue
		}
		rows := j.rows + 1
		j.mu.Unlock()
		err := j.o.Write(r.text)
		if err == nil && j.o.Written != nil {
			j.o.Written(r.i+1, j.o.Done+rows, r.last)
		}
		j.mu.Lock()
		if err != nil {
			j.werr = err
			j.retire(-1)
			return false
		}
		j.rows = rows
		j.last = r.label
	}
	return true
}

// takeNext reports whether row i of chunk c, just computed, is the next to
// write with no row done after it waiting (under the lock): the writing
// takes it then, without keeping it.
func (j *jobs) takeNext(c *chunk, i int64) bool {
	if j.writing || j.werr != nil || i != j.at || i >= min(j.end(), j.errAt, j.stopAt) {
		return false
	}
	if len(c.rows) > 0 || len(j.chunks) == 0 || j.chunks[0] != c || c.lo+c.base != i {
		return false
	}
	c.base++
	j.at++
	if c.lo+c.base >= c.hi.Load() {
		j.chunks = j.chunks[1:]
	}
	j.moved()
	return true
}

// moved tells the workers waiting for room that the writing moved on.
func (j *jobs) moved() {
	if j.room != nil {
		close(j.room)
		j.room = nil
	}
}

// ready takes the rows done from the first not written on (under the
// lock), and moves on past them.
func (j *jobs) ready() []jobRow {
	out := j.buf[:0]
	lim := min(j.end(), j.errAt, j.stopAt)
	for len(j.chunks) > 0 && j.werr == nil && j.at < lim {
		c := j.chunks[0]
		if c.lo+c.base != j.at {
			break // (not begun)
		}
		n := min(int64(len(c.rows)), lim-j.at)
		out = append(out, c.rows[:n]...)
		if n == int64(len(c.rows)) {
			clear(c.rows)
			c.rows = c.rows[:0] // (its room is used again)
		} else {
			c.rows = c.rows[n:]
		}
		c.base += n
		j.at += n
		if c.lo+c.base < c.hi.Load() {
			break
		}
		j.chunks = j.chunks[1:]
	}
	if len(out) > 0 {
		j.moved()
	}
	j.buf = out
	return out
}

// memRoom is the memory limit's error when the rows collected so far are
// about to grow past what the limit leaves room for (they grow as append
// grows them, checked when they double), or nil.
func (j *jobs) memRoom() error {
	t := j.t
	if j.o.MaxMemory <= 0 || len(t.Rows) < cap(t.Rows) || cap(t.Rows) < engine.CopyChunk {
		return nil
	}
	// The labels, the values or cells, doubled; and the old arrays.
	need := 3 * int64(cap(t.Rows)) * (engine.ValueBytes + int64(unsafe.Sizeof([]value.Value(nil))))
	if engine.HasRoom(j.o.MaxMemory, need) {
		return nil
	}
	return value.LimitError(j.o.Expr, "--max-memory", "memory limit reached: more than %d MiB in use (--max-memory)", j.o.MaxMemory>>20)
}

// collect adds a row to the table (without Format): a grid's columns in
// the order they first come.
func (j *jobs) collect(r jobRow) {
	if !r.kept {
		return
	}
	t := j.t
	t.Rows = append(t.Rows, r.label)
	j.rows++
	j.last = r.label
	if !j.grid {
		j.vals = append(j.vals, r.v)
		return
	}
	idx := make([]int, len(r.keys))
	for k, key := range r.keys {
		col, ok := j.cols[key]
		if !ok {
			col = len(t.Cols)
			j.cols[key] = col
			t.Cols = append(t.Cols, r.r.Cols[k])
		}
		idx[k] = col
	}
	var row []value.Value
	for _, c := range r.r.Cells {
		col := idx[c.Col]
		for len(row) <= col {
			row = append(row, value.None)
		}
		row[col] = c.V
	}
	t.Cells = append(t.Cells, row)
}
