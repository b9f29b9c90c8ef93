package spelling

import (
	"math/rand/v2"
	"os"
	"testing"
	"time"
)

func TestSmokeFamilies(t *testing.T) {
	if os.Getenv("SMOKE") == "" {
		t.Skip()
	}
	for _, s := range corpus(t) {
		src := s.src
		if s.workload {
			src = withN(src, 6)
		}
		want := run(s.name, src, s.stdin, time.Minute)
		for _, fam := range Families {
			for i := range 3 {
				f := parseOK(t, s.name, src)
				r := rand.New(rand.NewPCG(uint64(i), 7))
				if !fam.Apply(r, f) {
					break
				}
				text, err := printed(f)
				if err != nil {
					t.Errorf("%s %s: %v\n%s", s.name, fam.Name, err, text)
					continue
				}
				got := run(s.name, text, s.stdin, time.Minute)
				if got.out != want.out || (got.err == "") != (want.err == "") {
					t.Errorf("%s %s seed %d:\n%s\nwant %q %q\ngot %q %q", s.name, fam.Name, i, text, tail(want.out), want.err, tail(got.out), got.err)
				}
			}
		}
	}
}

func tail(s string) string {
	if len(s) > 300 {
		return s[:300]
	}
	return s
}
