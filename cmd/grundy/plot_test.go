package main

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const plotScript = `game g(n) moves g(n - 1) if n > 0 | g(n - 2) if n > 1
game bad(n) moves bad(n - 1) if 10 / (n - 3) > 0
print "hello from the script"
`

// pngSize decodes a PNG and returns its size.
func pngSize(t *testing.T, what string, data []byte) (int, int) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: not a PNG: %v", what, err)
	}
	return img.Bounds().Dx(), img.Bounds().Dy()
}

// svgRoot parses an SVG document and returns its root's width and height.
func svgRoot(t *testing.T, what string, data string) (string, string) {
	t.Helper()
	var doc struct {
		XMLName xml.Name
		Width   string `xml:"width,attr"`
		Height  string `xml:"height,attr"`
	}
	if err := xml.Unmarshal([]byte(data), &doc); err != nil || doc.XMLName.Local != "svg" {
		t.Fatalf("%s: not SVG: %v %q", what, err, doc.XMLName.Local)
	}
	return doc.Width, doc.Height
}

func TestPlot(t *testing.T) {
	p := script(t, "g.game", plotScript)
	dir := t.TempDir()
	// -o FILE.png: a PNG of the default size, nothing on stdout, the
	// script's output on stderr.
	out := filepath.Join(dir, "g.png")
	check(t, "-o png", runCLI(t, "", "plot", p, "sg(g(n)) for n in 0 .. 50", "-o", out), result{0, "", "hello from the script\n"})
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if w, h := pngSize(t, "-o png", data); w != 800 || h != 450 {
		t.Errorf("-o png: %dx%d, want 800x450", w, h)
	}
	// A heat map, --size.
	check(t, "heat map", runCLI(t, "", "plot", p, "sg(g(x) + g(y)) for x in 0 .. 9 for y in 0 .. 9", "--size", "500x400", "-o", out), result{0, "", "hello from the script\n"})
	data, _ = os.ReadFile(out)
	if w, h := pngSize(t, "heat map", data); w != 500 || h != 400 {
		t.Errorf("heat map: %dx%d, want 500x400", w, h)
	}
	// PNG on standard output when it is not a terminal.
	code, stdout, _ := cli(t, "", "plot", p, "sg(g(n)) for n in 0 .. 5", "--size=300x200")
	if w, h := pngSize(t, "png stdout", []byte(stdout)); code != 0 || w != 300 || h != 200 {
		t.Errorf("png stdout: %d %dx%d", code, w, h)
	}
	// SVG: chosen by --format or by -o's extension.
	code, stdout, _ = cli(t, "", "plot", "--format", "svg", p, "sg(g(n)) for n in 0 .. 5")
	if w, h := svgRoot(t, "--format svg", stdout); code != 0 || w != "600pt" || h != "337.5pt" {
		t.Errorf("--format svg: %d %s x %s", code, w, h)
	}
	svg := filepath.Join(dir, "g.SVG")
	check(t, "-o svg", runCLI(t, "", "plot", p, "sg(g(n)) for n in 0 .. 5", "-o", svg), result{0, "", "hello from the script\n"})
	data, _ = os.ReadFile(svg)
	if w, h := svgRoot(t, "-o svg", string(data)); w != "600pt" || h != "337.5pt" {
		t.Errorf("-o svg: %s x %s", w, h)
	}
	// --format wins over the extension.
	check(t, "--format png -o x.svg", runCLI(t, "", "plot", p, "sg(g(n)) for n in 0 .. 5", "--format", "png", "-o", svg), result{0, "", "hello from the script\n"})
	data, _ = os.ReadFile(svg)
	pngSize(t, "--format png -o x.svg", data)
	// --stats.
	code, _, errOut := cli(t, "", "plot", p, "sg(g(n)) for n in 0 .. 5", "-o", out, "--stats")
	if code != 0 || !strings.Contains(errOut, "states visited") {
		t.Errorf("--stats: %d %q", code, errOut)
	}
}

