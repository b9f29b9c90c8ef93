package grundy

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"time"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/table"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/internal/eval"
	"github.com/grundy-lang/grundy/lang"
)

// TableOptions say how TableWith computes a table: on several
// interpreters at once, streaming its rows, going on from an earlier run.
type TableOptions struct {
	// Jobs is how many interpreters compute rows at once: this one, and
	// Jobs-1 that NewWorker makes. 0 and 1: this one alone.
	Jobs int
	// Auto starts this interpreter alone, and the Jobs-1 others only
	// when its rows are slow: once the table has run for 0.2 s, if its
	// rows took 50 ms or more each on average (the row in progress
	// counted as one; AutoJobs is the rule). A table with one for clause
	// runs as TableRows does until then, and the others join it after
	// the row in progress; a grid's start at once. A table of cheap rows
	// thus runs as on one interpreter, as fast.
	Auto bool
	// NewWorker makes another interpreter for the table: one with the
	// same code as this one (New with the same Config, its print output
	// discarded, and Load of the same files). An interpreter it fails
	// to make is done without: the other ones compute its rows. It is
	// called on a goroutine of its own, with a context that ends with
	// the table.
	NewWorker func(ctx context.Context) (*Interpreter, error)
	// Format and Write stream a table with one for clause, as TableRows
	// does: Format turns a row into its text as soon as it is computed,
	// on the goroutine of the interpreter that computed it (and must be
	// safe for concurrent use); an error it returns is the row's error.
	// Write writes the texts in the order of the rows, one call at a
	// time, each as soon as its row and all before it are computed; an
	// error it returns stops the table and is TableWith's error. The
	// Table returned then has no rows. A grid ignores them.
	Format func(row, value Value) (string, error)
	Write  func(text string) error
	// Written, when set with Write, is told after each Write how far the
	// table got, for a later run to go on from there (From).
	Written func(TableProgress)
	// From goes on from an earlier run of the same table (streamed)
	// that got as far as From says: its rows are not computed again,
	// and the rows after them are written.
	From TableProgress
}

// TableProgress says how far a streamed table got (TableOptions.Written):
// the iterations of its first for clause done, those of the rows
// written and of the rows its if clauses filtered out before them; the
// rows written; and the last one's label, as Value.String writes it.
type TableProgress struct {
	Iterations int64
	Rows       int64
	Last       string
}

// AutoJobs is TableOptions.Auto's rule: rows computed by one
// interpreter in elapsed are worth starting the others.
func AutoJobs(rows int64, elapsed time.Duration) bool { return eval.AutoWorth(rows, elapsed) }

// TableWith computes a table as TableRows does, with the options o: on
// Jobs interpreters at once, each keeping its memo across the rows it
// computes, which are handed out in contiguous runs. The result is the
// same as on one interpreter, in every respect: the rows, in order; a
// row's error, after the rows before it (the rows after it are not
// written, even when computed); the same limits, each interpreter
// counting its own positions (Limits.MaxStates) and steps, the time
// limit (Limits.Timeout, this interpreter's) running from the table's
// start, and the memory limit counting the memo tables of every
// interpreter of the process. A cancellation of ctx stops every one.
//
// The values of a grid, and of the Table's rows, may belong to any of
// the interpreters: use them as values (their text, their ints), not
// as games to give this one. NewWorker's interpreters are not used after
// TableWith returns.
func (in *Interpreter) TableWith(ctx context.Context, filename, spec string, o TableOptions) (*Table, error) {
	jobs := max(o.Jobs, 1)
	if o.NewWorker == nil {
		jobs = 1
	}
	var st *lang.TableStmt
	if err := in.exec(ctx, func(context.Context) (err error) {
		in.sources[filename] = spec
		st, err = lang.ParseTable(filename, spec)
		return err
	}); err != nil {
		return nil, err
	}
	grid := len(st.Fors()) > 1
	if jobs == 1 && o.From == (TableProgress{}) && (o.Format == nil || grid) {
		return in.Table(ctx, filename, spec)
	}
	var until time.Time
	if t := in.s.Timeout(); t > 0 {
		until = time.Now().Add(t)
	}
	// (Several interpreters: one memory limit, and their take-and-break
	// solvers without a helper thread, the cores being theirs; this one
	// keeps its helper while it runs alone.)
	in.s.ShareMemoryLimit(jobs > 1)
	defer in.s.ShareMemoryLimit(false)
	jo := eval.JobsOptions{
		Jobs: jobs, Global: globalError, RowVar: st.Fors()[0].Target.String(), Expr: lang.Start(st.Body),
		MaxMemory: in.s.Thread().Limits.MaxMemory,
		Skip:      o.From.Iterations, Done: o.From.Rows, Last: o.From.Last,
	}
	if grid {
		jo.ColVar = st.Fors()[1].Target.String()
	}
	if o.From == (TableProgress{}) && !grid && (jobs == 1 || o.Auto) {
		// This interpreter alone, or first (Auto): when its rows are
		// slow, it stops after a row and the others join it.
		a, err := in.tableAlone(ctx, filename, spec, lang.Start(st.Body), o, jobs > 1)
		if err != nil || !a.slow {
			if err != nil {
				return nil, err
			}
			return newTable(a.table(jo), tableExpr(spec, st)), nil
		}
		jo.Skip, jo.Done, jo.Last, jo.Rows, jo.Vals = a.at.Iterations, a.at.Rows, a.at.Last, a.rows, a.vals
	} else if grid {
		jo.Auto = o.Auto
	}
	if jobs > 1 && !jo.Auto {
		in.s.SetSolverThreads(1)
		defer in.s.SetSolverThreads(0)
	}
	jo.Pass = in.tablePass(filename, spec, until)
	if jobs > 1 {
		jo.NewWorker = func(ctx context.Context) (eval.Pass, error) {
			w, err := o.NewWorker(ctx)
			if err != nil {
				return nil, err
			}
			w.s.ShareMemoryLimit(true)
			w.s.SetSolverThreads(1)
			return w.tablePass(filename, spec, until), nil
		}
	}
	if o.Format != nil && !grid {
		jo.Format = func(row, v value.Value) (string, error) { return o.Format(Value{row}, Value{v}) }
		jo.Write = o.Write
		if f := o.Written; f != nil {
			jo.Written = func(iterations, rows int64, last string) { f(TableProgress{iterations, rows, last}) }
		}
	}
	t, doing, err := eval.TableJobs(ctx, jo)
	if err != nil {
		return nil, withDoing(err, doing)
	}
	return newTable(t, tableExpr(spec, st)), nil
}

