package compile

import (
	"slices"

	"github.com/grundy-lang/grundy/internal/engine"

	"github.com/grundy-lang/grundy/lang"
)

// Declared games that are take-and-break games. A game of one int whose
// every alternative is a fast loop over positions of the game itself
// (package fastpath: its for clause is the first clause) is read heap by heap
// through the loops' probes: the keys each loop would walk and its
// domain, without running it. When, for every heap, the options are those
// of a fixed take-and-break rule (take t tokens, leave one heap; or split
// the rest into two, of different sizes or not: Kayles, Dawson's Kayles,
// Grundy's game, subtraction games, written as loops), the values come
// from package takebreak, as octal(CODE)'s do. Each heap's options are
// checked against the rule before its value is used; at the first heap
// where they differ, the game goes back to the general engine from there.
// A declared game's period is observed, never proved: the theorem needs
// the rule for every heap, and only the heaps computed are checked.

// callProbe returns the probe of an alternative whose option is one
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
