'use strict';
// tysiac web page: five tools over the JSON API (docs/api.md). No libraries.

const SUITS = ['H', 'D', 'C', 'S'];
const SYM = { H: '♥', D: '♦', C: '♣', S: '♠' };
const RANKS = ['A', 'T', 'K', 'Q', 'J', '9'];
const MARRIAGE = { H: 100, D: 80, C: 60, S: 40 };
// The rule sets offered; `standard players=2` is the game of two musiks.
const RULES = ['standard', 'pl', 'ru', 'standard players=2'];
const $ = id => document.getElementById(id);
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
};

// ---------------------------------------------------------------- cards
function handCards(text) {
  const parts = (text || '').trim().split('.');
  const out = [];
  if (parts.length !== 4) return out;
  parts.forEach((ranks, i) => { for (const r of ranks) out.push(r + SUITS[i]); });
  return out;
}
function handText(cards) {
  return SUITS.map(s => RANKS.filter(r => cards.includes(r + s)).join('')).join('.');
}
function cardLabel(c) { return c[0].replace('T', '10') + SYM[c[1]]; }
function cardButton(c, attrs = {}) {
  const b = el('button', Object.assign({ class: 'card ' + c[1], 'data-card': c, 'aria-label': cardLabel(c) }, attrs), cardLabel(c));
  return b;
}
function marriages(cards) {
  return SUITS.filter(s => cards.includes('K' + s) && cards.includes('Q' + s));
}
function cap(cards) { return 120 + marriages(cards).reduce((a, s) => a + MARRIAGE[s], 0); }

// ---------------------------------------------------------------- API
// Two transports, one page. As static files (scripts/web.sh copies this
// folder as it is, index.html says <meta name="tysiac-transport"
// content="worker">), requests go to Web Workers each running the library
// as WebAssembly (worker.js). `tysiac serve` answers the same index.html
// with content="http", and requests go to its JSON API with fetch: the
// same endpoints, bodies and answers. JavaScript only carries JSON.
const TRANSPORT = (document.querySelector('meta[name="tysiac-transport"]') || {}).content || 'http';
const IN_BROWSER = TRANSPORT === 'worker';

// Offline after the first visit (sw.js keeps the page's files and the
// .wasm), and installable (manifest.webmanifest). Only where the page
// computes by itself: served by `tysiac serve` it needs the server anyway.
if (IN_BROWSER && 'serviceWorker' in navigator) {
  navigator.serviceWorker.register('sw.js').catch(e => console.warn('no service worker: ' + e));
}

// The workers: one per core the browser reports, at most 8, started when
// first needed; each answers one request at a time.
const pool = { size: Math.max(1, Math.min(8, navigator.hardwareConcurrency || 2)), all: [], idle: [], queue: [], next: 1 };
function poolWorker() {
  const w = new Worker('worker.js');
  w.onmessage = e => {
    const m = e.data, task = w.task;
    if (!task || m.id !== task.id) return;
    if (m.progress) { if (task.onProgress) task.onProgress(m.progress[0], m.progress[1]); return; }
    w.task = null;
    poolRelease(w);
    task.ms = m.ms;
    task.settle(m.reply);
  };
  w.onerror = e => {
    e.preventDefault();
    const task = w.task;
    poolReplace(w);
    if (task) task.settle({ error: 'the worker stopped: ' + (e.message || 'error'), status: 500, field: null });
  };
  pool.all.push(w);
  return w;
}
function poolRelease(w) {
  const task = pool.queue.shift();
  if (task) poolStart(w, task); else pool.idle.push(w);
}
// A worker stopped (cancelled or broken) gives its place to a fresh one.
function poolReplace(w) {
  w.terminate();
  pool.all = pool.all.filter(x => x !== w);
  pool.idle = pool.idle.filter(x => x !== w);
  if (pool.queue.length) poolStart(poolWorker(), pool.queue.shift());
}
function poolStart(w, task) {
  w.task = task;
  w.postMessage({ id: task.id, endpoint: task.endpoint, body: task.body });
}
// One request to the library: a promise of its answer, a cancel that
// stops it at once (the worker is ended and replaced), and once answered
// the milliseconds the library's call took in the worker (ms()).
function workerCall(endpoint, body, onProgress) {
  let task;
  const promise = new Promise((resolve, reject) => {
    task = { id: pool.next++, endpoint, body, onProgress, settle: reply => {
      if ('ok' in reply) return resolve(reply.ok);
      const err = new Error(reply.error);
      err.status = reply.status;
      err.field = reply.field;
      reject(err);
    } };
  });
  const w = pool.idle.pop() || (pool.all.length < pool.size ? poolWorker() : null);
  if (w) poolStart(w, task); else pool.queue.push(task);
  const cancel = () => {
    const busy = pool.all.find(x => x.task === task);
    if (busy) { busy.task = null; poolReplace(busy); } else pool.queue = pool.queue.filter(t => t !== task);
    task.settle({ error: 'cancelled', status: 409, field: null });
  };
  return { promise, cancel, ms: () => task.ms };
}

