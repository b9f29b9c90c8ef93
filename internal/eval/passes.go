package eval

import "github.com/grundy-lang/grundy/internal/passes"

// Passes lists every pass, one bit each, in order.
func Passes() []passes.Pass {
	var ps []passes.Pass
	for i := range passes.Names {
		ps = append(ps, passes.Pass(1)<<i)
	}
	return ps
}
