// Command grundy-cluster computes the table of grundy table as an Apache
// Beam pipeline: the rows of the for clause's range split in shards,
// computed by workers (Beam's Prism runner in this process by default,
// or a job server and its workers), written in order in grundy table's
// formats. It is also the worker that runners start, a worker pool and a
// Prism job server. docs/cluster.md says how to use it.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"

	"github.com/grundy-lang/grundy"
	"github.com/grundy-lang/grundy/cluster"
	"github.com/grundy-lang/grundy/lang"
)

const usage = `usage:
  grundy-cluster table FILE 'EXPR for n in A .. B' [flags]
      computes the table of grundy table in shards on a Beam runner
  grundy-cluster worker-pool --listen HOST:PORT
      a worker pool (Beam's EXTERNAL environment) for a job server
  grundy-cluster prism [--port P]
      Beam's Prism runner as a job server of its own
`

func main() {
	args := os.Args[1:]
	if cluster.IsWorker(args) {
		if err := cluster.RunWorker(args); err != nil {
			fmt.Fprintf(os.Stderr, "grundy-cluster worker: %v\n", err)
			os.Exit(1)
		}
		return
	}
	os.Exit(run(args, os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		io.WriteString(stderr, usage)
		return 2
	}
	switch args[0] {
	case "table":
		return tableCmd(args[1:], stdout, stderr)
	case "worker-pool":
		return poolCmd(args[1:], stderr)
	case "prism":
		return prismCmd(args[1:], stderr)
	case "help", "--help", "-h":
		io.WriteString(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "grundy-cluster: unknown command %q\n%s", args[0], usage)
	return 2
}

// tableFlags are the flags of grundy-cluster table.
type tableFlags struct {
	format, runner, endpoint, env, envConfig, outDir, maxMemory string
	shards, retries                                             int
	rowTimeout, timeout                                         time.Duration
	maxStates, maxSteps                                         int64
	workerInfo, beamLogs                                        bool
}

func (f *tableFlags) define(fs *flag.FlagSet) {
	fs.StringVar(&f.format, "format", "text", "the format `F`: text, csv, json or bfile (as grundy table)")
	fs.IntVar(&f.shards, "shards", 4, "split the rows in `K` contiguous shards")
	fs.StringVar(&f.runner, "runner", "prism", "the Beam runner `R`: prism (in this process) or universal (a job server at --endpoint)")
	fs.StringVar(&f.endpoint, "endpoint", "", "the job server's `HOST:PORT` (--runner universal)")
	fs.StringVar(&f.env, "environment", "loopback", "where a job server's workers run, `E`: loopback (in this process), external (worker pools at --environment-config), process or docker")
	fs.StringVar(&f.envConfig, "environment-config", "", "the environment's `CONFIG`: external: HOST:PORT of worker pools, separated by commas (a job per pool); process: the command (default this program); docker: the image")
	fs.StringVar(&f.outDir, "output-dir", "", "a `DIR` that the workers write the shards' results to and this program reads (default: a temporary directory, for workers on this machine)")
	fs.IntVar(&f.retries, "retries", 2, "run the shards of a failed job again up to `N` times")
	fs.DurationVar(&f.rowTimeout, "row-timeout", 0, "report a row that takes longer than `D` as timed out, and go on (default: none)")
	fs.BoolVar(&f.workerInfo, "worker-info", false, "say on standard error which worker computed which shard")
	fs.BoolVar(&f.beamLogs, "beam-logs", false, "show Beam's informational logs on standard error")
	d := grundy.DefaultLimits()
	fs.Int64Var(&f.maxStates, "max-states", 0, fmt.Sprintf("each interpreter stops after `N` positions (default %d)", d.MaxStates))
	fs.Int64Var(&f.maxSteps, "max-steps", 0, fmt.Sprintf("a call stops after `N` evaluation steps (default %d)", d.MaxSteps))
	fs.DurationVar(&f.timeout, "timeout", 0, "a call (the script's run, a row) stops after `D` (default: none)")
	fs.StringVar(&f.maxMemory, "max-memory", "", "a process stops above about `SIZE` of memory, e.g. 512M (default: half the machine's memory)")
}

// check returns a sentence for a bad flag value.
func (f *tableFlags) check(mem *int64) string {
	known := false
	for _, x := range grundy.TableFormats {
		known = known || x == f.format
	}
	switch {
	case !known:
		return fmt.Sprintf("unknown format %q: use text, csv, json or bfile", f.format)
	case f.shards < 1:
		return fmt.Sprintf("--shards must be at least 1, not %d", f.shards)
	case f.runner != "prism" && f.runner != "universal":
		return fmt.Sprintf("unknown runner %q: use prism or universal", f.runner)
	case f.runner == "universal" && f.endpoint == "":
		return "--runner universal needs --endpoint HOST:PORT, the job server's address"
	case f.runner == "prism" && f.endpoint != "":
		return "--endpoint is the job server of --runner universal (a Prism job server too: grundy-cluster prism)"
	case f.runner == "prism" && f.env != "loopback":
		return "--environment is for --runner universal: the in-process Prism runs its workers in this process"
	case !oneOf(f.env, "loopback", "external", "process", "docker"):
		return fmt.Sprintf("unknown environment %q: use loopback, external, process or docker", f.env)
	case f.env == "external" && f.envConfig == "":
		return "--environment external needs --environment-config HOST:PORT, the worker pools' addresses"
	case f.retries < 0:
		return fmt.Sprintf("--retries must be 0 or more, not %d", f.retries)
	case f.rowTimeout < 0 || f.timeout < 0:
		return "--row-timeout and --timeout must be positive durations such as 30s or 2m"
	case f.maxStates < 0 || f.maxSteps < 0:
		return "--max-states and --max-steps must be positive numbers"
	}
	n, err := parseSize(f.maxMemory)
	if err != nil {
		return "--max-memory: " + err.Error()
	}
	*mem = n
	return ""
}

func oneOf(s string, set ...string) bool {
	for _, x := range set {
		if s == x {
			return true
		}
	}
	return false
}

// parseSize reads a size such as 512M, 2G or 1048576 (bytes).
func parseSize(s string) (int64, error) {
	if s == "" {
		return 0, nil
	}
	mult := int64(1)
	switch strings.ToUpper(s[len(s)-1:]) {
	case "K":
		mult = 1 << 10
	case "M":
		mult = 1 << 20
	case "G":
		mult = 1 << 30
	}
	digits := s
	if mult > 1 {
		digits = s[:len(s)-1]
	}
	n, err := strconv.ParseInt(digits, 10, 64)
	if err != nil || n <= 0 || n > (1<<62)/mult {
		return 0, fmt.Errorf("%q is not a size such as 512M or 2G", s)
	}
	if n*mult < 1<<20 {
		return 0, fmt.Errorf("%s is less than 1M", s)
	}
	return n * mult, nil
}

// parseFlags accepts flags before and after the other arguments (as
// grundy does), and returns the others.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func tableCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("grundy-cluster table", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var f tableFlags
	f.define(fs)
	rest, err := parseFlags(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fs.SetOutput(stdout)
		fmt.Fprintf(stdout, "usage: grundy-cluster table FILE 'EXPR for n in A .. B' [flags]\n\nflags:\n")
		fs.PrintDefaults()
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "grundy-cluster table: %v\n(see grundy-cluster table --help)\n", err)
		return 2
	}
	var mem int64
	if msg := f.check(&mem); msg != "" {
		fmt.Fprintf(stderr, "grundy-cluster table: %s\n", msg)
		return 2
	}
	if len(rest) != 2 {
		fmt.Fprintf(stderr, "grundy-cluster table: expected a FILE and a table, got %d arguments\nusage: grundy-cluster table FILE 'EXPR for n in A .. B' [flags]\n", len(rest))
		return 2
	}
	file, spec := rest[0], rest[1]
	data, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintf(stderr, "grundy-cluster: cannot read %s: %v\n", file, unwrapPath(err))
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	sw := cluster.Sweep{File: file, Script: string(data), Spec: spec, RowTimeout: f.rowTimeout,
		Limits: grundy.Limits{MaxStates: f.maxStates, MaxSteps: f.maxSteps, MaxMemory: mem, Timeout: f.timeout}}
	texts := map[string]string{file: lang.TrimBOM(sw.Script), cluster.SpecName: spec}
	source := func(name string) (string, bool) { t, ok := texts[name]; return t, ok }

	if _, err := lang.ParseTable(cluster.SpecName, spec); err != nil {
		return report(stderr, source, err) // (before the script runs, as grundy table)
	}
	// The script runs here first (its print output to standard error),
	// and the range's ends are evaluated in its scope.
	in := grundy.New(grundy.Config{Stdout: stderr, Limits: sw.Limits, CommandLine: true})
	if err := in.Load(ctx, file, sw.Script); err != nil {
		return report(stderr, source, err)
	}
	plan, err := cluster.NewPlan(ctx, in, sw, f.shards)
	if err != nil {
		return report(stderr, source, err)
	}
	if _, err := grundy.NewTableWriter(io.Discard, f.format, cluster.SpecName, spec); err != nil {
		return report(stderr, source, err)
	}
	o := cluster.Options{Runner: f.runner, Endpoint: f.endpoint, Environment: f.env, EnvironmentConfig: f.envConfig, OutDir: f.outDir, Retries: f.retries}
	dir, cleanup, err := resultDir(f.outDir)
	if err != nil {
		fmt.Fprintf(stderr, "grundy-cluster: %v\n", err)
		return 1
	}
	defer cleanup()
	o.OutDir = dir
	// Beam's loopback jobs leave an empty file in the temporary directory
	// (runnerlib, v2.77): let it be one of ours, removed at the end.
	tmp, err := os.MkdirTemp("", "grundy-cluster-tmp-*")
	if err == nil {
		defer os.RemoveAll(tmp)
		os.Setenv("TMPDIR", tmp)
	}
	beam.Init()
	if !f.beamLogs {
		cluster.QuietLogs(stderr)
	}
	rep, err := cluster.Run(ctx, plan, o)
	if err != nil {
		fmt.Fprintf(stderr, "grundy-cluster: interrupted\n")
		return 1
	}
	if werr := rep.Write(plan, stdout, f.format); werr != nil {
		fmt.Fprintf(stderr, "grundy-cluster: %v\n", werr)
		return 1
	}
	if f.workerInfo {
		rep.WriteWorkerInfo(plan, stderr)
	}
	return summary(stderr, rep)
}