// The requests whose samples are split among the workers: each worker
// computes its own shard (NAME/shard), and the library merges the shards'
// answers (NAME/merge) into the very answer of the whole request, whatever
// the number of workers (each sample is drawn from the seed and its index).
const SPLIT = ['bid', 'exchange', 'suggest'];
function splitCall(endpoint, body, onProgress) {
  const shards = SPLIT.includes(endpoint) ? pool.size : 1;
  if (shards === 1) return workerCall(endpoint, body, onProgress);
  const done = Array(shards).fill(0), total = Array(shards).fill(0);
  const sum = a => a.reduce((x, y) => x + y, 0);
  const calls = [...Array(shards)].map((_, k) => workerCall(
    endpoint + '/shard', Object.assign({}, body, { shard: k, shards }),
    (d, t) => { done[k] = d; total[k] = t; if (onProgress) onProgress(sum(done), sum(total)); }));
  let merge = null;
  const cancel = () => { calls.forEach(c => c.cancel()); if (merge) merge.cancel(); };
  const promise = (async () => {
    try {
      const parts = await Promise.all(calls.map(c => c.promise));
      merge = workerCall(endpoint + '/merge', Object.assign({}, body, { parts }));
      return await merge.promise;
    } catch (e) {
      cancel();
      throw e;
    }
  })();
  return { promise, cancel };
}

