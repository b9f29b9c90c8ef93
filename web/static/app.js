// app.js is the playground page: the editor, the examples menu, the runs
// (through worker.js, which runs the interpreter), the output and errors,
// and the state graph (Graphviz in the browser, vendor/viz.js).
import { compile, escapeHTML } from "./highlight.js";

const $ = (id) => document.getElementById(id);
const source = $("source");
const input = $("input");
const output = $("output");
const status = $("status");
const runButton = $("run");
const stopButton = $("stop");
const examplesMenu = $("examples");
const highlightCode = document.querySelector("#editor .highlight code");
const highlightPre = document.querySelector("#editor .highlight");
const gutter = document.querySelector("#editor .gutter");

// The state of the page.
let file = "main.game"; // the name errors show: the example's, or main.game
let errorLine = 0;      // the line of the last error in the editor, or 0
let highlighter = null;

// ---- The editor: a textarea over a highlighted copy of its text.

function render() {
  const text = source.value;
  highlightCode.innerHTML = highlighter ? highlighter.html(text) : escapeHTML(text) + "\n";
  const lines = text.split("\n").length;
  let g = "";
  for (let i = 1; i <= lines; i++) g += (i === errorLine ? '<span class="err">' + i + "</span>" : i) + "\n";
  gutter.innerHTML = g;
  if (errorLine > 0) {
    const line = highlightCode.children[errorLine - 1];
    if (line) line.classList.add("error-line");
  }
  syncScroll();
}

function syncScroll() {
  highlightPre.scrollTop = source.scrollTop;
  highlightPre.scrollLeft = source.scrollLeft;
  gutter.scrollTop = source.scrollTop;
}

source.addEventListener("input", () => {
  if (errorLine) errorLine = 0;
  render();
});
source.addEventListener("scroll", syncScroll);
document.addEventListener("keydown", (e) => {
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
    e.preventDefault();
    run();
  }
});
source.addEventListener("keydown", (e) => {
  if (e.key === "Tab" && !e.shiftKey && !e.ctrlKey && !e.altKey && !e.metaKey) {
    // Tab indents (four spaces, as the examples); Escape then Tab leaves.
    if (source.dataset.escaped) return;
    e.preventDefault();
    document.execCommand("insertText", false, "    ");
  } else if (e.key === "Escape") {
    source.dataset.escaped = "1";
  }
});
source.addEventListener("blur", () => delete source.dataset.escaped);

function setSource(text) {
  source.value = text;
  errorLine = 0;
  source.scrollTop = 0;
  render();
}

// moveTo puts the editor's caret at a line and column (from 1).
function moveTo(line, column) {
  const lines = source.value.split("\n");
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  // Columns count characters; JavaScript strings count UTF-16 units.
  offset += Array.from(lines[line - 1] || "").slice(0, Math.max(0, column - 1)).join("").length;
  source.focus();
  source.setSelectionRange(offset, offset);
  const lineHeight = parseFloat(getComputedStyle(source).lineHeight) || 20;
  const y = (line - 1) * lineHeight;
  if (y < source.scrollTop || y > source.scrollTop + source.clientHeight - 2 * lineHeight) {
    source.scrollTop = Math.max(0, y - source.clientHeight / 3);
  }
}

// ---- The interpreter, in a worker.

let module = null;   // the compiled grundy.wasm, shared by every worker
let worker = null;
let ready = false;
let nextId = 1;
let pending = null;  // {id, resolve, timer} of the request under way
let limits = null;   // as the last response gave them

const moduleLoaded = WebAssembly.compileStreaming(fetch("grundy.wasm"));

