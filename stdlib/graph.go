package stdlib

import (
	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/graph"
	"github.com/grundy-lang/grundy/internal/value"
)

var graphBuiltin = &engine.Builtin{BName: "graph", MinArgs: 1, MaxArgs: 2,
	Doc: "graph(G) or graph(G, LIMIT): the state graph reachable from game G as Graphviz DOT text (a string), breadth-first, at most LIMIT positions (default 200): each node shows its game value, SG value and outcome, filled blue for P, orange for N, grey for D; winning moves are bold arrows; when the limit cuts the graph, a note says so and dashed arrows lead to the positions not shown. Errors: G is not a game, LIMIT not an int from 1 to 100000.",
	Fn: func(c *engine.Call, a []value.Value) value.Value {
		limit := int64(graph.DefaultGraphLimit)
		if len(a) == 2 {
			limit = needInt(c, 1, a[1], "graph")
			if limit < 1 || limit > graph.MaxGraphLimit {
				c.ArgFail(1, "graph's node limit must be between 1 and %d, found %d", graph.MaxGraphLimit, limit)
			}
		}
		return value.Str(graph.DOT(c.Th, c, a[0], int(limit)))
	}}
