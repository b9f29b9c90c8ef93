package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/grundy-lang/grundy"
	"github.com/grundy-lang/grundy/lang"
)

// tableName is the file name of the table text in error messages.
const tableName = "<table>"

// tableFormats are the output formats of grundy table.
var tableFormats = []string{"text", "csv", "json", "bfile"}

// tableCmd runs grundy table FILE 'EXPR for n in A .. B' [--format F]:
// FILE runs first (its print output goes to standard error), then the
// table is computed in FILE's scope and written to standard output.
func tableCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("grundy table", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var cfg config
	format := "text"
	fs.StringVar(&format, "format", "text", "")
	addLimitFlags(fs, &cfg)
	const use = "usage: grundy table FILE 'EXPR for n in A .. B' [--format text|csv|json|bfile]"
	if err := parseFlags(fs, args); err != nil {
		fmt.Fprintf(stderr, "grundy table: %v\n%s\n", err, use)
		return 2
	}
	if msg := checkLimitFlags(&cfg); msg != "" {
		fmt.Fprintf(stderr, "grundy table: %s\n", msg)
		return 2
	}
	known := false
	for _, f := range tableFormats {
		known = known || f == format
	}
	if !known {
		fmt.Fprintf(stderr, "grundy table: unknown format %q: use text, csv, json or bfile\n", format)
		return 2
	}
	rest := fs.Args()
	if len(rest) != 2 {
		fmt.Fprintf(stderr, "grundy table: expected a FILE and a table, got %d argument%s\n%s\n", len(rest), plural(len(rest)), use)
		return 2
	}
	file, spec := rest[0], rest[1]
	src, code := loadScript(stderr, file, cfg.memBytes)
	if code != 0 {
		return code
	}
	texts := map[string]string{file: src, tableName: spec}
	st, err := lang.ParseTable(tableName, spec)
	if err != nil {
		return reportIn(stderr, texts, err)
	}
	if format == "bfile" && len(st.Fors()) != 1 {
		fmt.Fprintf(stderr, "grundy table: --format bfile needs a table with one for clause (it writes \"n a(n)\" lines); this one has %d\n", len(st.Fors()))
		return 2
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	t, code := runInScope(ctx, cfg, file, tableName, texts, stdin, stderr, (*grundy.Interpreter).Table)
	if code != 0 {
		return code
	}
	var out string
	switch format {
	case "text":
		out = t.Text()
	case "csv":
		out = tableCSV(t)
	case "json":
		out = tableJSON(t)
	case "bfile":
		out, err = tableBFile(t, st)
		if err != nil {
			return reportIn(stderr, texts, err)
		}
	}
	if _, err := io.WriteString(stdout, out); err != nil {
		fmt.Fprintf(stderr, "grundy: writing the table: %v\n", err)
		return 1
	}
	return 0
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// cellText is a value as the csv format writes it ("" for a blank cell).
func cellText(v grundy.Value) string {
	if v.Kind() == grundy.NoneKind {
		return ""
	}
	return v.String()
}

// valueKey is the name of the value column of a one-for table: "value",
// with underscores added if the row variable has that name.
func valueKey(t *grundy.Table) string {
	k := "value"
	for k == t.RowVar {
		k += "_"
	}
	return k
}

// tableCSV writes the table as RFC 4180 CSV with a header row: "n,value"
// for one for clause; for a grid the corner "x\y" and the column labels.
func tableCSV(t *grundy.Table) string {
	var b strings.Builder
	w := csv.NewWriter(&b)
	header := []string{t.RowVar, valueKey(t)}
	if t.Grid() {
		header = []string{t.RowVar + `\` + t.ColVar}
		for _, c := range t.Cols {
			header = append(header, c.String())
		}
	}
	w.Write(header)
	for i, r := range t.Rows {
		rec := []string{r.String()}
		for _, v := range t.Cells[i] {
			rec = append(rec, cellText(v))
		}
		w.Write(rec)
	}
	w.Flush()
	return b.String()
}

// jsonValue encodes a value: an int as a number, a blank cell as null,
// anything else as the string print shows.
func jsonValue(v grundy.Value) string {
	if v.Kind() == grundy.NoneKind {
		return "null"
	}
	if n, ok := v.Int(); ok {
		return strconv.FormatInt(n, 10)
	}
	return jsonString(v.String())
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func jsonList(vs []grundy.Value) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = jsonValue(v)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// tableJSON writes one for clause as an array of objects
// [{"n": 0, "value": 0}, ...], one per line; a grid as an object
// {"row": "x", "column": "y", "rows": [...], "columns": [...],
// "cells": [[...], ...]} with null for a blank cell.
func tableJSON(t *grundy.Table) string {
	var b strings.Builder
	if !t.Grid() {
		if len(t.Rows) == 0 {
			return "[]\n"
		}
		rk, vk := jsonString(t.RowVar), jsonString(valueKey(t))
		b.WriteString("[\n")
		for i, r := range t.Rows {
			fmt.Fprintf(&b, "  {%s: %s, %s: %s}", rk, jsonValue(r), vk, jsonValue(t.Cells[i][0]))
			if i < len(t.Rows)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString("]\n")
		return b.String()
	}
	fmt.Fprintf(&b, "{\n  \"row\": %s,\n  \"column\": %s,\n", jsonString(t.RowVar), jsonString(t.ColVar))
	fmt.Fprintf(&b, "  \"rows\": %s,\n  \"columns\": %s,\n  \"cells\": [", jsonList(t.Rows), jsonList(t.Cols))
	for i, row := range t.Cells {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    " + jsonList(row))
	}
	if len(t.Cells) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("]\n}\n")
	return b.String()
}

// tableBFile writes the OEIS b-file format: a line "n a(n)" per row; the
// labels and the values must be ints.
func tableBFile(t *grundy.Table, st *lang.TableStmt) (string, error) {
	var b strings.Builder
	for i, r := range t.Rows {
		v := t.Cells[i][0]
		n, ok := r.Int()
		if !ok {
			return "", runtimeError(lang.Start(st.Fors()[0].Iter), "--format bfile needs int values of %s, found %s %s", t.RowVar, r.TypeName(), r.Repr())
		}
		a, ok := v.Int()
		if !ok {
			return "", runtimeError(lang.Start(st.Body), "--format bfile needs an int value in each row, but %s = %s gives %s %s", t.RowVar, r.String(), v.TypeName(), v.Repr())
		}
		fmt.Fprintf(&b, "%d %d\n", n, a)
	}
	return b.String(), nil
}

// runtimeError is a runtime error at pos, as grundy words its own: the
// text of each value it quotes cut after maxShown bytes.
func runtimeError(pos lang.Pos, format string, args ...any) error {
	for i, a := range args {
		if s, ok := a.(string); ok && len(s) > maxShown {
			cut := maxShown
			for cut > 0 && !utf8.RuneStart(s[cut]) {
				cut--
			}
			args[i] = s[:cut] + "..."
		}
	}
	return &grundy.Error{Kind: grundy.RuntimeError, File: pos.Filename, Line: pos.Line, Column: pos.Column, Msg: fmt.Sprintf(format, args...)}
}

// maxShown bounds a value's text in an error message, as the
// interpreter's own messages bound it.
const maxShown = 200