function startWorker() {
  ready = false;
  worker = new Worker("worker.js");
  worker.onmessage = (e) => {
    const m = e.data;
    if (m.ready) {
      ready = true;
      runButton.disabled = false;
      limits = m.limits;
      showLimits();
      if (!pending && /^Loading/.test(status.textContent)) setStatus("Ready");
      onReady();
    } else if (m.fatal) {
      setStatus("The interpreter could not start: " + m.fatal, "bad");
    } else if (pending && m.id === pending.id) {
      const p = pending;
      pending = null;
      clearInterval(p.timer);
      if (m.crash) {
        // The Go runtime is gone with its stack: start a fresh one.
        worker.terminate();
        startWorker();
        p.resolve({ crash: m.crash });
      } else {
        p.resolve(m.response);
      }
    }
  };
  worker.onerror = (e) => {
    e.preventDefault();
    if (pending) {
      const p = pending;
      pending = null;
      clearInterval(p.timer);
      worker.terminate();
      startWorker();
      p.resolve({ crash: e.message || "the interpreter failed" });
    }
  };
  worker.postMessage({ module });
}

moduleLoaded.then((m) => {
  module = m;
  startWorker();
}, (err) => setStatus("Could not load grundy.wasm: " + err, "bad"));

// request sends a request to the worker and resolves to its response; the
// status line counts the seconds meanwhile.
function request(req) {
  return new Promise((resolve) => {
    const id = nextId++;
    const start = performance.now();
    runButton.disabled = true;
    stopButton.hidden = false;
    const tick = () => setStatus("Running… " + Math.floor((performance.now() - start) / 1000) + " s", "busy");
    tick();
    const timer = setInterval(() => {
      tick();
      // The interpreter stops itself at its time limit; this is the
      // backstop for a worker that stopped answering.
      if (limits && performance.now() - start > (limits.seconds + 15) * 1000) stop("the interpreter did not answer within its time limit");
    }, 250);
    pending = { id, timer, resolve: (r) => {
      runButton.disabled = !ready;
      stopButton.hidden = true;
      resolve(r);
    } };
    worker.postMessage({ id, request: req });
  });
}

// stop ends the run under way by ending its worker.
function stop(why) {
  if (!pending) return;
  const p = pending;
  pending = null;
  clearInterval(p.timer);
  worker.terminate();
  startWorker();
  p.resolve({ stopped: why || "stopped" });
}
stopButton.addEventListener("click", () => stop());

// ---- Running a script.

let runs = 0;  // runs started; a newer one makes the older's result moot
let shown = 0; // results shown

async function run(opts = {}) {
  if (!ready || pending) return;
  const n = ++runs;
  const req = { file, source: source.value, input: input.value };
  const graphExpr = opts.graph || "";
  if (graphExpr) req.graph = graphExpr;
  if (!opts.graphOnly) {
    output.dataset.status = "running";
  }
  const r = await request(req);
  if (n !== runs) return;
  if (r.limits) {
    limits = r.limits;
    showLimits();
  }
  if (!r.reused) showResult(r);
  if (graphExpr) {
    await showGraph(r);
    if (r.reused && !r.crash && !r.stopped) {
      setStatus(r.graphError ? "No graph" : "Drawn in " + seconds(r.millis), r.graphError ? "bad" : "good");
    }
  }
  return r;
}

function showResult(r) {
  errorLine = 0;
  let html = escapeHTML(r.output || "");
  let st = "done";
  if (r.crash) {
    html += errorHTML("The interpreter ran out of " + (/stack|recursion/i.test(r.crash) ? "stack (too deep a recursion for a browser)" : "room") + " and was restarted: " + r.crash + "\n");
    st = "error";
  } else if (r.stopped) {
    html += errorHTML("Stopped: " + r.stopped + ".\n");
    st = "error";
  } else if (r.error) {
    const e = r.error;
    let text = e.text;
    if (/no standard input/.test(e.msg)) {
      text += "Type the input in the Standard input box below the script.\n";
      $("input-box").open = true;
    }
    html += errorHTML(text, e);
    if (e.file === file && e.line > 0) errorLine = e.line;
    st = "error";
  }
  if (!html) html = '<span class="quiet">(no output)</span>';
  output.innerHTML = html;
  output.dataset.status = st;
  output.dataset.runs = ++shown; // for tests: a result newer than the one seen
  render();
  if (r.crash || r.stopped) setStatus(r.crash ? "Restarted the interpreter" : "Stopped", "bad");
  else setStatus((r.error ? "Error" : "Done") + " in " + seconds(r.millis), r.error ? "bad" : "good");
}