// summary says on w how many rows failed, and why shards were lost; the
// exit status is 1 when a row failed.
func summary(w io.Writer, rep *cluster.Report) int {
	if rep.Failed == 0 {
		return 0
	}
	fmt.Fprintf(w, "grundy-cluster: %d of %d rows failed", rep.Failed, rep.Rows)
	if rep.TimedOut > 0 {
		fmt.Fprintf(w, " (%d timed out)", rep.TimedOut)
	}
	io.WriteString(w, "; each is reported in its place\n")
	if len(rep.Lost) > 0 {
		fmt.Fprintf(w, "grundy-cluster: %d shards were lost: no worker finished them after %d jobs\n", len(rep.Lost), len(rep.JobErrors))
		for _, err := range rep.JobErrors {
			fmt.Fprintf(w, "grundy-cluster: a job failed: %s\n", firstLine(err.Error()))
		}
	}
	return 1
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// resultDir is where the workers write this sweep's results: a
// directory of its own inside dir (or a temporary directory), removed at
// the end when it is local.
func resultDir(dir string) (string, func(), error) {
	if dir == "" {
		d, err := os.MkdirTemp("", "grundy-cluster-*")
		return d, func() { os.RemoveAll(d) }, err
	}
	name := fmt.Sprintf("grundy-cluster-%d-%d", os.Getpid(), time.Now().UnixNano())
	if strings.Contains(dir, "://") {
		return strings.TrimSuffix(dir, "/") + "/" + name, func() {}, nil
	}
	d := strings.TrimSuffix(dir, "/") + "/" + name
	if err := os.MkdirAll(d, 0o755); err != nil {
		return "", nil, fmt.Errorf("cannot make the results directory: %v", unwrapPath(err))
	}
	return d, func() { os.RemoveAll(d) }, nil
}

// report prints an error of the script or the table with its snippet
// and returns the exit status: 2 for a syntax error or a table that
// cannot be sharded, else 1.
func report(w io.Writer, source func(string) (string, bool), err error) int {
	var ue *cluster.UsageError
	if errors.As(err, &ue) {
		fmt.Fprintf(w, "grundy-cluster table: %s\n", ue.Msg)
		return 2
	}
	var e *grundy.Error
	var se *lang.Error
	var list lang.ErrorList
	if !errors.As(err, &e) && !errors.As(err, &se) && !errors.As(err, &list) {
		fmt.Fprintf(w, "grundy-cluster: %v\n", err)
		return 1
	}
	io.WriteString(w, grundy.ExplainIn(err, source))
	if e != nil && e.Kind == grundy.SyntaxError || se != nil {
		return 2
	}
	return 1
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// poolCmd runs a worker pool until interrupted.
func poolCmd(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("grundy-cluster worker-pool", flag.ContinueOnError)
	fs.SetOutput(stderr)
	listen := fs.String("listen", "127.0.0.1:50000", "listen at `HOST:PORT`")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(stderr, "grundy-cluster worker-pool: %v\n", err)
		return 1
	}
	pool, err := cluster.NewWorkerPool(*listen, exe, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "grundy-cluster worker-pool: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "grundy-cluster worker-pool: listening at %s\n", pool.Addr())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() { <-ctx.Done(); pool.Stop() }() // (its workers too)
	pool.Serve()
	return 0
}

// prismCmd runs Beam's Prism runner as a job server until interrupted.
func prismCmd(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("grundy-cluster prism", flag.ContinueOnError)
	fs.SetOutput(stderr)
	port := fs.Int("port", 8073, "the job server's `PORT` (Prism listens on every interface)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cluster.QuietLogs(stderr)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if _, err := prism.CreateJobServer(ctx, prism.Options{Port: *port}); err != nil {
		fmt.Fprintf(stderr, "grundy-cluster prism: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "grundy-cluster prism: job server at localhost:%d\n", *port)
	<-ctx.Done()
	return 0
}
