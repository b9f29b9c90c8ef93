package grundy_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy"
)

const subGame = "game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n\ngame loop(n) moves loop(1 - n) | *1\n"

// writeTable computes spec with TableRows and writes its rows with a
// TableWriter in format.
func writeTable(t *testing.T, format, spec string) (string, error) {
	t.Helper()
	in := grundy.New(grundy.Config{})
	ctx := context.Background()
	if err := in.Load(ctx, "sub.game", subGame); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	tw, err := grundy.NewTableWriter(&b, format, "<table>", spec)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := in.TableRows(ctx, "<table>", spec, func(row, v grundy.Value) error { return tw.Row(row.Cell(), v.Cell()) }); err != nil {
		tw.Flush()
		return b.String(), err
	}
	if err := tw.End(); err != nil {
		t.Fatal(err)
	}
	return b.String(), nil
}

// The formats of spec.md section 20.2.
func TestTableWriterFormats(t *testing.T) {
	for _, c := range []struct{ format, spec, want string }{
		{"csv", "sg(sub(n)) for n in 0 .. 4", "n,value\n0,0\n1,1\n2,0\n3,1\n4,2\n"},
		{"json", "outcome(sub(n)) for n in 0 .. 2", "[\n  {\"n\": 0, \"value\": \"P\"},\n  {\"n\": 1, \"value\": \"N\"},\n  {\"n\": 2, \"value\": \"P\"}\n]\n"},
		{"bfile", "sg(sub(n)) for n in 0 .. 3", "0 0\n1 1\n2 0\n3 1\n"},
		{"csv", "value for value in 1 .. 2", "value,value_\n1,1\n2,2\n"},
		{"csv", "n for n in 1 .. 0", "n,value\n"},
		{"json", "n for n in 1 .. 0", "[]\n"},
		{"bfile", "n for n in 1 .. 0", ""},
		{"text", "n for n in 1 .. 0", "n  n\n"},
		{"csv", `"a,b" for n in 1 .. 1`, "n,value\n1,\"a,b\"\n"},
	} {
		got, err := writeTable(t, c.format, c.spec)
		if err != nil || got != c.want {
			t.Errorf("%s %q: got %q, %v; want %q", c.format, c.spec, got, err, c.want)
		}
	}
}

// The text format is Table.TextWithHeader's, for values of any kind.
func TestTableWriterText(t *testing.T) {
	for _, spec := range []string{
		"sg(sub(n)) for n in 0 .. 12",
		"outcome(sub(n)) for n in 5 .. 9 if n != 7",
		"[s for s in {1, 3, 4} if s <= n and sg(sub(n - s)) == 0] for n in 8 .. 11",
		"sg(g) for g in [loop(0), sub(4), loop(0) + *1]",
		`"é" * n for n in 0 .. 3`,
		"if n == 2 then remoteness(loop(0)) else n for n in 0 .. 3",
	} {
		in := grundy.New(grundy.Config{})
		if err := in.Load(context.Background(), "sub.game", subGame); err != nil {
			t.Fatal(err)
		}
		tab, err := in.Table(context.Background(), "<table>", spec)
		if err != nil {
			t.Fatal(err)
		}
		got, err := writeTable(t, "text", spec)
		if want := tab.TextWithHeader(); err != nil || got != want {
			t.Errorf("%q: got\n%s(%v), want\n%s", spec, got, err, want)
		}
	}
}

// A row's error takes the row's place, in each format.
func TestTableWriterRowError(t *testing.T) {
	cell := func(n int64) grundy.TableCell { return grundy.Int(n).Cell() }
	for _, c := range []struct{ format, want string }{
		{"text", "  n  sg(n)\n  9      1\n 10  error: <table>:1:4: boom\n100     12\n"},
		{"csv", "n,value\n9,1\n10,,error: <table>:1:4: boom\n100,12\n"},
		{"json", "[\n  {\"n\": 9, \"value\": 1},\n  {\"n\": 10, \"error\": \"<table>:1:4: boom\"},\n  {\"n\": 100, \"value\": 12}\n]\n"},
		{"bfile", "9 1\n# 10 error: <table>:1:4: boom\n100 12\n"},
	} {
		var b strings.Builder
		tw, err := grundy.NewTableWriter(&b, c.format, "<table>", "sg(n) for n in 0 .. 100")
		if err != nil {
			t.Fatal(err)
		}
		tw.Row(cell(9), cell(1))
		tw.RowError(cell(10), "<table>:1:4:\nboom")
		tw.Row(cell(100), cell(12))
		if err := tw.End(); err != nil || b.String() != c.want {
			t.Errorf("%s: got %q, %v; want %q", c.format, b.String(), err, c.want)
		}
	}
	// A row variable named error keeps its name in json.
	var b strings.Builder
	tw, _ := grundy.NewTableWriter(&b, "json", "<table>", "error for error in 0 .. 1")
	tw.RowError(cell(0), "x")
	tw.End()
	if want := "[\n  {\"error\": 0, \"error_\": \"x\"}\n]\n"; b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}

// bfile needs ints, and says where.
func TestTableWriterBfileErrors(t *testing.T) {
	_, err := writeTable(t, "bfile", "outcome(sub(n)) for n in 0 .. 3")
	if want := `<table>:1:1: --format bfile needs an int value in each row, but n = 0 gives string "P"`; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	_, err = writeTable(t, "bfile", `1 for n in "ab"`)
	if want := `<table>:1:12: --format bfile needs int values of n, found string "a"`; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

func TestNewTableWriterErrors(t *testing.T) {
	for _, c := range []struct{ format, spec, want string }{
		{"xml", "n for n in 0 .. 1", `unknown table format "xml": use text, csv, json or bfile`},
		{"csv", "n for n in 0 ..", "<table>:1:16: "},
		{"csv", "n for a in 0 .. 1 for b in 0 .. 1", "a TableWriter writes a table with one for clause; this one has 2"},
	} {
		_, err := grundy.NewTableWriter(&strings.Builder{}, c.format, "<table>", c.spec)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %s", c.spec, err, c.want)
		}
	}
}

