package cluster

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path"
	"reflect"
	"strings"
	"sync"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/runtime/graphx"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/sdf"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/rtrackers/offsetrange"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/options/jobopts"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/universal/extworker"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/universal/runnerlib"
)

func init() {
	register.DoFn4x1[context.Context, *sdf.LockRTracker, Shard, func(int), error](&shardFn{})
	register.Emitter1[int]()
	register.Function1x0(doneShard)
	beam.RegisterType(reflect.TypeOf((*Shard)(nil)).Elem())
}

// shardFn is the pipeline's one step: it computes a shard (Worker) and
// writes its result to a file of its own in OutDir, named by the
// shard's index, which the driver reads. The plan, the script's text
// with it, travels in its fields, inside the pipeline.
type shardFn struct {
	Plan   *Plan
	OutDir string
	w      *Worker
}

// Setup makes the worker: one interpreter for the bundles this instance
// runs.
func (f *shardFn) Setup() { f.w = NewWorker(f.Plan) }

// shardFn is a splittable DoFn whose restriction is the one shard of its
// element ([0, 1)): a runner that splits the bundles of such a step as
// they run (Prism) then deals the shards not yet begun to other bundles,
// which run at once, each with its own interpreter. A shard is never
// split.

// CreateInitialRestriction is the element's one shard.
func (f *shardFn) CreateInitialRestriction(Shard) offsetrange.Restriction {
	return offsetrange.Restriction{Start: 0, End: 1}
}

// SplitRestriction keeps the shard whole.
func (f *shardFn) SplitRestriction(_ Shard, r offsetrange.Restriction) []offsetrange.Restriction {
	return []offsetrange.Restriction{r}
}

// RestrictionSize is the shard's rows.
func (f *shardFn) RestrictionSize(sh Shard, r offsetrange.Restriction) float64 {
	return r.Size() * float64(sh.Hi-sh.Lo+1)
}

// CreateTracker tracks the claim of the shard.
func (f *shardFn) CreateTracker(r offsetrange.Restriction) *sdf.LockRTracker {
	return sdf.NewLockRTracker(offsetrange.NewTracker(r))
}

// ProcessElement computes the shard and writes its result; a bundle
// cancelled meanwhile fails, so that the runner retries it (or gives
// up) and no partial result is written.
func (f *shardFn) ProcessElement(ctx context.Context, rt *sdf.LockRTracker, sh Shard, done func(int)) error {
	if !rt.TryClaim(rt.GetRestriction().(offsetrange.Restriction).Start) {
		return nil // (the runner split it off before it began)
	}
	res := f.w.Shard(ctx, sh)
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := writeResult(ctx, f.OutDir, res); err != nil {
		return err
	}
	done(sh.Index)
	return nil
}

// doneShard takes the index of a shard written, after a reshuffle. (The
// shards' step has an output that goes back to the runner so that Prism
// waits for its bundles' data: a stage without one, Prism v2.77 polls in
// a loop that takes a CPU while the bundle runs.)
func doneShard(int) {}

// resultName is the file of shard i's result in dir.
func resultName(dir string, i int) string {
	return strings.TrimSuffix(dir, "/") + "/" + fmt.Sprintf("shard-%08d.json", i)
}

// writeResult writes res whole or not at all: to a file of its own,
// renamed into place where the file system can rename (a local
// directory); an object store's object appears whole when closed.
func writeResult(ctx context.Context, dir string, res ShardResult) error {
	data, err := json.Marshal(res)
	if err != nil {
		return err
	}
	fs, err := filesystem.New(ctx, dir)
	if err != nil {
		return err
	}
	defer fs.Close()
	final := resultName(dir, res.Index)
	tmp := final
	rn, canRename := fs.(filesystem.Renamer)
	if canRename {
		host, _ := os.Hostname()
		tmp = fmt.Sprintf("%s.%s-%d.tmp", final, path.Base(host), os.Getpid())
	}
	w, err := fs.OpenWrite(ctx, tmp)
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		w.Close()
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	if canRename {
		return rn.Rename(ctx, tmp, final)
	}
	return nil
}

// readResult reads shard i's result from dir; false when there is none
// (its worker did not finish it).
func readResult(ctx context.Context, dir string, i int) (ShardResult, bool) {
	var res ShardResult
	fs, err := filesystem.New(ctx, dir)
	if err != nil {
		return res, false
	}
	defer fs.Close()
	r, err := fs.OpenRead(ctx, resultName(dir, i))
	if err != nil {
		return res, false
	}
	defer r.Close()
	data, err := io.ReadAll(r)
	if err != nil || json.Unmarshal(data, &res) != nil || res.Index != i {
		return ShardResult{}, false
	}
	return res, true
}

