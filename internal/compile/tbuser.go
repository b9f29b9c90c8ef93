package compile

import (
	"slices"

	"github.com/grundy-lang/grundy/internal/engine"

	"github.com/grundy-lang/grundy/lang"
)

// callProbe returns the probe (package fastpath, gen.go: declared games
// that are take-and-break games) of an alternative whose option is one
// position of a game with one int argument (sgCall1's shape), its
// clauses run by loops: the arguments of its options, as a domain of
// elements (the probe of a rule that asks for no game's value only: it
// runs the clauses).
func (sg *SGGen) callProbe(body lang.Expr, loops func(func(fr *engine.Frame)) func(fr *engine.Frame)) engine.ProbeFunc {
	call := body.(*lang.Call)
	b := sg.c.GameCallee(call)
	f := sg.c.Ints.IntExpr(call.Args[0])
	if b == nil || f == nil {
		return nil
	}
	a0 := sg.c.Ints.OperandOf(call.Args[0], f)
	var args []int64
	run := loops(func(fr *engine.Frame) { args = append(args, a0.Eval(fr)) })
	return func(fr *engine.Frame, each engine.ProbeRun) bool {
		args = args[:0]
		run(fr)
		slices.Sort(args)
		st := engine.FastState{Nt: 1}
		st.Games[0], st.Steps[0] = b.Game, 1
		return len(args) == 0 || each(st, 0, 0, args)
	}
}
