package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/grundy-lang/grundy"
)

// These tests run grundy-cluster as a user does: built, with a Prism job
// server and worker pools as processes of their own on 127.0.0.1.

const script = `game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n
def slow(n, k) = len([i for i in 0 .. k if i * i % 1000003 == n]) + sg(sub(n))
`

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// binary builds grundy-cluster once.
func binary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "grundy-cluster-test-*")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "grundy-cluster")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

func TestMain(m *testing.M) {
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

// syncBuffer collects a process's output while it runs.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitFor waits up to d for re to match out, and returns the match.
func waitFor(t *testing.T, out *syncBuffer, re string, d time.Duration) []string {
	t.Helper()
	rx := regexp.MustCompile(re)
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if m := rx.FindStringSubmatch(out.String()); m != nil {
			return m
		}
	}
	t.Fatalf("no %q within %v in:\n%s", re, d, out.String())
	return nil
}

// start starts the program with args, stopped at the test's end.
func start(t *testing.T, args ...string) (*exec.Cmd, *syncBuffer) {
	t.Helper()
	out := &syncBuffer{}
	cmd := exec.Command(binary(t), args...)
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	return cmd, out
}

// freePort is a port on 127.0.0.1 that was free a moment ago.
func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// startCluster starts a Prism job server and two worker pools, and returns
// the job server's endpoint, the pools' addresses and their output.
func startCluster(t *testing.T) (string, []string, []*syncBuffer) {
	port := freePort(t)
	_, prismOut := start(t, "prism", "--port", fmt.Sprint(port))
	waitFor(t, prismOut, "job server at", 30*time.Second)
	var addrs []string
	var outs []*syncBuffer
	for range 2 {
		_, out := start(t, "worker-pool", "--listen", "127.0.0.1:0")
		addrs = append(addrs, waitFor(t, out, `listening at (\S+)`, 30*time.Second)[1])
		outs = append(outs, out)
	}
	return fmt.Sprintf("localhost:%d", port), addrs, outs
}

// want is the table as the core API computes it, in csv.
func want(t *testing.T, spec string) string {
	in := grundy.New(grundy.Config{})
	if err := in.Load(context.Background(), "s.game", script); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	tw, _ := grundy.NewTableWriter(&b, "csv", "<table>", spec)
	if _, err := in.TableRows(context.Background(), "<table>", spec, func(r, v grundy.Value) error { return tw.Row(r.Cell(), v.Cell()) }); err != nil {
		t.Fatal(err)
	}
	tw.End()
	return b.String()
}

func writeScript(t *testing.T) string {
	file := filepath.Join(t.TempDir(), "s.game")
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// sweepArgs are the arguments of a sweep on the cluster.
func sweepArgs(file, spec, endpoint string, pools []string, more ...string) []string {
	return append([]string{"table", file, spec, "--format", "csv", "--shards", "4", "--worker-info",
		"--runner", "universal", "--endpoint", endpoint, "--environment", "external",
		"--environment-config", strings.Join(pools, ",")}, more...)
}

// A Prism job server and two worker processes (one from each pool): the
// table is grundy table's, and both workers computed shards.
func TestExternalWorkers(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a job server and worker processes")
	}
	endpoint, pools, poolOuts := startCluster(t)
	file := writeScript(t)
	spec := "sg(sub(n)) for n in 0 .. 40"
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, binary(t), sweepArgs(file, spec, endpoint, pools)...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	if w := want(t, spec); stdout.String() != w {
		t.Errorf("got\n%s\nwant\n%s", stdout.String(), w)
	}
	pids := map[string]bool{}
	for _, m := range regexp.MustCompile(`by \S+ pid (\d+)`).FindAllStringSubmatch(stderr.String(), -1) {
		pids[m[1]] = true
	}
	if len(pids) != 2 || strings.Contains(stderr.String(), fmt.Sprintf("pid %d ", cmd.Process.Pid)) {
		t.Errorf("want the shards of two worker processes, none of them the driver (pid %d):\n%s", cmd.Process.Pid, stderr.String())
	}
	for i, out := range poolOuts {
		if !strings.Contains(out.String(), "started worker") {
			t.Errorf("pool %d started no worker:\n%s", i, out.String())
		}
	}
}

// slowTable is the CPU time the killed worker's table is made to take:
// on any number of cores far more than the 1.5 s the test waits before
// the kill, and little enough for the retry.
var slowTable = max(10*time.Second, 3*time.Second*time.Duration(runtime.NumCPU()))

// slowRow is the k of slow(n, k) for which the 60 rows take about
// slowTable of CPU on this machine, measured through the core API (the
// rows' work is a comprehension the planner cannot solve).
func slowRow(t *testing.T) int {
	in := grundy.New(grundy.Config{})
	if err := in.Load(context.Background(), "s.game", script); err != nil {
		t.Fatal(err)
	}
	k := 100000
	for {
		start := time.Now()
		if _, err := in.Eval(context.Background(), fmt.Sprintf("slow(7, %d)", k)); err != nil {
			t.Fatal(err)
		}
		if d := time.Since(start); d >= 50*time.Millisecond || k >= 1<<40 {
			return int(float64(k) * float64(slowTable) / 60 / float64(d+1))
		}
		k *= 2
	}
}

// A worker killed in the middle of its shards: the job fails, its
// shards run again in a new job, and the table is complete and right,
// or says which rows failed.
func TestKilledWorker(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a job server and worker processes")
	}
	endpoint, pools, poolOuts := startCluster(t)
	file := writeScript(t)
	spec := fmt.Sprintf("slow(n, %d) for n in 0 .. 59", slowRow(t))
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, binary(t), sweepArgs(file, spec, endpoint, pools[:1], "--shards", "6")...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	wantc := make(chan string, 1)
	go func() { wantc <- want(t, spec) }()
	m := waitFor(t, poolOuts[0], `started worker \S+: pid (\d+)`, time.Minute)
	var pid int
	fmt.Sscan(m[1], &pid)
	time.Sleep(1500 * time.Millisecond) // (into its shards)
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatalf("killing worker %d: %v (its shards, made to take about %v of CPU, ended before 1.5 s)", pid, err, slowTable)
	}
	err := cmd.Wait()
	got, w := stdout.String(), <-wantc
	if err == nil && got == w {
		if !strings.Contains(poolOuts[0].String(), fmt.Sprintf("(pid %d) ended: signal: killed", pid)) {
			t.Errorf("the worker was not killed:\n%s", poolOuts[0].String())
		}
		t.Logf("complete after the retry:\n%s\n%s", stderr.String(), poolOuts[0].String())
		return
	}
	// Else each row is right or says it failed, and the command says so.
	gl, wl := strings.Split(got, "\n"), strings.Split(w, "\n")
	if len(gl) != len(wl) {
		t.Fatalf("got %d lines, want %d:\n%s\n%s", len(gl), len(wl), got, stderr.String())
	}
	for i := range gl {
		if gl[i] != wl[i] && !strings.Contains(gl[i], ",,error: ") {
			t.Errorf("line %d: %q, want %q or its error", i+1, gl[i], wl[i])
		}
	}
	if err == nil || !strings.Contains(stderr.String(), "rows failed") {
		t.Errorf("exit %v, stderr:\n%s", err, stderr.String())
	}
	t.Logf("rows failed:\n%s\n%s", stderr.String(), poolOuts[0].String())
}
