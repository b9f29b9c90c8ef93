package plot

import (
	"io"
	"os"
	"testing"

	"gonum.org/v1/plot/font"
)

// fontsAtStart is whether gonum's font cache had the fonts when the
// tests started, before any plot was drawn.
var fontsAtStart bool

// fontsLoaded reports whether gonum's font cache has the house font.
func fontsLoaded() bool {
	return font.DefaultCache.Has(font.Font{Typeface: "Liberation", Variant: "Sans"})
}

func TestMain(m *testing.M) {
	fontsAtStart = fontsLoaded()
	os.Exit(m.Run())
}

// TestFontsParsedWhenAPlotIsDrawn: the fonts of the pictures are parsed
// when a plot is first drawn, not when the program starts (gonum's plot
// package parses twelve of them in its init: 2-3 MiB of every run).
func TestFontsParsedWhenAPlotIsDrawn(t *testing.T) {
	if fontsAtStart {
		t.Errorf("the fonts were parsed before any plot was drawn")
	}
	s := session(t, "")
	p := mustPlot(t, s, "n % 3 for n in 0 .. 10")
	for _, format := range []string{SVG, PNG} {
		if err := p.Write(io.Discard, Options{Format: format}); err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		if !fontsLoaded() {
			t.Errorf("%s: the fonts are not there after a plot was drawn", format)
		}
	}
}
