// worker.js runs grundy's interpreter (grundy.wasm, package web/wasm)
// off the page's thread, so that the page stays responsive while a script
// runs and the page can stop a run by ending the worker.
//
// The page sends {module} once (the compiled WebAssembly.Module), then
// {id, request} for each run; the worker answers {ready, limits} or {fatal}, then
// {id, response} (see web/wasm/run.go for both JSON shapes) or, when the
// interpreter died (the browser's stack or memory ran out), {id, crash}:
// the page then starts a new worker.
importScripts("wasm_exec.js");

let started = null;

async function start(module) {
  const go = new Go();
  go.exit = (code) => { throw new Error("the interpreter exited (status " + code + ")"); };
  const instance = await WebAssembly.instantiate(module, go.importObject);
  go.run(instance); // main defines grundyRun, then waits for calls
  if (!self.grundyReady) {
    throw new Error("the interpreter did not start");
  }
}

self.onmessage = async (e) => {
  const msg = e.data;
  if (msg.module) {
    started = start(msg.module).then(
      () => self.postMessage({ ready: true, limits: JSON.parse(self.grundyLimits) }),
      (err) => self.postMessage({ fatal: String(err) }));
    return;
  }
  await started;
  let out;
  try {
    out = self.grundyRun(JSON.stringify(msg.request));
  } catch (err) {
    self.postMessage({ id: msg.id, crash: String(err && err.message || err) });
    self.close();
    return;
  }
  self.postMessage({ id: msg.id, response: JSON.parse(out) });
};
