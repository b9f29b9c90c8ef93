package cluster

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/grundy-lang/grundy"
)

// A Row is a row as a worker computed it.
type Row struct {
	N        int64            // the element of the range
	Label    grundy.TableCell // its label (the table's first column)
	Value    grundy.TableCell
	Filtered bool   `json:",omitempty"` // an if clause left the row out
	Err      string `json:",omitempty"` // the row failed: the error, one line
	TimedOut bool   `json:",omitempty"` // the row ran past the row timeout
}

// A ShardResult is what a worker computed for a shard: its rows in
// order, and who computed them.
type ShardResult struct {
	Shard
	Rows    []Row
	Worker  string        // host, process and interpreter that computed it
	Started time.Time     // when it began
	Elapsed time.Duration // how long it took, the script's load included
	Loaded  bool          // the worker loaded the script for this shard
}

// A Worker computes shards: one Interpreter over the script, loaded
// once, which keeps its memo from row to row and shard to shard.
type Worker struct {
	plan *Plan
	in   *grundy.Interpreter
	name string
}

// workers numbers the Workers of this process.
var workers atomic.Int64

// NewWorker returns a Worker of plan; the script loads with its first
// shard.
func NewWorker(plan *Plan) *Worker {
	host, _ := os.Hostname()
	name := fmt.Sprintf("%s pid %d interpreter %d", host, os.Getpid(), workers.Add(1))
	return &Worker{plan: plan, name: name}
}

// Shard computes the rows of sh in order. An error of the script's load
// fails every row of the shard (the driver loaded it before, so it is
// one of this machine's: a limit, memory); a failed row fails itself.
func (w *Worker) Shard(ctx context.Context, sh Shard) (res ShardResult) {
	res = ShardResult{Shard: sh, Worker: w.name, Started: time.Now()}
	defer func() { res.Elapsed = time.Since(res.Started) }()
	var loadErr error
	if w.in == nil {
		w.in = grundy.New(grundy.Config{Limits: w.plan.Limits, CommandLine: true})
		loadErr = w.in.Load(ctx, w.plan.File, w.plan.Script)
		if loadErr != nil {
			w.in = nil
		}
		res.Loaded = true
	}
	for n := sh.Lo; ; n++ {
		if loadErr != nil {
			res.Rows = append(res.Rows, Row{N: n, Label: grundy.Int(n).Cell(), Err: "the worker could not run " + w.plan.File + ": " + loadErr.Error()})
		} else {
			res.Rows = append(res.Rows, w.row(ctx, n))
		}
		if n == sh.Hi {
			break
		}
	}
	return res
}

// row computes the row n.
func (w *Worker) row(ctx context.Context, n int64) Row {
	r := Row{N: n, Label: grundy.Int(n).Cell(), Filtered: true}
	rctx := ctx
	if d := w.plan.RowTimeout; d > 0 {
		var cancel context.CancelFunc
		rctx, cancel = context.WithTimeout(ctx, d)
		defer cancel()
	}
	_, err := w.in.TableRows(rctx, SpecName, w.plan.RowSpec(n), func(row, v grundy.Value) error {
		r.Label, r.Value, r.Filtered = row.Cell(), v.Cell(), false
		return nil
	})
	switch {
	case err == nil:
	case errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil:
		r.Err = fmt.Sprintf("%s = %s: timed out after %v (--row-timeout)", w.plan.RowVar, strconv.FormatInt(n, 10), w.plan.RowTimeout)
		r.TimedOut, r.Filtered = true, false
	default:
		r.Err = w.plan.Remap(err, n).Error()
		r.Filtered = false
	}
	return r
}