async function api(path, body, method = 'POST') {
  markField(null);
  if (IN_BROWSER) return splitCall(path.replace(/^\//, ''), body || {}).promise;
  const opts = { method, headers: { 'Content-Type': 'application/json' } };
  if (body !== undefined) opts.body = JSON.stringify(body);
  const res = await fetch('/api' + path, opts);
  let data;
  try { data = await res.json(); } catch (e) { data = { error: res.status + ' ' + res.statusText }; }
  if (!res.ok) throw new Error(data.error || ('HTTP ' + res.status));
  return data;
}
// A long job: progress shown and a cancel offered. On the server it runs in
// the background and is polled; in the browser a worker reports progress.
async function runJob(path, body, progress, cancelButton) {
  markField(null);
  if (IN_BROWSER) {
    const call = splitCall(path.replace(/^\//, ''), body, (d, t) => {
      if (progress) { progress.max = t || 1; progress.value = d; }
    });
    if (cancelButton) {
      cancelButton.disabled = false;
      cancelButton.onclick = call.cancel;
    }
    try {
      return await call.promise;
    } finally { if (cancelButton) cancelButton.disabled = true; }
  }
  const start = await api(path, Object.assign({}, body, { async: true }));
  const id = start.job;
  let cancelled = false;
  if (cancelButton) {
    cancelButton.disabled = false;
    cancelButton.onclick = () => { cancelled = true; api('/jobs/' + id, undefined, 'DELETE').catch(() => {}); };
  }
  try {
    for (;;) {
      const s = await api('/jobs/' + id, undefined, 'GET');
      if (progress) { progress.max = s.total || 1; progress.value = s.done; }
      if (s.state === 'done') return s.result;
      if (s.state !== 'running') throw new Error(cancelled ? 'cancelled' : s.error);
      await new Promise(r => setTimeout(r, 200));
    }
  } finally { if (cancelButton) cancelButton.disabled = true; }
}
function showError(where, e) {
  where.replaceChildren(el('p', { class: 'bad' }, String(e.message || e)));
  markField(e);
}
// The library names the key at fault (in the browser's build): the error
// is shown beside that field of the tab too (`bid-hand` for `hand`).
function markField(e) {
  document.querySelectorAll('.field-error').forEach(x => x.remove());
  document.querySelectorAll('[aria-invalid]').forEach(x => x.removeAttribute('aria-invalid'));
  const input = e && e.field ? $(`${active()}-${e.field}`) : null;
  if (!input) return;
  input.setAttribute('aria-invalid', 'true');
  input.after(el('span', { class: 'field-error bad', role: 'alert', 'data-field': e.field }, String(e.message)));
}

// ---------------------------------------------------------------- tabs
function showTab(name) {
  document.querySelectorAll('.page').forEach(p => p.classList.toggle('active', p.id === name));
  document.querySelectorAll('nav button').forEach(b => b.setAttribute('aria-selected', b.dataset.tab === name));
  if (location.hash !== '#' + name) location.hash = name;
}
// Back, Forward and a changed #hash switch the tab (each tab is a history entry).
window.addEventListener('hashchange', () => {
  const name = location.hash.slice(1);
  if (document.getElementById(name) && document.getElementById(name).classList.contains('page')) showTab(name);
});
document.querySelectorAll('nav button').forEach(b => b.addEventListener('click', () => showTab(b.dataset.tab)));
for (const id of ['bid-rules', 'board-rules', 'post-rules', 'puzzle-rules']) {
  for (const r of RULES) $(id).append(el('option', {}, r));
}
const active = () => (document.querySelector('.page.active') || {}).id;
const typing = e => ['INPUT', 'TEXTAREA', 'SELECT'].includes(e.target.tagName);

// ---------------------------------------------------------------- 1 bid
const bid = { picked: [] };
function bidSync() {
  $('bid-picker').querySelectorAll('.card').forEach(b => {
    const on = bid.picked.includes(b.dataset.card);
    b.classList.toggle('sel', on);
    b.setAttribute('aria-pressed', on);
  });
}
for (const s of SUITS) for (const r of RANKS) {
  const c = r + s;
  $('bid-picker').append(cardButton(c, {
    onclick: () => {
      if (bid.picked.includes(c)) bid.picked = bid.picked.filter(x => x !== c);
      else if (bid.picked.length < 7) bid.picked.push(c);
      $('bid-hand').value = handText(bid.picked);
      bidSync();
    },
  }));
}
$('bid-hand').addEventListener('input', () => { bid.picked = handCards($('bid-hand').value); bidSync(); });
$('bid-go').addEventListener('click', async () => {
  const out = $('bid-out');
  out.replaceChildren(el('p', {}, 'Sampling layouts…'));
  $('bid-go').disabled = true;
  try {
    const r = await runJob('/bid', { hand: $('bid-hand').value.trim(), rules: $('bid-rules').value, samples: Number($('bid-samples').value) }, $('bid-progress'), $('bid-cancel'));
    renderBid(r);
  } catch (e) { showError(out, e); } finally { $('bid-go').disabled = false; }
});
function renderBid(r) {
  const out = $('bid-out');
  // One number for the auction and one for the contract, both by the
  // expected score, as the CLI's `bid up to` and `announce`.
  const best = r.best_contract;
  const rows = r.levels.map(l => {
    let advice = 'no';
    if (!l.allowed) advice = 'above the cap';
    else if (best && l.level === best.level) advice = 'announce';
    else if (r.worth_bidding != null && l.level <= r.worth_bidding) advice = 'bid';
    else if (l.expected_score > 0) advice = 'pass (defending scores more)';
    return el('tr', { 'data-level': l.level }, el('td', {}, l.level), el('td', {}, l.probability.toFixed(3)),
      el('td', {}, `[${l.low.toFixed(3)}, ${l.high.toFixed(3)}]`),
      el('td', {}, l.allowed ? (l.expected_score >= 0 ? '+' : '') + l.expected_score.toFixed(1) : '–'), el('td', { class: advice === 'bid' || advice === 'announce' ? 'good' : '' }, advice),
      el('td', {}, l.double_dummy.toFixed(3)));
  });
  const table = el('table', { id: 'bid-table' }, el('tr', {}, ...['level', 'P(make)', '95% interval', 'expected score', 'advice', 'if every card were seen'].map(h => el('th', {}, h))), ...rows);
  // What the chances rest on, as the CLI's first line says it.
  const basis = el('p', { id: 'bid-basis' }, r.basis === 'real_play'
    ? 'Chances in real play: every seat played by the computer players (pimc:20), who see only their own cards.'
    : 'Chances if every card were seen (double-dummy).');
  const sign = x => (x >= 0 ? '+' : '') + x.toFixed(1);
  const upTo = r.defence ? (r.worth_bidding ?? 'pass') : '–';
  const announce = best ? `${best.level} (expected ${sign(best.expected_score)})` : '–';
  const defence = r.defence ? ` · passing and defending: ${sign(r.defence.expected_score)}` : '';
  const rec = el('p', { id: 'bid-recommended', class: 'status' }, `Bid up to: ${upTo} · announce: ${announce}${defence} · the rules allow bids up to ${r.cap}`);
  const m = r.new_marriage;
  const musik = el('div', { id: 'bid-musik' }, el('h3', {}, 'How often the musik brings a new marriage'), bar(m.fraction, `${(100 * m.fraction).toFixed(1)}% of samples (exactly ${(100 * m.exact).toFixed(1)}% over all musiks)`));
  out.replaceChildren(rec, basis, table, el('h3', {}, "Declarer's points if every card were seen"), histogram(r.histogram), musik);
}
function svg(w, h, inner) {
  const s = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  s.setAttribute('viewBox', `0 0 ${w} ${h}`);
  s.setAttribute('class', 'chart');
  s.innerHTML = inner;
  return s;
}
function bar(frac, text) {
  return svg(400, 30, `<rect x="0" y="5" width="400" height="20" fill="#eee"/><rect x="0" y="5" width="${400 * frac}" height="20" fill="#1f6f43"/><text x="6" y="20" font-size="12" fill="#000">${text}</text>`);
}
function histogram(h) {
  const bins = h.bins || [];
  const max = Math.max(1, ...bins.map(b => b.count));
  const w = 600, ht = 180, bw = w / Math.max(1, bins.length);
  let inner = '';
  bins.forEach((b, i) => {
    const y = (ht - 30) * b.count / max;
    inner += `<rect x="${i * bw + 1}" y="${ht - 20 - y}" width="${bw - 2}" height="${y}" fill="#1f6f43"><title>${b.from}–${b.from + h.bin_width - 1}: ${b.count}</title></rect>`;
    if (i % Math.ceil(bins.length / 10) === 0) inner += `<text x="${i * bw}" y="${ht - 5}" font-size="11">${b.from}</text>`;
  });
  return svg(w, ht, inner);
}

// ---------------------------------------------------------------- board
const board = { deal: '', exchange: '', rules: 'standard', moves: [], redo: [], values: {} };
function positionText(p) {
  const lines = [`rules: ${p.rules}`, `deal: ${p.deal}`];
  if (p.exchange) lines.push(`exchange: ${p.exchange}`);
  if (p.contract) lines.push(`contract: ${p.contract}`);
  if (p.moves.length) {
    const tricks = [];
    for (let i = 0; i < p.moves.length; i += 3) tricks.push(p.moves.slice(i, i + 3).join(' '));
    lines.push('play: ' + tricks.join(' | '));
  }
  return lines.join('\n') + '\n';
}
function historyText(moves) {
  const out = [];
  for (let i = 0; i < moves.length; i += 3) out.push(`${i / 3 + 1}. ${moves.slice(i, i + 3).join(' ')}`);
  return out.join('\n');
}
function seatBox(name, cards, opts = {}) {
  const hand = el('div', { class: 'hand' });
  for (const c of cards) {
    const moves = (opts.legal || []).filter(m => m.slice(0, 2) === c);
    const b = cardButton(c);
    if (opts.legal) {
      if (moves.length) {
        b.classList.add('legal');
        const mv = moves.find(m => !m.endsWith('-')) || moves[0];
        if (opts.values && opts.values[mv] !== undefined) {
          b.append(el('span', { class: 'v' }, String(opts.values[mv])));
          if (opts.values[mv] === opts.best) b.classList.add('best');
        }
        if (opts.onplay) b.addEventListener('click', () => opts.onplay(mv));
        if (opts.lead && 'KQ'.includes(c[0]) && cards.includes((c[0] === 'K' ? 'Q' : 'K') + c[1])) {
          b.classList.add('marriage');
          b.title = 'declares the marriage';
        }
      } else { b.classList.add('dim'); b.disabled = true; }
    } else if (opts.onpick) {
      b.addEventListener('click', () => opts.onpick(c));
    } else { b.tabIndex = -1; b.disabled = true; }
    hand.append(b);
  }
  return el('div', { class: 'seat' + (opts.tomove ? ' tomove' : ''), 'data-seat': opts.seat || name }, el('h3', {}, name), hand);
}
function trickBox(trick) {
  return el('div', { class: 'seat' }, el('h3', {}, 'On the table'), el('div', { class: 'hand' }, ...trick.map(c => cardButton(c, { tabindex: '-1', disabled: '' }))));
}
async function boardLoad() {
  board.deal = $('board-deal').value.trim();
  board.exchange = $('board-exchange').value.trim();
  board.rules = $('board-rules').value;
  board.moves = []; board.redo = [];
  await boardRender();
}
async function boardRender() {
  const status = $('board-status');
  const text = positionText(board);
  $('board-text').value = text;
  $('board-history').textContent = historyText(board.moves);
  try {
    const [st, sol] = await Promise.all([api('/state', { text }), api('/solve', { text, all: true })]);
    const r = sol.results[0];
    const ex = $('board-exchanges');
    ex.replaceChildren();
    if (st.stage === 'musik') {
      status.textContent = `Before the exchange: the best is worth ${r.value} to the declarer. Pick one:`;
      const list = el('div', { class: 'hand', id: 'board-exchange-list' });
      for (const e of (r.exchanges || []).slice(0, 12)) {
        const g = e.give.join(' ');
        const label = st.other_musik ? `${e.give[0]} kept, ${e.give[1]}→musik: ${e.value}` : `${e.give[0]}→L ${e.give[1] || ''}→R: ${e.value}`;
        list.append(el('button', { 'data-give': g, onclick: () => { board.exchange = g; $('board-exchange').value = g; boardRender(); } }, label));
      }
      ex.append(list);
      const boxes = st.seats.map(s => seatBox(s === 'D' ? 'D (declarer)' : s, handCards(st.hands[s])));
      boxes.push(seatBox(st.other_musik ? 'Musik (D takes)' : 'Musik', handCards(st.musik)));
      if (st.other_musik) boxes.push(seatBox('Other musik (last trick)', handCards(st.other_musik)));
      $('board-table').replaceChildren(...boxes);
      return;
    }
    const values = {};
    for (const m of r.moves) values[m.move] = m.value;
    board.values = values;
    const seats = st.seats.map(s => seatBox(s === 'D' ? 'D (declarer)' : s, handCards(st.hands[s]), s === st.to_move && st.stage === 'play'
      ? { legal: st.legal, values, best: r.moves.length ? r.moves[0].value : null, tomove: true, seat: s, onplay: mv => { board.moves.push(mv); board.redo = []; boardRender(); } }
      : { seat: s }));
    const points = st.seats.map(s => `${s} ${st.points[s]}`);
    status.textContent = st.stage === 'over'
      ? `Hand over: ${points.join(', ')}`
      : `${st.to_move} to play · trump ${st.trump ? SYM[st.trump] : 'none'} · points ${points.join(' ')} · D's double-dummy value ${r.value}`;
    status.dataset.value = r.value;
    if (st.last_musik) seats.push(seatBox('Musik for the last trick', handCards(st.last_musik)));
    $('board-table').replaceChildren(...seats, trickBox(st.trick));
  } catch (e) { showError($('board-table'), e); status.textContent = ''; }
}
$('board-load').addEventListener('click', boardLoad);
$('board-random').addEventListener('click', async () => {
  try {
    const d = await api('/deal', { seed: Number($('board-seed').value) || 1, rules: $('board-rules').value });
    $('board-deal').value = d.deal; $('board-exchange').value = '';
    await boardLoad();
  } catch (e) { showError($('board-table'), e); }
});
const undo = () => { if (board.moves.length) { board.redo.push(board.moves.pop()); boardRender(); } };
const redo = () => { if (board.redo.length) { board.moves.push(board.redo.pop()); boardRender(); } };
$('board-undo').addEventListener('click', undo);
$('board-redo').addEventListener('click', redo);
$('board-copy').addEventListener('click', () => {
  const t = $('board-text');
  t.select();
  if (navigator.clipboard) navigator.clipboard.writeText(t.value).catch(() => document.execCommand('copy'));
  $('board-status').textContent = 'Position copied as notation.';
});

// ---------------------------------------------------------------- 3 post-mortem
const post = { a: null, cur: 0 };
$('post-go').addEventListener('click', postRun);
async function postRun() {
  const out = $('post-out');
  out.replaceChildren(el('p', {}, 'Solving every move…'));
  try {
    const r = await api('/analyze', { text: $('post-text').value, rules: $('post-rules').value });
    // A game record's answer has the game's summary beside its hands.
    if (r.summary) { post.a = null; postGame(r); return; }
    post.a = r.results[0]; post.cur = 0; postRender();
  } catch (e) { showError(out, e); }
}
// A file (hands or a game record) into the textarea, as if pasted.
$('post-file').addEventListener('change', async ev => {
  const f = ev.target.files[0];
  if (f) $('post-text').value = await f.text();
});
const fmt1 = x => (x == null ? '–' : Number(x).toFixed(1));
// A game's post-mortem: a row per hand (its auction's and play's mistakes
// with their cost, what each player lost), then the game's summary.
function postGame(r) {
  const head = ['hand', 'declarer', 'contract', 'result', "calls' mistakes", "moves' mistakes", 'lost'];
  const rows = r.results.map(h => {
    const a = h.analysis;
    const contract = a ? a.contract : (h.bomb ? (h.bomb.contract ?? '–') : '–');
    const result = a ? (a.hand.made == null ? '–' : (a.hand.made ? 'made' : 'failed'))
      : (h.bomb ? 'conceded (the bomb)' : (h.declarer ? '–' : 'no declarer'));
    const calls = h.calls.filter(c => c.cost > 0.05)
      .map(c => `${c.player} ${c.call}: cost ${fmt1(c.cost)}, best ${c.best}`);
    const moves = [];
    if (a && a.exchange && a.exchange.cost) moves.push(`exchange ${a.exchange.made}: cost ${a.exchange.cost}, best ${a.exchange.best}`);
    if (a) a.moves.filter(m => m.cost > 0).forEach(m => moves.push(`${m.number}. ${m.seat} ${m.card}: cost ${m.cost}, best ${(m.best || []).join(' ')}`));
    if (h.bomb && h.bomb.cost) moves.push(`the bomb: cost ${h.bomb.cost}`);
    const lost = h.losses.map(l => {
      const parts = [];
      if (l.bidding > 0.05) parts.push(`${fmt1(l.bidding)} bidding`);
      if (l.exchange > 0) parts.push(`${l.exchange} exchange`);
      if (l.play > 0) parts.push(`${l.play} play`);
      if (l.bomb > 0) parts.push(`${l.bomb} the bomb`);
      return parts.length ? `${l.player} ${parts.join(', ')}` : null;
    }).filter(Boolean);
    const lines = xs => el('td', { style: 'text-align:left;vertical-align:top;min-width:9em' }, ...(xs.length ? xs.flatMap((x, i) => i ? [el('br'), x] : [x]) : ['–']));
    return el('tr', { 'data-hand': h.hand }, el('td', {}, h.hand), el('td', {}, h.declarer ?? '–'), el('td', {}, contract),
      el('td', {}, result), lines(calls), lines(moves), lines(lost));
  });
  const game = el('table', { id: 'post-game' }, el('tr', {}, ...head.map(t => el('th', {}, t))), ...rows);
  const s = r.summary;
  const summary = el('table', { id: 'post-game-summary' },
    el('tr', {}, ...['player', 'bidding', 'exchange', 'play', 'the bomb'].map(t => el('th', {}, t))),
    ...s.summary.map(l => el('tr', { 'data-player': l.player }, el('td', {}, l.player), el('td', {}, fmt1(l.bidding)),
      el('td', {}, l.exchange), el('td', {}, l.play), el('td', {}, l.bomb))));
  $('post-out').replaceChildren(el('h3', {}, `The game: ${r.results.length} hands`), game,
    el('h3', {}, 'Points lost, over the game'),
    el('p', {}, `Bidding: expected score, ${s.samples} layouts a call (seed ${s.seed}); exchange and play: double-dummy points of the declarer's total (moves by seat, D the declarer); the bomb: score given up.`),
    summary);
}
function postChart(a) {
  const vals = [a.moves.length ? a.moves[0].before : (a.start_value ?? 0), ...a.moves.map(m => m.after)];
  const w = 640, h = 220, n = Math.max(1, vals.length - 1);
  const lo = Math.min(...vals, a.contract || 999) - 10, hi = Math.max(...vals, a.contract || 0) + 10;
  const x = i => 30 + (w - 40) * i / n, y = v => h - 20 - (h - 40) * (v - lo) / Math.max(1, hi - lo);
  let inner = `<text x="2" y="14" font-size="11">${hi}</text><text x="2" y="${h - 22}" font-size="11">${lo}</text>`;
  if (a.contract) inner += `<line x1="30" x2="${w - 10}" y1="${y(a.contract)}" y2="${y(a.contract)}" stroke="#c0262d" stroke-dasharray="4"/><text x="${w - 80}" y="${y(a.contract) - 3}" font-size="11" fill="#c0262d">contract ${a.contract}</text>`;
  inner += `<polyline fill="none" stroke="#1f6f43" stroke-width="2" points="${vals.map((v, i) => `${x(i)},${y(v)}`).join(' ')}"/>`;
  a.moves.forEach((m, i) => {
    if (m.cost > 0) inner += `<circle class="costly-dot" cx="${x(i + 1)}" cy="${y(m.after)}" r="5" fill="#c0262d"><title>move ${m.number} ${m.seat} ${m.card}: costs ${m.cost}</title></circle>`;
  });
  inner += `<line id="post-cursor" x1="${x(post.cur)}" x2="${x(post.cur)}" y1="10" y2="${h - 20}" stroke="#b78a00"/>`;
  return svg(w, h, inner);
}
function postRender() {
  const a = post.a;
  if (!a) return;
  const summary = el('table', { id: 'post-summary' }, el('tr', {}, ...['seat', 'mistakes', 'points given away', 'costliest move', 'points taken'].map(t => el('th', {}, t))),
    ...Object.keys(a.summary).map(s => el('tr', { 'data-seat': s }, el('td', {}, s), el('td', {}, a.summary[s].mistakes), el('td', {}, a.summary[s].cost), el('td', {}, a.summary[s].largest ?? '–'), el('td', {}, a.hand.points[s]))));
  const ex = a.exchange ? el('p', {}, `Exchange ${a.exchange.made ?? '–'} worth ${a.exchange.value ?? '–'}; best ${a.exchange.best} worth ${a.exchange.best_value}${a.exchange.cost ? ` (cost ${a.exchange.cost})` : ''}`) : '';
  const result = el('p', { class: 'status' }, a.hand.made == null ? `Points D ${a.hand.points.D}` : `Contract ${a.contract} ${a.hand.made ? 'made' : 'failed'}: D ${a.hand.points.D} points`);
  const list = el('ol', { class: 'moves', id: 'post-moves' });
  a.moves.forEach((m, i) => {
    const li = el('li', { 'data-number': m.number, class: i + 1 === post.cur ? 'cur' : '' },
      `${m.seat} ${m.card}: D's value ${m.before} → ${m.after}`);
    if (m.cost > 0) li.append(el('span', { class: 'costly' }, ` costs ${m.cost}; better: ${(m.best || []).join(' ')}`));
    li.addEventListener('click', () => { post.cur = i + 1; postRender(); });
    list.append(li);
  });
  const step = el('p', { id: 'post-step' }, post.cur === 0 ? 'Start of the hand.' : `Move ${post.cur} of ${a.moves.length}`);
  const board = el('div', { id: 'post-board', class: 'table' });
  $('post-out').replaceChildren(result, ex, postChart(a), step, board, el('h3', {}, 'Per seat'), summary, el('h3', {}, 'Moves'), list);
  postBoard(board, post.cur);
}
// The hands after the first k moves: the pasted text with its play cut there.
async function postBoard(where, k) {
  const lines = $('post-text').value.split('\n');
  const i = lines.findIndex(l => /^\s*play\s*:/.test(l));
  if (i < 0) return;
  const moves = lines[i].replace(/^\s*play\s*:/, '').replace(/#.*/, '').split(/[\s|]+/).filter(Boolean).slice(0, k);
  const cut = lines.slice();
  if (moves.length) {
    const tricks = [];
    const n = Object.keys(post.a.summary).length;
    for (let j = 0; j < moves.length; j += n) tricks.push(moves.slice(j, j + n).join(' '));
    cut[i] = 'play: ' + tricks.join(' | ');
  } else cut.splice(i, 1);
  try {
    const st = await api('/state', { text: cut.join('\n'), rules: $('post-rules').value });
    if (post.cur !== k || st.stage === 'musik') return;
    where.replaceChildren(...st.seats.map(s => seatBox(s, handCards(st.hands[s]), { seat: s, tomove: s === st.to_move && st.stage === 'play' })), trickBox(st.trick));
  } catch (e) { showError(where, e); }
}
const postStep = d => { if (post.a) { post.cur = Math.max(0, Math.min(post.a.moves.length, post.cur + d)); postRender(); } };
$('post-prev').addEventListener('click', () => postStep(-1));
$('post-next').addEventListener('click', () => postStep(1));

// ---------------------------------------------------------------- 4 puzzles
const puz = { p: null, done: false };
function streak() { return { now: Number(localStorage.getItem('tysiac.streak') || 0), best: Number(localStorage.getItem('tysiac.best') || 0) }; }
function showStreak() { const s = streak(); $('puzzle-streak').textContent = s.now; $('puzzle-best').textContent = s.best; }
function setStreak(n) { localStorage.setItem('tysiac.streak', n); if (n > streak().best) localStorage.setItem('tysiac.best', n); showStreak(); }
$('puzzle-new').addEventListener('click', async () => {
  const out = $('puzzle-out');
  out.replaceChildren(el('p', {}, 'Looking for a puzzle…'));
  try {
    const body = { difficulty: $('puzzle-difficulty').value, rules: $('puzzle-rules').value, count: 1 };
    if ($('puzzle-seed').value) body.seed = Number($('puzzle-seed').value);
    const r = await api('/puzzle/new', body);
    puz.p = r.puzzles[0]; puz.done = false;
    const st = await api('/state', { text: puz.p.position });
    puz.st = st;
    out.replaceChildren();
    puzzleRender();
  } catch (e) { showError(out, e); }
});
const SUIT_NAME = { H: 'hearts', D: 'diamonds', C: 'clubs', S: 'spades' };
// A puzzle answered right once does not raise the streak again (the same
// seed gives the same puzzle): the solved ones are kept by id and rules.
function solvedKey(p) { return `${p.rules}|${p.id}`; }
function solvedSet() { try { return new Set(JSON.parse(localStorage.getItem('tysiac.solved') || '[]')); } catch (e) { return new Set(); } }
function markSolved(p) { const s = solvedSet(); s.add(solvedKey(p)); localStorage.setItem('tysiac.solved', JSON.stringify([...s].slice(-500))); }
function puzzleRender() {
  const { p, st } = puz;
  const goal = p.goal === 'max' ? (st.to_move === 'D' ? 'take the most points' : 'hold the declarer to the fewest points') : `goal: ${p.goal}`;
  $('puzzle-goal').textContent = `${st.to_move} to play and ${goal} (${p.difficulty.level}). Exactly one card wins.`;
  // What the answer depends on: the trump and the points already taken.
  const trump = st.trump ? `${SYM[st.trump]} ${SUIT_NAME[st.trump]}` : 'none yet';
  const contract = p.contract ? ` · contract ${p.contract}` : '';
  $('puzzle-goal').append(el('div', { id: 'puzzle-facts' }, `Trump: ${trump} · points taken: ${st.seats.map(s => `${s} ${st.points[s]}`).join(', ')} · trick ${p.trick}, ${p.tricks_left} left${contract}`));
  $('puzzle-table').replaceChildren(...st.seats.map(s => seatBox(s, handCards(st.hands[s]), s === st.to_move && !puz.done
    ? { legal: st.legal, tomove: true, seat: s, onplay: puzzleAnswer } : { seat: s })), trickBox(st.trick));
}
// Why the answer wins: what each other card gives away, and where it shows.
function puzzleWhy(p, picked) {
  const who = p.to_move === 'D' ? 'the declarer' : 'the defenders';
  const items = (p.alternatives || []).map(a => {
    const mark = a.move.slice(0, 2) === (picked || '').slice(0, 2) ? ' (your card)' : '';
    const looks = a.looks && a.looks.length ? `; it looks right (${a.looks.join(', ')})` : '';
    return el('li', {}, `${a.move}${mark}: the declarer ends with ${a.value}, ${a.cost} ${a.cost === 1 ? 'point' : 'points'} worse for ${who}; it shows at trick ${a.shows_at}${looks}. Line: ${a.line.join(' ')}`);
  });
  const trump = puz.st.trump ? ` With ${SUIT_NAME[puz.st.trump]} trump,` : '';
  return el('div', { id: 'puzzle-why' },
    el('p', {}, `Why:${trump} after ${p.solution} the declarer ends with ${p.expect} (best play on both sides: ${p.line.join(' ')}).${p.difficulty.key ? ' A marriage or a change of trump is the key.' : ''}`),
    items.length ? el('ul', {}, ...items) : '');
}
function puzzleAnswer(mv) {
  const p = puz.p;
  const right = mv.slice(0, 2) === p.line[0].slice(0, 2);
  puz.done = true;
  const again = right && solvedSet().has(solvedKey(p));
  if (right && !again) { markSolved(p); setStreak(streak().now + 1); } else if (!right) setStreak(0);
  const alt = (p.alternatives || []).find(a => a.move.slice(0, 2) === mv.slice(0, 2));
  const verdict = right
    ? `Right: ${mv} wins.${again ? ' Solved before: the streak stays.' : ''}`
    : `Wrong: ${mv}${alt ? ` costs ${alt.cost}` : ''}; the winning card is ${p.line[0]}.`;
  $('puzzle-out').replaceChildren(
    el('p', { id: 'puzzle-verdict', class: right ? 'good status' : 'bad status' }, verdict),
    puzzleWhy(p, mv));
  puzzleRender();
}

// ---------------------------------------------------------------- 5 play: play.js

// ---------------------------------------------------------------- keys, start
document.addEventListener('keydown', e => {
  if (typing(e) || e.ctrlKey || e.metaKey || e.altKey) return;
  if (/^[1-5]$/.test(e.key)) { showTab(['bid', 'board', 'post', 'puzzle', 'play'][Number(e.key) - 1]); return; }
  if (active() === 'board' && e.key === 'u') undo();
  if (active() === 'board' && e.key === 'r') redo();
  if (active() === 'post' && e.key === 'ArrowLeft') postStep(-1);
  if (active() === 'post' && e.key === 'ArrowRight') postStep(1);
});
showStreak();
showTab((location.hash || '#bid').slice(1) || 'bid');
