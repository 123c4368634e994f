'use strict';
// One Web Worker of the page's static build (docs/web.md): the library as
// WebAssembly (tysiac_web.wasm, web/src/lib.rs), answering the page's
// requests one at a time, off the page's thread. A message
// {id, endpoint, body} is answered {id, reply, ms} where reply is the
// library's {"ok": answer} or {"error", "status", "field"} and ms the
// milliseconds the library's call took (for benches/web.rs); while it
// works, {id, progress: [done, total]} at most every 100 ms. No rule of the
// game is here: this file only moves JSON.

let exports = null;
let current = null;
let lastProgress = 0;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

const imports = {
  env: {
    progress(done, total) {
      const now = Date.now();
      if (now - lastProgress < 100 && done < total) return;
      lastProgress = now;
      postMessage({ id: current, progress: [done, total] });
    },
    // A seed for a request that gives none (the library draws none).
    fresh_seed: () => Math.floor(Math.random() * 1e6),
  },
};

const compiled = fetch('tysiac_web.wasm')
  .then(r => {
    if (!r.ok) throw new Error('tysiac_web.wasm: ' + r.status + ' ' + r.statusText);
    return r.arrayBuffer();
  })
  .then(bytes => WebAssembly.compile(bytes));

async function instance() {
  if (!exports) exports = (await WebAssembly.instantiate(await compiled, imports)).exports;
  return exports;
}

// Copies text into the library's memory: [ptr, len].
function put(w, text) {
  const bytes = encoder.encode(text);
  const ptr = w.alloc(bytes.length);
  new Uint8Array(w.memory.buffer, ptr, bytes.length).set(bytes);
  return [ptr, bytes.length];
}

// The library's answer, and the milliseconds its call took.
function call(w, endpoint, body) {
  const [ep, epLen] = put(w, endpoint);
  const [bp, bpLen] = put(w, JSON.stringify(body));
  try {
    const t0 = performance.now();
    const packed = w.call(ep, epLen, bp, bpLen);
    const ms = performance.now() - t0;
    const ptr = Number(packed >> 32n);
    const len = Number(packed & 0xffffffffn);
    const text = decoder.decode(new Uint8Array(w.memory.buffer, ptr, len));
    w.dealloc(ptr, len);
    return [JSON.parse(text), ms];
  } finally {
    w.dealloc(ep, epLen);
    w.dealloc(bp, bpLen);
  }
}

// Messages are handled one at a time: a request that is running keeps the
// next waiting, in order.
let queue = Promise.resolve();
onmessage = e => {
  const { id, endpoint, body } = e.data;
  queue = queue.then(async () => {
    let reply, ms = null;
    try {
      const w = await instance();
      current = id;
      lastProgress = 0;
      [reply, ms] = call(w, endpoint, body);
    } catch (err) {
      // A trap leaves the instance unusable: the next request gets a new one.
      exports = null;
      reply = { error: 'the library stopped: ' + (err && err.message || err), status: 500, field: null };
    }
    postMessage({ id, reply, ms });
  });
};
