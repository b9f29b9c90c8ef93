package cluster

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"strings"
	"sync"

	"github.com/apache/beam/sdks/v2/go/container/tools"
	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	fnpb "github.com/apache/beam/sdks/v2/go/pkg/beam/model/fnexecution_v1"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/util/grpcx"
	"google.golang.org/grpc"
)

// This file holds the worker processes: a program that runs sweeps is
// its own worker, started by a runner in one of Beam's ways (the
// container contract: https://s.apache.org/beam-fn-api-container-contract):
//   - with --worker=true and the endpoints: the SDK harness itself (how
//     Beam's Go container runs the staged binary);
//   - with --id and --provision_endpoint: as a boot program, which asks
//     the runner for the pipeline's options and then runs the harness
//     (a PROCESS environment's command; what WorkerPool starts);
//   - WorkerPool: a worker pool service (an EXTERNAL environment), which
//     starts a boot process for each worker a runner asks for.

// IsWorker reports whether args (without the program's name) are those
// that a runner starts a worker with.
func IsWorker(args []string) bool {
	for _, a := range args {
		if a == "--worker" || a == "--worker=true" || a == "-worker" || strings.HasPrefix(a, "--provision_endpoint=") || strings.HasPrefix(a, "-provision_endpoint=") {
			return true
		}
	}
	return false
}

// RunWorker runs the worker that args ask for (IsWorker): the harness
// connects to the runner and computes bundles until the runner stops it;
// it does not return.
func RunWorker(args []string) error {
	harness := false
	for _, a := range args {
		harness = harness || a == "--worker" || a == "--worker=true" || a == "-worker"
	}
	if harness {
		if err := flag.CommandLine.Parse(args); err != nil {
			return err
		}
		beam.Init() // runs the harness and exits
		return fmt.Errorf("the Beam harness returned")
	}
	return boot(args)
}

// boot is the boot program: it reads the endpoints from args, asks the
// provision service for the pipeline's options, then runs the harness in
// this process (it is the staged binary itself).
func boot(args []string) error {
	fs := flag.NewFlagSet("boot", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	id := fs.String("id", "", "")
	provision := fs.String("provision_endpoint", "", "")
	control := fs.String("control_endpoint", "", "")
	logging := fs.String("logging_endpoint", "", "")
	fs.String("artifact_endpoint", "", "")
	fs.String("semi_persist_dir", "/tmp", "")
	if err := fs.Parse(args); err != nil {
		return err
	}
	// (Prism's process environment quotes the id.)
	*id = strings.Trim(*id, "'")
	ctx := grpcx.WriteWorkerID(context.Background(), *id)
	info, err := tools.ProvisionInfo(ctx, *provision)
	if err != nil {
		return fmt.Errorf("asking the runner for the pipeline's options: %w", err)
	}
	if u := info.GetControlEndpoint().GetUrl(); u != "" {
		*control = u
	}
	if u := info.GetLoggingEndpoint().GetUrl(); u != "" {
		*logging = u
	}
	if *control == "" || *logging == "" {
		return fmt.Errorf("the runner gave no control or logging endpoint")
	}
	options, err := tools.ProtoToJSON(info.GetPipelineOptions())
	if err != nil {
		return err
	}
	if err := tools.MakePipelineOptionsFileAndEnvVar(options); err != nil {
		return err
	}
	if len(info.GetRunnerCapabilities()) > 0 {
		os.Setenv("RUNNER_CAPABILITIES", strings.Join(info.GetRunnerCapabilities(), " "))
	}
	return RunWorker([]string{"--worker=true", "--id=" + *id, "--logging_endpoint=" + *logging, "--control_endpoint=" + *control})
}

// A WorkerPool is Beam's worker pool service (an EXTERNAL environment's
// endpoint): for each worker a runner asks for, it starts this program
// as a boot process (one process per worker), and stops it when asked.
type WorkerPool struct {
	fnpb.UnimplementedBeamFnExternalWorkerPoolServer
	lis     net.Listener
	srv     *grpc.Server
	exe     string
	log     io.Writer
	mu      sync.Mutex
	workers map[string]*exec.Cmd
}

// NewWorkerPool listens at addr (HOST:PORT) and starts workers with
// the program exe, which log to log (their standard output and error).
func NewWorkerPool(addr, exe string, log io.Writer) (*WorkerPool, error) {
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	p := &WorkerPool{lis: lis, srv: grpc.NewServer(), exe: exe, log: log, workers: map[string]*exec.Cmd{}}
	fnpb.RegisterBeamFnExternalWorkerPoolServer(p.srv, p)
	return p, nil
}

// Addr is the address the pool listens at.
func (p *WorkerPool) Addr() string { return p.lis.Addr().String() }

// Serve serves until Stop.
func (p *WorkerPool) Serve() error { return p.srv.Serve(p.lis) }

// Stop stops the pool and its workers.
func (p *WorkerPool) Stop() {
	p.srv.Stop()
	p.mu.Lock()
	defer p.mu.Unlock()
	for id, cmd := range p.workers {
		cmd.Process.Kill()
		cmd.Wait()
		delete(p.workers, id)
	}
}

// StartWorker starts a worker process (BeamFnExternalWorkerPool).
func (p *WorkerPool) StartWorker(_ context.Context, req *fnpb.StartWorkerRequest) (*fnpb.StartWorkerResponse, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	id := req.GetWorkerId()
	if _, ok := p.workers[id]; ok {
		return &fnpb.StartWorkerResponse{Error: fmt.Sprintf("worker %q is running already", id)}, nil
	}
	cmd := exec.Command(p.exe,
		"--id="+id,
		"--control_endpoint="+req.GetControlEndpoint().GetUrl(),
		"--artifact_endpoint="+req.GetArtifactEndpoint().GetUrl(),
		"--provision_endpoint="+req.GetProvisionEndpoint().GetUrl(),
		"--logging_endpoint="+req.GetLoggingEndpoint().GetUrl())
	cmd.Stdout, cmd.Stderr = p.log, p.log
	if err := cmd.Start(); err != nil {
		return &fnpb.StartWorkerResponse{Error: fmt.Sprintf("starting worker %q: %v", id, err)}, nil
	}
	p.workers[id] = cmd
	fmt.Fprintf(p.log, "grundy-cluster worker-pool: started worker %s: pid %d\n", id, cmd.Process.Pid)
	go func() {
		err := cmd.Wait()
		fmt.Fprintf(p.log, "grundy-cluster worker-pool: worker %s (pid %d) ended: %v\n", id, cmd.Process.Pid, err)
		p.mu.Lock()
		if p.workers[id] == cmd {
			delete(p.workers, id)
		}
		p.mu.Unlock()
	}()
	return &fnpb.StartWorkerResponse{}, nil
}

// StopWorker stops a worker process (BeamFnExternalWorkerPool).
func (p *WorkerPool) StopWorker(_ context.Context, req *fnpb.StopWorkerRequest) (*fnpb.StopWorkerResponse, error) {
	p.mu.Lock()
	cmd, ok := p.workers[req.GetWorkerId()]
	delete(p.workers, req.GetWorkerId())
	p.mu.Unlock()
	if ok {
		cmd.Process.Kill()
	}
	return &fnpb.StopWorkerResponse{}, nil
}

// QuietLogs sends the logs of Beam's runners and harness (slog) to w,
// warnings and errors only.
func QuietLogs(w io.Writer) {
	slog.SetDefault(slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelWarn})))
}
