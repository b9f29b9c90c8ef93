// highlight.js colours grundy code with the TextMate grammar of package
// editors (/grundy.tmLanguage.json), the one editors use. It implements
// the part of the format that grammar uses (the grammar's tests check
// that): a repository of rules, patterns that include a rule or match a
// regular expression on one line, with a scope name or named captures.
// As in TextMate, at each point of a line the pattern whose match starts
// first wins, and of two starting at the same place the one listed first.

// compile turns a grammar (parsed JSON) into a highlighter:
// {html(text)}, the text as HTML, one <span class="line"> per line, each
// token in a <span> whose classes name its scope (see classes).
export function compile(grammar) {
  const rules = [];
  const seen = new Set();
  const add = (patterns) => {
    for (const p of patterns) {
      if (p.include) {
        const name = p.include.replace(/^#/, "");
        if (seen.has(name)) continue;
        seen.add(name);
        add(grammar.repository[name].patterns);
      } else {
        rules.push({
          re: new RegExp(p.match, "dgu"),
          name: p.name || "",
          captures: p.captures || null,
        });
      }
    }
  };
  add(grammar.patterns);
  return {
    tokens: (line) => tokenize(rules, line),
    html: (text) => text.split("\n").map((line) =>
      '<span class="line">' + tokenize(rules, line).map(tokenHTML).join("") + "\n</span>").join(""),
  };
}

// tokenize splits a line into [{text, scope}].
function tokenize(rules, line) {
  const out = [];
  let pos = 0;
  while (pos < line.length) {
    let best = null;
    let rule = null;
    for (const r of rules) {
      r.re.lastIndex = pos;
      const m = r.re.exec(line);
      if (m && (best === null || m.index < best.index)) {
        best = m;
        rule = r;
        if (m.index === pos) break;
      }
    }
    if (best === null) {
      out.push({ text: line.slice(pos), scope: "" });
      break;
    }
    if (best.index > pos) out.push({ text: line.slice(pos, best.index), scope: "" });
    const end = best.index + best[0].length;
    if (rule.captures) {
      // Captured groups get their names; the rest of the match, the
      // rule's name (if any).
      const groups = Object.keys(rule.captures).map(Number)
        .filter((g) => best.indices[g])
        .map((g) => ({ start: best.indices[g][0], end: best.indices[g][1], scope: rule.captures[g].name }))
        .sort((a, b) => a.start - b.start);
      let at = best.index;
      for (const g of groups) {
        if (g.start < at) continue;
        if (g.start > at) out.push({ text: line.slice(at, g.start), scope: rule.name });
        out.push({ text: line.slice(g.start, g.end), scope: g.scope });
        at = g.end;
      }
      if (at < end) out.push({ text: line.slice(at, end), scope: rule.name });
    } else {
      out.push({ text: best[0], scope: rule.name });
    }
    pos = end > pos ? end : pos + 1;
    if (end <= best.index) {
      // An empty match: move on by one character.
      out.push({ text: line.slice(best.index, pos), scope: "" });
    }
  }
  return out;
}

// classes turns a scope into CSS classes, one per prefix:
// "keyword.operator.word.grundy" -> "t-keyword t-keyword-operator
// t-keyword-operator-word".
export function classes(scope) {
  const parts = scope.replace(/\.grundy$/, "").split(".");
  const out = [];
  for (let i = 1; i <= parts.length; i++) out.push("t-" + parts.slice(0, i).join("-"));
  return out.join(" ");
}

export function escapeHTML(s) {
  return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
}

function tokenHTML(t) {
  if (!t.scope) return escapeHTML(t.text);
  return '<span class="' + classes(t.scope) + '">' + escapeHTML(t.text) + "</span>";
}
