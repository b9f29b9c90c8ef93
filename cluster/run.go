package cluster

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/grundy-lang/grundy"
)

// A Report says how a sweep went: its rows that failed, the shards that
// no worker finished, the jobs' errors.
type Report struct {
	Rows, Failed, TimedOut int64
	Lost                   []Shard // shards without a result after the retries
	JobErrors              []error
	Results                []ShardResult // in the order of the shards
}

// Run computes plan's shards on the runner o says, retrying the shards
// of a failed job o.Retries times, and returns their results, in order,
// and the shards lost.
func Run(ctx context.Context, plan *Plan, o Options) (*Report, error) {
	rep := &Report{Rows: plan.Rows()}
	have := make(map[int]ShardResult)
	for attempt := 0; attempt <= o.Retries; attempt++ {
		var todo []Shard
		for _, sh := range plan.Shards {
			if _, ok := have[sh.Index]; ok {
				continue
			}
			if res, ok := readResult(ctx, o.OutDir, sh.Index); ok {
				have[sh.Index] = res
				continue
			}
			todo = append(todo, sh)
		}
		if len(todo) == 0 || ctx.Err() != nil {
			break
		}
		rep.JobErrors = append(rep.JobErrors, runJobs(ctx, plan, todo, o)...)
	}
	for _, sh := range plan.Shards {
		res, ok := have[sh.Index]
		if !ok {
			res, ok = readResult(ctx, o.OutDir, sh.Index)
		}
		if !ok {
			rep.Lost = append(rep.Lost, sh)
			rep.Failed += sh.Hi - sh.Lo + 1
			continue
		}
		rep.Results = append(rep.Results, res)
		for _, r := range res.Rows {
			if r.Err != "" {
				rep.Failed++
			}
			if r.TimedOut {
				rep.TimedOut++
			}
		}
	}
	if ctx.Err() != nil {
		return rep, ctx.Err()
	}
	return rep, nil
}

// Write writes the sweep's table to out in format, as grundy table
// writes it (grundy.TableWriter), its rows in order: a row that failed,
// timed out, or whose shard no worker finished, in its place as its
// error (TableWriter.RowError).
func (rep *Report) Write(plan *Plan, out io.Writer, format string) error {
	tw, err := grundy.NewTableWriter(out, format, SpecName, plan.Spec)
	if err != nil {
		return err
	}
	results := rep.Results
	for _, sh := range plan.Shards {
		if len(results) > 0 && results[0].Index == sh.Index {
			for _, r := range results[0].Rows {
				if err := rep.writeRow(tw, r); err != nil {
					tw.Flush()
					return err
				}
			}
			results = results[1:]
			continue
		}
		msg := "not computed: no worker finished its shard " + shardText(plan, sh) + lostReason(rep.JobErrors)
		for n := sh.Lo; ; n++ {
			if err := tw.RowError(grundy.Int(n).Cell(), msg); err != nil {
				return err
			}
			if n == sh.Hi {
				break
			}
		}
	}
	return tw.End()
}

// writeRow writes one row of a result: its error in its place when it
// failed or when the format cannot write it (bfile's ints, a row then
// counted as failed).
func (rep *Report) writeRow(tw *grundy.TableWriter, r Row) error {
	switch {
	case r.Filtered:
		return nil
	case r.Err != "":
		return tw.RowError(r.Label, r.Err)
	}
	err := tw.Row(r.Label, r.Value)
	var e *grundy.Error
	if errors.As(err, &e) {
		rep.Failed++
		return tw.RowError(r.Label, e.Error())
	}
	return err
}

// shardText names a shard: "3 (n in 20 .. 29)".
func shardText(plan *Plan, sh Shard) string {
	return fmt.Sprintf("%d (%s in %d .. %d)", sh.Index, plan.RowVar, sh.Lo, sh.Hi)
}

// lostReason is the first line of the first job's error, to say why a
// shard was lost.
func lostReason(errs []error) string {
	if len(errs) == 0 {
		return ""
	}
	msg := strings.TrimSpace(errs[0].Error())
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	return " (" + strings.TrimSuffix(msg, ":") + ")"
}

// WriteWorkerInfo writes a line per shard to w: which worker computed
// which rows, when, how long it took.
func (rep *Report) WriteWorkerInfo(plan *Plan, w io.Writer) {
	results := rep.Results
	for _, sh := range plan.Shards {
		if len(results) > 0 && results[0].Index == sh.Index {
			r := results[0]
			load := ""
			if r.Loaded {
				load = ", script loaded"
			}
			fmt.Fprintf(w, "shard %s: %d rows by %s, started %s, took %v%s\n", shardText(plan, sh), len(r.Rows), r.Worker, r.Started.Format("15:04:05.000"), r.Elapsed.Round(1e6), load)
			results = results[1:]
			continue
		}
		fmt.Fprintf(w, "shard %s: lost (no worker finished it)\n", shardText(plan, sh))
	}
}
