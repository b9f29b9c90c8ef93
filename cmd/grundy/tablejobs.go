package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"sync"
	"time"

	"github.com/grundy-lang/grundy"
)

// tableRun is a run of grundy table: FILE loaded into the interpreter
// that computes the table, and the table computed by it alone or with
// others (--jobs), each of which loads FILE too: the rows are
// Interpreter.TableWith's. Only the first interpreter's print output
// is written (to standard error, once); the others' is discarded. They
// read one standard input (sharedInput), report one progress line
// (progressGroup), and --stats adds up their counters.
type tableRun struct {
	cfg    config
	file   string
	texts  map[string]string
	stdin  io.Reader
	stderr io.Writer
	opts   grundy.TableOptions
	group  *progressGroup
	// watch, when set, is the output whose reader going away stops the
	// computation (watchOutput): a table written only when it is whole.
	watch  io.Writer
	mu     sync.Mutex
	others []*grundy.Interpreter // the interpreters NewWorker made
}

// numCPU is the number of CPUs, which the default of --jobs is
// (a variable: tests set it).
var numCPU = runtime.NumCPU

// newTableRun prepares the run of grundy table: jobs interpreters (0,
// --jobs not given: one per CPU, started when the rows are slow:
// TableOptions.Auto).
func newTableRun(cfg config, file string, texts map[string]string, stdin io.Reader, stderr io.Writer, jobs int) *tableRun {
	tr := &tableRun{cfg: cfg, file: file, texts: texts, stdin: stdin, stderr: stderr}
	tr.opts.Jobs = jobs
	if jobs == 0 {
		tr.opts.Jobs = numCPU()
		tr.opts.Auto = tr.opts.Jobs > 1
	}
	if tr.opts.Jobs > 1 {
		var shared *sharedInput
		if stdin != nil {
			shared = &sharedInput{r: stdin, max: cfg.memBytes}
			tr.stdin = shared.reader()
		}
		tr.opts.NewWorker = func(ctx context.Context) (*grundy.Interpreter, error) {
			return tr.newWorker(ctx, shared.reader())
		}
	}
	return tr
}

// config is the Config of an interpreter of the run: its print output
// to out (nil: discarded), ints() reading stdin.
func (tr *tableRun) config(out io.Writer, stdin io.Reader) grundy.Config {
	return grundy.Config{Stdout: out, Stdin: stdin, Limits: limits(tr.cfg), Checkpoint: tr.cfg.checkpoint, CommandLine: true}
}

// run loads FILE and computes the table; it returns the table (without
// rows when they were streamed) and the exit status: 0, or the status
// of the error it reported.
func (tr *tableRun) run(ctx context.Context) (*grundy.Table, int) {
	cfg := withProgress(tr.config(tr.stderr, tr.stdin), tr.stderr)
	if cfg.Progress != nil && tr.opts.Jobs > 1 {
		tr.group = newProgressGroup(cfg.Progress)
		cfg.Progress = tr.group.member()
	}
	in := grundy.New(cfg)
	start := time.Now()
	if err := in.Load(ctx, tr.file, tr.texts[tr.file]); err != nil {
		return nil, reportIn(tr.stderr, tr.texts, err)
	}
	gone := func() error { return nil }
	if tr.watch != nil {
		ctx, gone = watchOutput(ctx, tr.watch)
	}
	t, err := in.TableWith(ctx, tableName, tr.texts[tableName], tr.opts)
	if werr := gone(); werr != nil && err != nil {
		fmt.Fprintf(tr.stderr, "grundy: writing the table: %v\n", werr)
		return nil, 1
	}
	if tr.cfg.stats {
		tr.printStats(in, time.Since(start))
	}
	if err != nil {
		return nil, reportIn(tr.stderr, tr.texts, err)
	}
	return t, 0
}

// newWorker makes another interpreter of the table (TableOptions'
// NewWorker): FILE loaded, its print output discarded.
func (tr *tableRun) newWorker(ctx context.Context, stdin io.Reader) (*grundy.Interpreter, error) {
	cfg := tr.config(nil, stdin)
	if tr.group != nil {
		cfg.Progress = tr.group.member()
	}
	w := grundy.New(cfg)
	if err := w.Load(ctx, tr.file, tr.texts[tr.file]); err != nil {
		return nil, err
	}
	tr.mu.Lock()
	tr.others = append(tr.others, w)
	tr.mu.Unlock()
	return w, nil
}

// printStats writes --stats: the counters of every interpreter of the
// table added up (the games are the first one's: each has the same).
func (tr *tableRun) printStats(in *grundy.Interpreter, elapsed time.Duration) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if len(tr.others) == 0 {
		printStats(tr.stderr, in, elapsed)
		return
	}
	st := in.Stats()
	for _, w := range tr.others {
		o := w.Stats()
		st.States += o.States
		st.Moves += o.Moves
		st.Memoized += o.Memoized
		st.MemoBytes += o.MemoBytes
	}
	fmt.Fprintf(tr.stderr, "grundy: %s, %.3fs, %d interpreters\n", st, elapsed.Seconds(), 1+len(tr.others))
}

// sharedInput is the standard input of the interpreters of a table: the
// first read of any of them reads it whole, and each reads its own copy
// (a script that reads ints() gets the same ints in each).
type sharedInput struct {
	r    io.Reader
	max  int64 // the memory limit (0: the default), which bounds the input read
	once sync.Once
	data []byte
	err  error
}

// reader is an interpreter's copy (nil for no input).
func (s *sharedInput) reader() io.Reader {
	if s == nil {
		return nil
	}
	return &inputCopy{s: s}
}

// read reads the input whole: at most the memory limit.
func (s *sharedInput) read() {
	max := s.max
	if max == 0 {
		max = grundy.DefaultLimits().MaxMemory
	}
	s.data, s.err = io.ReadAll(io.LimitReader(s.r, max+1))
	if int64(len(s.data)) > max {
		s.data, s.err = nil, fmt.Errorf("standard input is more than the memory limit of %d MiB (--max-memory)", max>>20)
	}
}

// inputCopy is an interpreter's copy of a sharedInput.
type inputCopy struct {
	s   *sharedInput
	off int
}

func (c *inputCopy) Read(p []byte) (int, error) {
	s := c.s
	s.once.Do(s.read)
	if c.off >= len(s.data) {
		if s.err != nil {
			return 0, s.err
		}
		return 0, io.EOF
	}
	n := copy(p, s.data[c.off:])
	c.off += n
	return n, nil
}
