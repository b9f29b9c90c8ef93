// Package testenv owns how much the tests run. By default `go test ./...`
// is the fast suite: every area still runs, with a representative number
// of cases. With GRUNDY_LONG_TESTS=1 in the environment the long tests
// run too, and the property and differential tests run their full numbers
// of cases:
//
//	GRUNDY_LONG_TESTS=1 go test ./...
//
// (.ci/run runs the fast suite, and of the long suite only
// `GRUNDY_LONG_TESTS=1 go test -run 'TestOptDiffRandom|TestBoardSpellings'
// ./internal/eval/`.)
package testenv

import (
	"os"
	"testing"
)

// Var is the environment variable that turns on the long tests.
const Var = "GRUNDY_LONG_TESTS"

// IsLong reports whether the long tests run: Var is set to anything but
// "" or "0".
func IsLong() bool {
	v := os.Getenv(Var)
	return v != "" && v != "0"
}

// Long skips t unless the long tests run, saying how to run it.
func Long(t testing.TB) {
	t.Helper()
	if !IsLong() {
		t.Skipf("a long test: run it with %s=1 go test ...", Var)
	}
}

// Scale is n, or long when the long tests run: the number of iterations
// or cases of a test whose fast run is a representative part of its full
// run.
func Scale(n, long int) int {
	if IsLong() {
		return long
	}
	return n
}

// Sample is every item of xs when the long tests run, and otherwise at
// most n of them spread evenly over xs, the first and the last included,
// in their order.
func Sample[T any](xs []T, n int) []T {
	if IsLong() || len(xs) <= n {
		return xs
	}
	if n <= 0 {
		return nil
	}
	if n == 1 {
		return xs[:1]
	}
	out := make([]T, 0, n)
	for i := range n {
		out = append(out, xs[i*(len(xs)-1)/(n-1)])
	}
	return out
}

// Rotate is every item of xs when the long tests run, and otherwise those
// of a share of about n of them that turns with i: the items j with
// j % s == i % s, where s is len(xs) / n rounded up. A test that runs
// cases i = 0, 1, 2, ... each with Rotate(xs, n, i) covers every item of
// xs over s consecutive cases.
func Rotate[T any](xs []T, n, i int) []T {
	if IsLong() || len(xs) <= n {
		return xs
	}
	if n <= 0 {
		return nil
	}
	s := (len(xs) + n - 1) / n
	var out []T
	for j := i % s; j < len(xs); j += s {
		out = append(out, xs[j])
	}
	return out
}
