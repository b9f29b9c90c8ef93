package cluster

import (
	"context"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"

	"github.com/grundy-lang/grundy"
)

func TestMain(m *testing.M) {
	if IsWorker(os.Args[1:]) {
		// (A runner started this test binary as a worker.)
		if err := RunWorker(os.Args[1:]); err != nil {
			os.Exit(1)
		}
	}
	beam.Init()
	QuietLogs(io.Discard)
	// (Beam's loopback jobs leave an empty file in the temporary
	// directory: let it be the tests'.)
	tmp, err := os.MkdirTemp("", "grundy-cluster-test-tmp-*")
	if err == nil {
		os.Setenv("TMPDIR", tmp)
	}
	code := m.Run()
	os.RemoveAll(tmp)
	os.Exit(code)
}

// coreTable is the table as the core API writes it in format: Table's
// TextWithHeader for text, TableRows through a TableWriter for the
// others (what grundy table does).
func coreTable(t *testing.T, spec, format string) string {
	t.Helper()
	in := grundy.New(grundy.Config{})
	ctx := context.Background()
	if err := in.Load(ctx, "sub.game", subScript); err != nil {
		t.Fatal(err)
	}
	if format == "text" {
		tab, err := in.Table(ctx, SpecName, spec)
		if err != nil {
			t.Fatal(err)
		}
		return tab.TextWithHeader()
	}
	var b strings.Builder
	tw, err := grundy.NewTableWriter(&b, format, SpecName, spec)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := in.TableRows(ctx, SpecName, spec, func(row, v grundy.Value) error { return tw.Row(row.Cell(), v.Cell()) }); err != nil {
		t.Fatal(err)
	}
	tw.End()
	return b.String()
}

// sweep runs spec in k shards on the in-process Prism runner and returns
// the table in format, and the report.
func sweep(t *testing.T, spec, format string, k int, rowTimeout time.Duration) (string, *Report) {
	t.Helper()
	p, err := plan(t, spec, k)
	if err != nil {
		t.Fatal(err)
	}
	p.RowTimeout = rowTimeout
	rep, err := Run(context.Background(), p, Options{Runner: "prism", OutDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := rep.Write(p, &b, format); err != nil {
		t.Fatal(err)
	}
	return b.String(), rep
}

// On Prism in this process, the sweep's table is byte for byte the core
// API's, in each format.
func TestSweepIsTheTable(t *testing.T) {
	for _, spec := range []string{
		"sg(sub(n)) for n in 0 .. 3 * N",
		"outcome(sub(n)) for n in -2 .. N if n != 7",
		`[s for s in {1, 3, 4} if s <= n and sg(sub(n - s)) == 0] for n in 0 .. 9`,
		"n * n for n in 5 .. 4",
		`"x" * (n % 3) for n in 1 .. 5`,
	} {
		for _, format := range grundy.TableFormats {
			if format == "bfile" && !strings.HasPrefix(spec, "sg") && !strings.HasPrefix(spec, "n * n") {
				continue
			}
			got, rep := sweep(t, spec, format, 3, 0)
			if want := coreTable(t, spec, format); got != want {
				t.Errorf("%s %q:\ngot\n%s\nwant\n%s", format, spec, got, want)
			}
			if rep.Failed != 0 || len(rep.Lost) != 0 || len(rep.JobErrors) != 0 {
				t.Errorf("%s %q: %d rows failed, %d shards lost, %v", format, spec, rep.Failed, len(rep.Lost), rep.JobErrors)
			}
		}
	}
}

// A row that fails is that row's error, in its place; the others go on.
func TestSweepRowError(t *testing.T) {
	got, rep := sweep(t, "boom(n) for n in 0 .. 5", "csv", 2, 0)
	want := "n,value\n0,-4\n1,-6\n2,-12\n3,,error: sub.game:3:18: division by zero\n4,12\n5,6\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if rep.Failed != 1 || rep.TimedOut != 0 {
		t.Errorf("%d failed, %d timed out; want 1, 0", rep.Failed, rep.TimedOut)
	}
	got, _ = sweep(t, "boom(n) for n in 0 .. 5", "text", 2, 0)
	want = "n  boom(n)\n0       -4\n1       -6\n2      -12\n3  error: sub.game:3:18: division by zero\n4       12\n5        6\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// A row past the row timeout is reported as such; the others go on,
// the one after it on the same worker too.
func TestSweepRowTimeout(t *testing.T) {
	got, rep := sweep(t, "spin(n) for n in 0 .. 4", "json", 1, 300*time.Millisecond)
	want := "[\n  {\"n\": 0, \"value\": 0},\n  {\"n\": 1, \"value\": 1},\n  {\"n\": 2, \"error\": \"n = 2: timed out after 300ms (--row-timeout)\"},\n  {\"n\": 3, \"value\": 3},\n  {\"n\": 4, \"value\": 4}\n]\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if rep.Failed != 1 || rep.TimedOut != 1 {
		t.Errorf("%d failed, %d timed out; want 1, 1", rep.Failed, rep.TimedOut)
	}
}

// The rows of a shard are computed in order by one interpreter, which
// loads the script once.
func TestSweepShardsInOrder(t *testing.T) {
	_, rep := sweep(t, "sg(sub(n)) for n in 0 .. 9", "csv", 4, 0)
	if len(rep.Results) != 4 {
		t.Fatalf("%d results, want 4", len(rep.Results))
	}
	next := int64(0)
	for i, res := range rep.Results {
		if res.Index != i || res.Worker == "" {
			t.Errorf("result %d: shard %d, worker %q", i, res.Index, res.Worker)
		}
		for _, r := range res.Rows {
			if r.N != next {
				t.Errorf("row %d where %d was next", r.N, next)
			}
			next++
		}
	}
	var b strings.Builder
	rep.WriteWorkerInfo(&Plan{RowVar: "n", Shards: shards(0, 9, 4)}, &b)
	if !strings.HasPrefix(b.String(), "shard 0 (n in 0 .. 2): 3 rows by ") || strings.Count(b.String(), "\n") != 4 {
		t.Errorf("worker info:\n%s", b.String())
	}
}

// A shard whose result never came is each of its rows' error.
func TestWriteLostShard(t *testing.T) {
	p, err := plan(t, "sg(sub(n)) for n in 0 .. 3", 2)
	if err != nil {
		t.Fatal(err)
	}
	rep := &Report{Results: []ShardResult{{Shard: p.Shards[0], Rows: []Row{
		{N: 0, Label: grundy.Int(0).Cell(), Value: grundy.Int(0).Cell()},
		{N: 1, Label: grundy.Int(1).Cell(), Value: grundy.Int(1).Cell()}}}}, Lost: p.Shards[1:]}
	var b strings.Builder
	if err := rep.Write(p, &b, "bfile"); err != nil {
		t.Fatal(err)
	}
	want := "0 0\n1 1\n# 2 error: not computed: no worker finished its shard 1 (n in 2 .. 3)\n# 3 error: not computed: no worker finished its shard 1 (n in 2 .. 3)\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// A row that bfile cannot write is its error, and counts as failed.
func TestSweepBfileNeedsInts(t *testing.T) {
	got, rep := sweep(t, "if n == 1 then outcome(sub(n)) else n for n in 0 .. 2", "bfile", 2, 0)
	want := "0 0\n# 1 error: <table>:1:1: --format bfile needs an int value in each row, but n = 1 gives string \"N\"\n2 2\n"
	if got != want || rep.Failed != 1 {
		t.Errorf("got %q (%d failed), want %q (1)", got, rep.Failed, want)
	}
}