// errSlow stops the rows of an interpreter that computes a table alone
// when they are slow (tableAlone).
var errSlow = errors.New("the rows are slow")

// alone is what tableAlone computed: how far it got (at), the rows
// (without Format), and whether it stopped because its rows are slow.
type alone struct {
	at         TableProgress
	rows, vals []value.Value
	slow       bool
}

// table is the table computed alone (without Format).
func (a *alone) table(jo eval.JobsOptions) *eval.Table {
	t := &eval.Table{RowVar: jo.RowVar, Expr: jo.Expr, Rows: a.rows, Cells: make([][]value.Value, len(a.vals))}
	for i := range a.vals {
		t.Cells[i] = a.vals[i : i+1 : i+1]
	}
	return t
}

// tableAlone computes a table with one for clause on this interpreter
// alone, as TableRows, with o's Format, Write and Written; with auto, it
// stops after a row once the rows are worth the other interpreters
// (AutoJobs), and says how far it got.
func (in *Interpreter) tableAlone(ctx context.Context, filename, spec string, expr lang.Pos, o TableOptions, auto bool) (*alone, error) {
	a := &alone{}
	var slow atomic.Bool
	var done atomic.Int64
	if auto {
		stop := make(chan struct{})
		defer close(stop)
		go func(start time.Time) {
			tick := time.NewTicker(autoTick)
			defer tick.Stop()
			for {
				select {
				case <-stop:
					return
				case <-tick.C:
				}
				if autoRule(done.Load(), time.Since(start)) {
					slow.Store(true)
					return
				}
			}
		}(time.Now())
	}
	_, err := in.tableRows(ctx, filename, spec, func(i int64, row, v value.Value) error {
		if o.Format != nil {
			text, err := o.Format(Value{row}, Value{v})
			if err != nil {
				return err
			}
			if err := o.Write(text); err != nil {
				return err
			}
		} else {
			if len(a.rows) == cap(a.rows) {
				// The rows double: counted against the memory limit (on
				// the run's thread, which fails at expr when it is reached).
				in.s.Thread().Alloc(expr, 4*int64(max(cap(a.rows), 8))*engine.ValueBytes)
			}
			a.rows, a.vals = append(a.rows, row), append(a.vals, v)
		}
		a.at.Iterations, a.at.Rows = i+1, a.at.Rows+1
		stop := slow.Load()
		if o.Written != nil || stop {
			a.at.Last = value.Format(row)
		}
		if o.Written != nil {
			o.Written(a.at)
		}
		done.Add(1)
		if stop {
			return errSlow
		}
		return nil
	})
	if errors.Is(err, errSlow) {
		a.slow, err = true, nil
	}
	return a, err
}

// autoRule is AutoJobs (tests change it).
var autoRule = AutoJobs

// autoTick is how often the rule of Auto is looked at.
const autoTick = 25 * time.Millisecond

// tablePass is the pass of interpreter in over a table computed by
// several (TableWith), its time limit ending at until.
func (in *Interpreter) tablePass(filename, spec string, until time.Time) eval.Pass {
	return func(ctx context.Context, sh table.Shard) error {
		return in.exec(ctx, func(ctx context.Context) error {
			in.sources[filename] = spec
			st, err := lang.ParseTable(filename, spec)
			if err != nil {
				return err
			}
			return in.s.TableShard(ctx, st, sh, until)
		})
	}
}

// globalError reports whether an error of an interpreter computing a
// table with others stops them all: a cancellation, the time limit.
func globalError(err error) bool {
	var e *Error
	if !errors.As(err, &e) {
		return false
	}
	return e.Kind == Canceled || e.flag == "--timeout"
}

// withDoing puts into the messages of err the text that says how far
// the table got, where the interpreters put eval.DoingMarker.
func withDoing(err error, doing string) error {
	fix := func(e *Error) {
		e.Msg = strings.ReplaceAll(e.Msg, eval.DoingMarker, doing)
		if e.Kind == Canceled && e.cause != nil && e.Msg == "interrupted: "+e.cause.Error() {
			// (A worker stopped where it computed no row, between two
			// passes: the table's progress all the same.)
			e.Msg = "interrupted while " + doing
		}
	}
	var list ErrorList
	var e *Error
	switch {
	case errors.As(err, &list):
		for _, e := range list {
			fix(e)
		}
	case errors.As(err, &e):
		fix(e)
	}
	return err
}
