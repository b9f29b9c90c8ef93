package eval

import "github.com/grundy-lang/grundy/internal/engine"

// Passes lists every pass, one bit each, in order.
func Passes() []engine.Pass {
	var ps []engine.Pass
	for i := range engine.PassNames {
		ps = append(ps, engine.Pass(1)<<i)
	}
	return ps
}
