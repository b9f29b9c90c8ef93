package grundy_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"image/png"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy"
)

// TestPlot: Interpreter.Plot draws in the interpreter's scope, PNG or
// SVG of the size asked; its errors are *Error values pointing into the
// plot's text, and nothing is written after one.
func TestPlot(t *testing.T) {
	in := grundy.New(grundy.Config{Limits: grundy.Limits{MaxStates: 5000}})
	mustLoad(t, in, "game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n\n")
	var buf bytes.Buffer
	if err := in.Plot(bg, &buf, "sg(sub(n)) for n in 0 .. 100", grundy.PlotOptions{}); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil || img.Bounds().Dx() != 800 || img.Bounds().Dy() != 450 {
		t.Fatalf("PNG: %v %v", err, img.Bounds())
	}
	buf.Reset()
	if err := in.Plot(bg, &buf, "sg(sub(x) + sub(y)) for x in 0 .. 20 for y in 0 .. 20", grundy.PlotOptions{Format: "svg", Width: 400, Height: 400}); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		XMLName xml.Name
		Width   string `xml:"width,attr"`
	}
	if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil || doc.XMLName.Local != "svg" || doc.Width != "300pt" {
		t.Fatalf("SVG: %v %+v", err, doc)
	}

	buf.Reset()
	err = in.Plot(bg, &buf, "outcome(sub(n)) for n in 0 .. 3", grundy.PlotOptions{})
	e := asError(t, err, grundy.RuntimeError)
	checkPos(t, e, "<plot>", 1, 1)
	if e.Snippet != "    outcome(sub(n)) for n in 0 .. 3\n    ^" || buf.Len() != 0 {
		t.Errorf("snippet %q, %d bytes written", e.Snippet, buf.Len())
	}
	checkPos(t, asError(t, in.Plot(bg, &buf, "sg(sub(n) for n in 0 .. 3", grundy.PlotOptions{}), grundy.SyntaxError), "<plot>", 1, 11)
	checkPos(t, asError(t, in.Plot(bg, &buf, "sg(nope(n)) for n in 0 .. 3", grundy.PlotOptions{}), grundy.ResolveError), "<plot>", 1, 4)
	asError(t, in.Plot(bg, &buf, "sg(sub(n)) for n in 0 .. 100000", grundy.PlotOptions{}), grundy.LimitError)
	ctx, cancel := context.WithCancel(bg)
	cancel()
	asError(t, in.Plot(ctx, &buf, "sg(sub(n)) for n in 0 .. 10", grundy.PlotOptions{}), grundy.Canceled)
	if err := in.Plot(bg, &buf, "n for n in 0 .. 3", grundy.PlotOptions{Format: "gif"}); err == nil || !strings.Contains(err.Error(), "png or svg") {
		t.Errorf("bad format: %v", err)
	}
	if buf.Len() != 0 {
		t.Errorf("%d bytes written after errors", buf.Len())
	}
	// The interpreter is still usable.
	if v := mustEval(t, in, "sg(sub(8))"); v.String() != "1" {
		t.Errorf("sg(sub(8)) = %s", v)
	}
}

// TestPlotShadowedSG: a def of the loaded code named sg is a function like
// any other: its values are plotted, with no period marked.
func TestPlotShadowedSG(t *testing.T) {
	in := grundy.New(grundy.Config{})
	p, err := in.NewPlot(bg, "<plot>", "sg(kayles(n)) for n in 0 .. 100")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(p.Summary(), "; period 12 from n = 71 (proved)") {
		t.Errorf("the built-in sg: %q", p.Summary())
	}
	mustLoad(t, in, "def sg(g) = if outcome(g) == \"P\" then 0 else 1\n")
	p, err = in.NewPlot(bg, "<plot>", "sg(kayles(n)) for n in 0 .. 100")
	if err != nil {
		t.Fatal(err)
	}
	if p.Summary() != "101 values of sg(kayles(n)) for n in 0 .. 100" {
		t.Errorf("the def sg: %q", p.Summary())
	}
}
