package solve

import (
	"os"
	"strconv"
)

func init() {
	if s := os.Getenv("GRUNDY_PRUNED_AFTER"); s != "" {
		PrunedAfter, _ = strconv.ParseInt(s, 10, 64)
	}
}
