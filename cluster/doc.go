// Package cluster computes the table that grundy table computes as an
// Apache Beam pipeline (the Go SDK): the rows of the table's for clause,
// a range A .. B, split in contiguous shards, each shard computed in
// order by a worker holding one Interpreter over the script (whose text
// travels inside the pipeline), the rows written in order in the formats
// of grundy table (grundy.TableWriter). A row that fails, or runs past
// the row timeout, is reported in its place and the others go on.
//
// It owns the plan of a sweep (Plan: the range's ends, the shards, each
// row's own table), the workers' computation (Worker, shardFn), the
// pipeline and its runs (Prism in this process, or a job server:
// Options), the results and their order (Report), and the worker
// processes that runners start (Boot, WorkerPool). It is a module of its
// own, so that the grundy module never depends on Beam; it uses only
// the grundy module's public packages. docs/cluster.md says how to run
// it.
package cluster