func TestPlotErrors(t *testing.T) {
	p := script(t, "g.game", plotScript)
	const hello = "hello from the script\n"
	for _, c := range []struct {
		name string
		args []string
		want result
	}{
		{"syntax error in EXPR", []string{p, "sg(g(n) for n in 0 .. 3"}, result{2, "", hello + "<expr>:1:9: expected \",\" or \")\", found keyword \"for\"\n    sg(g(n) for n in 0 .. 3\n            ^\n"}},
		{"no for", []string{p, "sg(g(3))"}, result{2, "", hello + "<expr>:1:9: expected \"for\" after the table's expression (a table is EXPR for NAME in EXPR), found end of input\n    sg(g(3))\n            ^\n"}},
		{"unknown name", []string{p, "sg(h(n)) for n in 0 .. 3"}, result{1, "", hello + "<expr>:1:4: unknown name \"h\"\n    sg(h(n)) for n in 0 .. 3\n       ^\n"}},
		{"not an int", []string{p, "outcome(g(n)) for n in 0 .. 3"}, result{1, "", hello + "<expr>:1:1: a plot needs an int (or an infinite SG value) at each point, but n = 0 gives string \"P\"\n    outcome(g(n)) for n in 0 .. 3\n    ^\n"}},
		{"label not an int", []string{p, "0 for n in [\"a\"]"}, result{1, "", hello + "<expr>:1:12: a plot needs int values of n (its coordinates), found string \"a\"\n    0 for n in [\"a\"]\n               ^\n"}},
		{"bad format", []string{p, "n for n in 0 .. 1", "--format", "pdf"}, result{2, "", "grundy plot: unknown plot format \"pdf\": use png or svg\n"}},
		{"bad size", []string{p, "n for n in 0 .. 1", "--size", "800"}, result{2, "", "grundy plot: --size must be WIDTHxHEIGHT in pixels, such as 800x450, not \"800\"\n"}},
		{"size too small", []string{p, "n for n in 0 .. 1", "--size", "800x10"}, result{2, "", "grundy plot: a plot's width and height must be between 200 and 10000 pixels, not 800 x 10\n"}},
		{"no plot", []string{p}, result{2, "", "grundy plot: needs a FILE and a plot, as in grundy plot game.game 'sg(g(n)) for n in 0 .. 100' (see grundy plot --help)\n"}},
		{"unknown flag", []string{p, "n for n in 0 .. 1", "--bogus"}, result{2, "", "grundy plot: flag provided but not defined: -bogus\n(see grundy plot --help)\n"}},
		{"bad limit", []string{p, "n for n in 0 .. 1", "--max-states", "-1"}, result{2, "", "grundy plot: --max-states must be a positive number of positions, not -1\n"}},
		{"empty -o", []string{p, "n for n in 0 .. 1", "-o", ""}, result{2, "", "grundy plot: -o needs a file name\n"}},
		{"missing FILE", []string{"/nonexistent/x.game", "n for n in 0 .. 1"}, result{2, "", "grundy: cannot read /nonexistent/x.game: no such file or directory\n"}},
		{"unwritable -o", []string{p, "n for n in 0 .. 1", "-o", "/nonexistent/x.png"}, result{1, "", hello + "grundy plot: cannot write /nonexistent/x.png: no such file or directory\n"}},
	} {
		check(t, c.name, runCLI(t, "", append([]string{"plot"}, c.args...)...), c.want)
	}
	// An error inside FILE's game, met while plotting, shows FILE's line
	// and the call site in the plot's text.
	code, out, errOut := cli(t, "", "plot", p, "sg(bad(n)) for n in 0 .. 5")
	if code != 1 || out != "" || !strings.HasPrefix(errOut, hello+p+":2:36: division by zero\n    game bad(n) moves bad(n - 1) if 10 / (n - 3) > 0\n") || !strings.Contains(errOut, "called from <expr>:1:1") {
		t.Errorf("error in FILE: %d %q %q", code, out, errOut)
	}
	// A limit reached.
	code, _, errOut = cli(t, "", "plot", p, "sg(g(n)) for n in 0 .. 5000", "--max-states", "100")
	if code != 1 || !strings.Contains(errOut, "state limit reached") {
		t.Errorf("limit: %d %q", code, errOut)
	}
}
