package kernel

import "github.com/grundy-lang/grundy/internal/engine"

// SeqSG is Seq for the SG search with int parameters: it numbers
// the alternatives (gen.alt), and a resumed run starts at the one it
// stopped in (gen.skipAlt).
func SeqSG(gens []func(fr *engine.Frame)) func(fr *engine.Frame) {
	if len(gens) == 1 {
		return gens[0]
	}
	return func(fr *engine.Frame) {
		gn := fr.Gen
		i := int32(0)
		if gn.Skip {
			i = gn.SkipAlt
		}
		for ; i < int32(len(gens)); i++ {
			gn.Alt = i
			gens[i](fr)
			if fr.Stop {
				return
			}
		}
	}
}

// Seq runs the generators of a rule's alternatives in order, until one
// stops the frame.
func Seq(gens []func(fr *engine.Frame)) func(fr *engine.Frame) {
	if len(gens) == 1 {
		return gens[0]
	}
	return func(fr *engine.Frame) {
		for _, g := range gens {
			g(fr)
			if fr.Stop {
				return
			}
		}
	}
}