// TestTableWriterStream: a TableWriter given to TableWith (Stream)
// writes what it writes row by row with Row, on several interpreters
// too; going on from an earlier run, it writes the rows after it
// without the header.
func TestTableWriterStream(t *testing.T) {
	ctx := context.Background()
	in := grundy.New(grundy.Config{})
	if err := in.Load(ctx, "sub.game", subGame); err != nil {
		t.Fatal(err)
	}
	newWorker := func(ctx context.Context) (*grundy.Interpreter, error) {
		w := grundy.New(grundy.Config{})
		return w, w.Load(ctx, "sub.game", subGame)
	}
	// The rows go on after the 8th, labeled 8, the header not written again.
	resumed := grundy.TableProgress{Iterations: 9, Rows: 8, Last: "8"}
	for _, c := range []struct{ format, spec, eighth string }{
		{"csv", `if n % 4 == 1 then "a,\"b\"" else sg(sub(n)) for n in 0 .. 40 if n != 7`, "\n8,"},
		{"json", `if n % 4 == 1 then "a,\"b\"" else sg(sub(n)) for n in 0 .. 40 if n != 7`, "{\"n\": 8,"},
		{"bfile", "sg(sub(n)) * 10 - n for n in 0 .. 40 if n != 7", "\n8 "},
		{"bfile", `if n == 20 then "x" else n for n in 0 .. 40 if n != 7`, "\n8 "},
	} {
		want, wantErr := writeTable(t, c.format, c.spec)
		i := strings.Index(want, c.eighth)
		i += strings.IndexByte(want[i+1:], '\n') + 1
		if c.format == "json" {
			i-- // (before the comma)
		} else {
			i++ // (after the newline)
		}
		for _, from := range []grundy.TableProgress{{}, resumed} {
			var b strings.Builder
			tw, err := grundy.NewTableWriter(&b, c.format, "<table>", c.spec)
			if err != nil {
				t.Fatal(err)
			}
			o := grundy.TableOptions{Jobs: 2, NewWorker: newWorker, From: from}
			if err := tw.Stream(&o); err != nil {
				t.Fatal(err)
			}
			_, err = in.TableWith(ctx, "<table>", c.spec, o)
			if err == nil {
				err = tw.End()
			} else {
				tw.Flush()
			}
			w := want
			if from.Rows > 0 {
				w = want[i:]
			}
			if b.String() != w || fmt.Sprint(err) != fmt.Sprint(wantErr) {
				t.Errorf("%s %s from %+v: got\n%s(%v), want\n%s(%v)", c.format, c.spec, from, b.String(), err, w, wantErr)
			}
		}
	}
	var b strings.Builder
	tw, _ := grundy.NewTableWriter(&b, "text", "<table>", "n for n in 0 .. 1")
	if err := tw.Stream(&grundy.TableOptions{}); err == nil {
		t.Errorf("the text format streams")
	}
}

// TestTableWriteCSVJSON: a grid in the csv and json formats of grundy
// table; a table with one for clause as a TableWriter writes it.
func TestTableWriteCSVJSON(t *testing.T) {
	ctx := context.Background()
	in := grundy.New(grundy.Config{})
	if err := in.Load(ctx, "sub.game", subGame); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ spec, csv, json string }{
		{"a * b for a in 0 .. 2 for b in [2, 1] if a != b",
			"a\\b,2,1\n0,0,0\n1,2,\n2,,2\n",
			"{\n  \"row\": \"a\",\n  \"column\": \"b\",\n  \"rows\": [0, 1, 2],\n  \"columns\": [2, 1],\n  \"cells\": [\n    [0, 0],\n    [2, null],\n    [null, 2]\n  ]\n}\n"},
		{`"x," + str(a) for a in [1] for b in ["y"]`,
			"a\\b,y\n1,\"x,1\"\n",
			"{\n  \"row\": \"a\",\n  \"column\": \"b\",\n  \"rows\": [1],\n  \"columns\": [\"y\"],\n  \"cells\": [\n    [\"x,1\"]\n  ]\n}\n"},
		{"1 for a in [] for b in [1]", "a\\b\n", "{\n  \"row\": \"a\",\n  \"column\": \"b\",\n  \"rows\": [],\n  \"columns\": [],\n  \"cells\": []\n}\n"},
	} {
		tab, err := in.Table(ctx, "<table>", c.spec)
		if err != nil {
			t.Fatal(err)
		}
		var csv, json strings.Builder
		if err := tab.WriteCSV(&csv); err != nil || csv.String() != c.csv {
			t.Errorf("%s: csv %q (%v), want %q", c.spec, csv.String(), err, c.csv)
		}
		if err := tab.WriteJSON(&json); err != nil || json.String() != c.json {
			t.Errorf("%s: json %q (%v), want %q", c.spec, json.String(), err, c.json)
		}
	}
	for _, format := range []string{"csv", "json"} {
		const spec = `if n == 2 then "a,b" else n for n in 0 .. 5 if n != 3`
		want, _ := writeTable(t, format, spec)
		tab, err := in.Table(ctx, "<table>", spec)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if format == "csv" {
			err = tab.WriteCSV(&b)
		} else {
			err = tab.WriteJSON(&b)
		}
		if err != nil || b.String() != want {
			t.Errorf("%s of one for clause: %q (%v), want %q", format, b.String(), err, want)
		}
	}
}
