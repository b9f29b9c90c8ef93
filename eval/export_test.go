package eval

// SetOptimize turns the result-preserving optimizations (fast loops,
// inlining of defs, the ladder for deep chains, resumed runs) on or off, for tests that
// compare both ways. It returns a function that restores the settings.
func SetOptimize(on bool) (restore func()) {
	saved := optimize
	optimize.fastLoops, optimize.inline, optimize.ladder, optimize.resume, optimize.loopyOpen, optimize.fuse, optimize.cursor, optimize.sweep, optimize.symmetric = on, on, on, on, on, on, on, on, on
	return func() { optimize = saved }
}