// errorHTML shows an error's text; its first line links to the position.
function errorHTML(text, e) {
  let body = escapeHTML(text);
  if (e && e.line > 0 && e.file === file) {
    const nl = body.indexOf("\n");
    body = '<a href="#" class="pos" data-line="' + e.line + '" data-column="' + e.column + '">' + body.slice(0, nl) + "</a>" + body.slice(nl);
  }
  return '<span class="error" data-line="' + (e ? e.line : 0) + '" data-column="' + (e ? e.column : 0) + '">' + body + "</span>";
}

output.addEventListener("click", (ev) => {
  const a = ev.target.closest("a.pos");
  if (!a) return;
  ev.preventDefault();
  moveTo(+a.dataset.line, +a.dataset.column);
});

function seconds(ms) {
  return ms < 1000 ? ms + " ms" : (ms / 1000).toFixed(1) + " s";
}

function setStatus(text, kind) {
  status.textContent = text;
  status.className = kind || "";
}

function showLimits() {
  $("limits").textContent = "Each run stops at " + limits.states.toLocaleString("en") + " positions, " +
    limits.memoryMiB.toLocaleString("en") + " MiB or " + limits.seconds + " s.";
}

runButton.addEventListener("click", () => run());

// ---- The state graph.

let viz = null;
let drawn = 0; // graphs shown (for tests, as output.dataset.runs)
const graphBox = $("graph");
const graphExpr = $("graph-expr");

$("graph-form").addEventListener("submit", (e) => {
  e.preventDefault();
  drawGraph(graphExpr.value.trim());
});

// A click on a graph too wide for its box shows it at its own size.
graphBox.addEventListener("click", () => {
  if (graphBox.querySelector("svg") && !graphBox.classList.contains("fits")) graphBox.classList.toggle("zoomed");
});

async function drawGraph(expr) {
  if (!expr) {
    graphBox.innerHTML = '<p class="quiet">Type a position of the script above, then Draw.</p>';
    return;
  }
  graphExpr.value = expr;
  graphBox.dataset.status = "running";
  graphBox.innerHTML = '<p class="quiet">Drawing…</p>';
  await run({ graph: expr, graphOnly: true });
}

async function showGraph(r) {
  if (r.crash || r.stopped || !r.dot) {
    const e = r.graphError;
    const text = e ? e.text : r.stopped ? "Stopped.\n" : r.crash ? "The interpreter failed.\n" : "No graph.\n";
    graphBox.innerHTML = '<pre class="error">' + escapeHTML(text) + "</pre>";
    graphBox.dataset.status = "error";
    graphBox.dataset.draws = ++drawn;
    return;
  }
  try {
    if (!viz) viz = await (await import("./vendor/viz.js")).instance();
    const svg = viz.renderSVGElement(r.dot);
    graphBox.classList.remove("zoomed");
    graphBox.replaceChildren(svg);
    graphBox.classList.toggle("fits", svg.width.baseVal.value <= graphBox.clientWidth - 20);
    graphBox.dataset.status = "done";
    graphBox.dataset.draws = ++drawn;
  } catch (err) {
    graphBox.innerHTML = '<pre class="error">Graphviz could not draw the graph: ' + escapeHTML(String(err)) + "</pre>";
    graphBox.dataset.status = "error";
    graphBox.dataset.draws = ++drawn;
  }
}

// ---- Tabs.

