package spelling

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"

)

func TestTmpDump(t *testing.T) {
	want := os.Getenv("DUMP")
	fams := families(t)
	for _, s := range corpus(t) {
		if !s.workload {
			continue
		}
		for _, fam := range fams {
			key := strings.TrimPrefix(s.name, "bench/") + ":" + fam.Name
			if !strings.Contains(","+want+",", ","+key+",") {
				continue
			}
			r := rand.New(rand.NewPCG(seedOf(s.name+"/"+fam.Name, 0), 0))
			f := parseOK(t, s.name, s.src)
			if len(RewriteWith(r, f, 1, []Family{fam})) == 0 {
				continue
			}
			text, _ := printed(f)
			os.WriteFile("/tmp/me/sp/"+strings.ReplaceAll(key, ":", "-")+".game", []byte(text), 0o644)
		}
	}
}
