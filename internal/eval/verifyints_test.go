package eval

import "github.com/grundy-lang/grundy/internal/compile"

// Every test of package eval checks the int analysis (package resolve's
// Arith.IntTyped) against what the int generator compiles: a
// disagreement panics.
func init() { compile.VerifyInts = true }
