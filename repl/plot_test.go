package repl

import (
	"encoding/xml"
	"image/png"
	"os"
	"testing"
)

// TestPlot: :plot writes the picture to the file named, or to the first
// free plotN.png, and says what it shows; its errors point into its line.
func TestPlot(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("plot1.png", []byte("not mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	in := "game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n\n" +
		":plot sg(sub(n)) for n in 0 .. 40\n" +
		":plot k.svg sg(kayles(n)) for n in 0 .. 100\n" +
		":plot w.PNG sg(sub(x) + sub(y)) for x in 0 .. 9 for y in 0 .. 9\n" +
		":plot sg(sub(n) for n in 0 .. 3\n" +
		":plot x.png outcome(sub(n)) for n in 0 .. 3\n" +
		":plot\n" +
		":plot a.svg\n"
	out, errOut, status := drive(t, in)
	wantOut := "wrote plot2.png: 41 values of sg(sub(n)) for n in 0 .. 40; period 7 from n = 0 (observed to 40)\n" +
		"wrote k.svg: 101 values of sg(kayles(n)) for n in 0 .. 100; period 12 from n = 71 (proved)\n" +
		"wrote w.PNG: 10 x 10 values of sg(sub(x) + sub(y)) for x in 0 .. 9 for y in 0 .. 9\n"
	wantErr := "<stdin>:5:17: expected \",\" or \")\", found keyword \"for\"\n    :plot sg(sub(n) for n in 0 .. 3\n                    ^\n" +
		"<stdin>:6:13: a plot needs an int (or an infinite SG value) at each point, but n = 0 gives string \"P\"\n    :plot x.png outcome(sub(n)) for n in 0 .. 3\n                ^\n" +
		plotUse + "\n" + plotUse + "\n"
	if out != wantOut || errOut != wantErr || status != 1 {
		t.Errorf("stdout:\n%s\nwant:\n%s\nstderr:\n%s\nwant:\n%s\nstatus %d", out, wantOut, errOut, wantErr, status)
	}
	if b, _ := os.ReadFile("plot1.png"); string(b) != "not mine" {
		t.Errorf("plot1.png was overwritten")
	}
	for _, f := range []string{"plot2.png", "w.PNG"} {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(fh); err != nil {
			t.Errorf("%s: %v", f, err)
		}
		fh.Close()
	}
	b, err := os.ReadFile("k.svg")
	var doc struct{ XMLName xml.Name }
	if err != nil || xml.Unmarshal(b, &doc) != nil || doc.XMLName.Local != "svg" {
		t.Errorf("k.svg: %v %v", err, doc.XMLName)
	}
	if _, err := os.Stat("x.png"); err == nil {
		t.Errorf("x.png written after an error")
	}
}
