// Package spelling owns the spelling fuzzer of grundy scripts: a
// catalogue of rewrites, each turning a script into an equivalent one
// spelled another way (issue #27, item 5), and the printer that writes a
// rewritten syntax tree back as source (Print).
//
// Each family of rewrites (Families, the one registry) is a function
// that applies one rewrite at a random place of a parsed script where it
// applies, and reports whether it found one; Rewrite applies k of them,
// chosen at random. The rewrites are structural: they look at the syntax
// tree and its scopes, never at the names, numbers or layout of a
// particular script.
//
// What equivalent means. For a script whose run ends without an error,
// the rewritten script prints the same bytes and ends without an error;
// for a script whose run fails, the rewritten one fails too, after
// printing the same output. The message may differ in its position (the
// text moved) and, where two parts of one statement would both fail, in
// which failure is reported first. Each family's comment gives the
// argument from spec.md. The limits of a run (time, memory, states,
// steps, the depth of calls: a helper def adds a level) are not part of
// the meaning; nor is what a resource costs. A few families add int
// arithmetic (B + 1, C - B) or build a list a range clause would not
// (range(), sorted()): their comments state the precondition (no
// overflow there, at most 10,000,000 elements), which the scripts
// tested meet by far.
//
// The tests run every benchmark workload (internal/eval/testdata/bench) at a
// small size and every example (examples/) through random spellings
// and compare their output byte for byte with the original's
// (TestSpellings; GRUNDY_LONG_TESTS=1 runs many more).
// TestSpellingRatios (GRUNDY_SPELLING_BENCH=1) times spellings of the
// workloads at their real size against the canonical scripts: what the
// planner does not yet bring back to the fast paths.
package spelling
