package solve

import (
	"os"
	"strconv"
)

var debugPruned = os.Getenv("GRUNDY_PRUNED_DEBUG") != ""
var dbgSeen = map[uint64]int{}

func init() {
	if s := os.Getenv("GRUNDY_PRUNED_AFTER"); s != "" {
		PrunedAfter, _ = strconv.ParseInt(s, 10, 64)
	}
}