// Pipeline is the pipeline of plan's shards (some of them): each shard
// an element, reshuffled so that the runner may give them to different
// bundles and workers, each computed by shardFn.
func Pipeline(plan *Plan, shards []Shard, outDir string) *beam.Pipeline {
	p, s := beam.NewPipelineWithRoot()
	ship := *plan
	ship.Shards = nil // (the elements)
	col := beam.CreateList(s, shards)
	col = beam.Reshuffle(s, col)
	done := beam.ParDo(s, &shardFn{Plan: &ship, OutDir: outDir}, col)
	beam.ParDo0(s, doneShard, beam.Reshuffle(s, done))
	return p
}

// Options say where a sweep runs.
type Options struct {
	// Runner is "prism" (Beam's Prism runner, in this process, its
	// workers in this process too) or "universal" (a job server at
	// Endpoint: Prism run as its own process, Flink's, Spark's).
	Runner   string
	Endpoint string
	// Environment is where a universal runner's workers run: "loopback"
	// (in this process), "external" (worker pools at EnvironmentConfig,
	// HOST:PORT, several separated by commas: a job for each pool, the
	// shards dealt out among them), "process" (EnvironmentConfig is the
	// command the job server starts; this program by default) or
	// "docker" (EnvironmentConfig is the image; Beam's Go SDK image by
	// default).
	Environment, EnvironmentConfig string
	// OutDir is where the workers write the shards' results and the
	// driver reads them: a directory both can reach (a local directory
	// for workers on this machine; gs://... for Dataflow).
	OutDir string
	// Retries is how many more times the shards of a failed job are run.
	Retries int
}

// jobTargets are the environment configurations of the jobs to run:
// one, or one per worker pool.
func (o Options) jobTargets() []string {
	if o.Runner == "universal" && strings.EqualFold(o.Environment, "external") {
		var out []string
		for _, a := range strings.Split(o.EnvironmentConfig, ",") {
			if a = strings.TrimSpace(a); a != "" {
				out = append(out, a)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return []string{o.EnvironmentConfig}
}

// runJobs runs the shards as one job per target (dealt out in turn),
// at once, and returns the jobs' errors.
func runJobs(ctx context.Context, plan *Plan, shards []Shard, o Options) []error {
	targets := o.jobTargets()
	parts := make([][]Shard, len(targets))
	for i, sh := range shards {
		parts[i%len(targets)] = append(parts[i%len(targets)], sh)
	}
	var mu sync.Mutex
	var errs []error
	var wg sync.WaitGroup
	for i, part := range parts {
		if len(part) == 0 {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := runJob(ctx, Pipeline(plan, part, o.OutDir), o, targets[i]); err != nil {
				mu.Lock()
				errs = append(errs, err)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return errs
}

// prismMu serializes the start of in-process Prism jobs (prism.Execute
// sets Beam's global endpoint on its first call).
var prismMu sync.Mutex

// runJob runs one pipeline to its end.
func runJob(ctx context.Context, p *beam.Pipeline, o Options, envConfig string) error {
	if o.Runner == "prism" || o.Runner == "" {
		prismMu.Lock()
		if *jobopts.EnvironmentType == "" {
			*jobopts.EnvironmentType = "loopback"
		}
		prismMu.Unlock()
		_, err := prism.Execute(ctx, p)
		return err
	}
	return execute(ctx, p, o, envConfig)
}

// execute submits p to the job server at o.Endpoint with its own
// environment (what universal.Execute does with Beam's global flags, so
// that jobs at once may have different worker pools).
func execute(ctx context.Context, p *beam.Pipeline, o Options, envConfig string) error {
	edges, _, err := p.Build()
	if err != nil {
		return err
	}
	env := strings.ToLower(o.Environment)
	urn := map[string]string{"loopback": graphx.URNEnvExternal, "external": graphx.URNEnvExternal, "process": graphx.URNEnvProcess, "docker": graphx.URNEnvDocker}[env]
	if urn == "" {
		return fmt.Errorf("unknown environment %q: use loopback, external, process or docker", o.Environment)
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	worker := self
	switch env {
	case "loopback":
		srv, err := extworker.StartLoopback(ctx, 0)
		if err != nil {
			return err
		}
		defer srv.Stop(ctx)
		envConfig = srv.EnvironmentConfig(ctx)
	case "process":
		if envConfig == "" {
			envConfig = self
		}
		if !strings.HasPrefix(strings.TrimSpace(envConfig), "{") {
			b, _ := json.Marshal(map[string]string{"command": envConfig})
			envConfig = string(b)
		}
	case "docker":
		if envConfig == "" {
			envConfig = "apache/beam_go_sdk:2.77.0"
		}
	}
	environment, err := graphx.CreateEnvironment(ctx, urn, func(context.Context) string { return envConfig })
	if err != nil {
		return err
	}
	pipe, err := graphx.Marshal(edges, &graphx.Options{Environment: environment})
	if err != nil {
		return err
	}
	opt := &runnerlib.JobOptions{Name: "grundy-cluster", Worker: worker, Parallelism: -1, Loopback: env == "loopback"}
	_, err = runnerlib.Execute(ctx, pipe, o.Endpoint, opt, false)
	return err
}
