package grundy

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/grundy-lang/grundy/internal/compile"
	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/eval"
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
	// counted as one). A table of cheap rows then runs as on one
	// interpreter (AutoJobs is the rule).
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
	if jobs == 1 && !o.Auto && o.Written == nil && o.From == (TableProgress{}) {
		if o.Format == nil {
			return in.Table(ctx, filename, spec)
		}
		return in.TableRows(ctx, filename, spec, func(row, v Value) error {
			text, err := o.Format(row, v)
			if err != nil {
				return err
			}
			return o.Write(text)
		})
	}
	var st *lang.TableStmt
	if err := in.exec(ctx, func(context.Context) (err error) {
		in.sources[filename] = spec
		st, err = lang.ParseTable(filename, spec)
		return err
	}); err != nil {
		return nil, err
	}
	var until time.Time
	if t := in.s.Timeout(); t > 0 {
		until = time.Now().Add(t)
	}
	jo := eval.JobsOptions{
		Jobs: jobs, Auto: o.Auto, Pass: in.tablePass(filename, spec, until),
		Global: globalError, RowVar: st.Fors()[0].Target.String(), Expr: lang.Start(st.Body),
		Skip: o.From.Iterations, Done: o.From.Rows, Last: o.From.Last,
	}
	if len(st.Fors()) > 1 {
		jo.ColVar = st.Fors()[1].Target.String()
	}
	// (Several interpreters: one memory limit, and their take-and-break
	// solvers without a helper thread, the cores being theirs; this one
	// keeps its helper while it runs alone.)
	in.s.ShareMemoryLimit(jobs > 1)
	defer in.s.ShareMemoryLimit(false)
	if jobs > 1 && !o.Auto {
		in.s.SetSolverThreads(1)
		defer in.s.SetSolverThreads(0)
	}
	if o.NewWorker != nil {
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
	if o.Format != nil && jo.ColVar == "" {
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

// tablePass is the pass of interpreter in over a table computed by
// several (TableWith), its time limit ending at until.
func (in *Interpreter) tablePass(filename, spec string, until time.Time) eval.Pass {
	return func(ctx context.Context, sh compile.Shard) error {
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
	fix := func(e *Error) { e.Msg = strings.ReplaceAll(e.Msg, eval.DoingMarker, doing) }
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