function showTab(name) {
  for (const b of document.querySelectorAll("[data-tab]")) {
    const on = b.dataset.tab === name;
    b.setAttribute("aria-selected", on);
    $("panel-" + b.dataset.tab).hidden = !on;
  }
}
for (const b of document.querySelectorAll("[data-tab]")) {
  b.addEventListener("click", () => {
    showTab(b.dataset.tab);
    if (b.dataset.tab === "graph" && !graphBox.querySelector("svg")) graphExpr.focus();
  });
}

// ---- Examples.

let examples = [];

async function loadExamples() {
  const r = await fetch("examples/index.json");
  examples = await r.json();
  for (const ex of examples) {
    const o = document.createElement("option");
    o.value = ex.name;
    o.textContent = ex.file + (ex.title ? " — " + ex.title : "");
    examplesMenu.append(o);
  }
}

async function openExample(name) {
  const ex = examples.find((x) => x.name === name);
  if (!ex) {
    setStatus("There is no example " + name, "bad");
    return false;
  }
  const [src, inp] = await Promise.all([
    fetch("examples/" + ex.file).then((r) => r.text()),
    ex.input ? fetch("examples/" + ex.input).then((r) => r.text()) : "",
  ]);
  file = ex.file;
  examplesMenu.value = name;
  setSource(src);
  input.value = inp;
  $("input-box").open = inp !== "";
  output.textContent = "";
  output.dataset.status = "idle";
  history.replaceState(null, "", "?example=" + encodeURIComponent(name));
  return true;
}

examplesMenu.addEventListener("change", async () => {
  if (!examplesMenu.value) {
    file = "main.game";
    return;
  }
  if (await openExample(examplesMenu.value)) run();
});

// ---- Sharing: ?run=SCRIPT[&input=TEXT][&graph=EXPR].

$("share").addEventListener("click", async () => {
  const q = new URLSearchParams();
  q.set("run", source.value);
  if (input.value) q.set("input", input.value);
  if (graphExpr.value.trim()) q.set("graph", graphExpr.value.trim());
  const url = location.origin + location.pathname + "?" + q.toString().replace(/\+/g, "%20");
  history.replaceState(null, "", url);
  try {
    await navigator.clipboard.writeText(url);
    setStatus("Link copied", "good");
  } catch {
    setStatus("Link in the address bar", "good");
  }
});

// ---- Start: the grammar, the examples, the script of the URL.

const params = new URLSearchParams(location.search);
let onReady = () => {};

const starting = (async () => {
  const [grammar] = await Promise.all([
    fetch("grundy.tmLanguage.json").then((r) => r.json()).catch(() => null),
    loadExamples().catch(() => {}),
  ]);
  if (grammar) highlighter = compile(grammar);
  if (params.has("run")) {
    setSource(params.get("run"));
    input.value = params.get("input") || "";
    $("input-box").open = input.value !== "";
    return { run: true, graph: params.get("graph") || "" };
  }
  if (params.has("example") && await openExample(params.get("example"))) {
    return { run: true, graph: params.get("graph") || "" };
  }
  setSource(DEFAULT);
  return { run: false };
})();

starting.then((what) => {
  const go = async () => {
    if (!what.run) return;
    await run();
    if (what.graph) {
      showTab("graph");
      await drawGraph(what.graph);
    }
  };
  if (ready) go();
  else onReady = () => { onReady = () => {}; go(); };
});

const DEFAULT = `# grundy: write the rules of a game, ask who wins.
# Ctrl+Enter runs; the Example menu has more.

let S = {1, 3, 4}                    # a set
game sub(n) moves                    # take 1, 3 or 4
    sub(n - s) for s in S if s <= n
print [sg(sub(n)) for n in 0 .. 15]  # the values repeat
print outcome(sub(8)), winning(sub(8))

game cut(w, h) moves                 # cut a sheet in two
    cut(i, h) + cut(w - i, h) for i in 2 .. w - 2
  | cut(w, j) + cut(w, h - j) for j in 2 .. h - 2
print sg(sum of cut(4, 2), *3, sub(10))  # a sum: the xor

# The State graph tab draws a position: try sub(6).
`;
