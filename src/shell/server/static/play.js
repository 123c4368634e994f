'use strict';
// The Play tab: whole games against computer players through the game API
// (/api/game/..., docs/api.md). The rules live in the library: the server
// sends what the player may see and the options it has; this script shows
// them and asks. It uses app.js's helpers ($, el, SYM, cardButton, showTab,
// postRun).

const playGame = {
  id: null, step: 0, view: null, seats: [],
  give: [],        // the exchange being picked
  run: 0,          // bumped by each new game: an older loop stops
  delay: 500,      // between two computer decisions (ms)
  trickPause: 1200, // after a trick is complete (ms)
  hands: [],       // finished hands as positions (for the post-mortem)
  declare: true,   // a marriage lead declares it (declare=optional asks)
};

const sleep = ms => new Promise(r => setTimeout(r, ms));
// Card codes in the server's words (KH, TS) as the page shows cards (K♥, 10♠).
const cardWords = t => t.replace(/\b([AKQJT9])([HDCS])\b/g, (_, r, s) => (r === 'T' ? '10' : r) + SYM[s]);
const callWords = c => c === 'pass' ? 'pass' : c.startsWith('b') ? `${c.slice(1)} blind` : c;
const DECISIONS = { redeal: 'answer the redeal question', call: 'call', exchange: 'exchange', contract: 'announce the contract', play: 'play' };

function playSay(text, cls = '') {
  const s = $('play-status');
  s.textContent = text;
  s.className = 'status ' + cls;
}

// A game request: retried while the server is busy (503, after its
// Retry-After) or unreachable, so a game never gets stuck; other errors
// are thrown with the server's message.
async function gameApi(path, body, method) {
  if (IN_BROWSER) return gameInBrowser(path, body);
  const run = playGame.run;
  for (let attempt = 1; ; attempt++) {
    const opts = { method: method || (body === undefined ? 'GET' : 'POST'), headers: { 'Content-Type': 'application/json' } };
    if (body !== undefined) opts.body = JSON.stringify(body);
    let res;
    try {
      res = await fetch('/api/game' + path, opts);
    } catch (e) {
      if (run !== playGame.run) throw new Error('stopped');
      playSay(`No answer from the server (${e.message}); trying again (attempt ${attempt})…`, 'bad');
      await sleep(Math.min(10, attempt) * 1000);
      continue;
    }
    if (res.status === 503) {
      const wait = Math.max(1, Number(res.headers.get('Retry-After')) || 1);
      if (run !== playGame.run) throw new Error('stopped');
      playSay(`The server is busy; trying again in ${wait} s (attempt ${attempt})…`);
      await sleep(wait * 1000);
      continue;
    }
    let data;
    try { data = await res.json(); } catch (e) { data = { error: res.status + ' ' + res.statusText }; }
    if (!res.ok) {
      const err = new Error(data.error || ('HTTP ' + res.status));
      err.status = res.status;
      throw err;
    }
    return data;
  }
}

// In the browser (static build) the page holds the game: its state (the
// game's record and step, as the library writes it) is kept in the
// browser's storage and sent with each request to a worker, which answers
// with the new state (docs/web.md). The id is the page's own.
const GAME_STATE = 'tysiac.game.state';
async function gameInBrowser(path, body) {
  const [, id, what] = path.split('/');
  if (id === 'new') {
    const a = await workerCall('game/new', body || {}).promise;
    return gameKeep(a, 'browser-' + Date.now());
  }
  let kept = null;
  try { kept = JSON.parse(localStorage.getItem(GAME_STATE)); } catch (e) { /* none */ }
  if (!kept || kept.id !== decodeURIComponent(id)) {
    const err = new Error('no game ' + id + ' kept in this browser');
    err.status = 404;
    throw err;
  }
  const endpoint = 'game/' + (what || 'view');
  const a = await workerCall(endpoint, Object.assign({}, body, { state: kept.state })).promise;
  return a.state ? gameKeep(a, kept.id) : a;
}
function gameKeep(a, id) {
  try { localStorage.setItem(GAME_STATE, JSON.stringify({ id, state: a.state })); } catch (e) { /* private mode */ }
  a.id = id;
  return a;
}
// The record (the deals finished) as a file, made by the library.
async function recordDownload(e) {
  if (!IN_BROWSER) return;
  e.preventDefault();
  const r = await gameApi(`/${playGame.id}/record`);
  const a = el('a', { href: URL.createObjectURL(new Blob([r.record], { type: 'text/plain' })), download: r.file });
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

$('play-new').addEventListener('click', playStart);
async function playStart() {
  const run = ++playGame.run;
  // Two players play the game of two musiks: the rule set gets players=2.
  const players = Number($('play-players').value);
  const rules = $('play-rules').value + (players === 2 ? ' players=2' : '');
  const others = players - 1;
  const body = { seats: ['me', ...Array(others).fill($('play-strength').value)].join(','), rules };
  if ($('play-seed').value) body.seed = Number($('play-seed').value);
  playSay('Dealing…');
  try {
    const a = await gameApi('/new', body);
    if (run !== playGame.run) return;
    playGame.hands = [];
    playGame.handsFor = 0;
    playGame.seed = a.seed;
    playAnswer(a);
    playLoop(run);
  } catch (e) { playSay(String(e.message), 'bad'); }
}

function playAnswer(a) {
  const same = a.id === playGame.id;
  // An answer older than the one shown is dropped.
  if (same && a.step < playGame.step) return;
  if (!same) { try { localStorage.setItem('tysiac.game', a.id); } catch (e) { /* private mode */ } }
  if (!same || a.step !== playGame.step) playGame.give = [];
  // A game under way: its settings fold away, so the hand is near the top.
  if (!same) $('play-setup').open = false;
  playGame.id = a.id;
  playGame.step = a.step;
  playGame.view = a.view;
  playGame.seats = a.seats;
  playRender();
}

// Computer decisions one at a time, each shown, until it is the player's
// turn or the game is over.
async function playLoop(run) {
  // One loop at a time: a running one sees the new view when it wakes.
  if (playGame.looping === run) return;
  playGame.looping = run;
  try { await playSteps(run); } finally { if (playGame.looping === run) playGame.looping = 0; }
  // A view that arrived as the loop was ending.
  const v = playGame.view;
  if (run === playGame.run && v && v.turn && !v.turn.mine) playLoop(run);
}
async function playSteps(run) {
  while (run === playGame.run) {
    const v = playGame.view;
    if (!v.turn || v.turn.mine) return;
    playSay(`${v.turn.name} is thinking (${DECISIONS[v.turn.decision]})…`);
    const tricksBefore = v.hand.tricks.length, handBefore = v.hand.number;
    let a;
    try {
      a = await gameApi(`/${playGame.id}/step`, { at: playGame.step });
    } catch (e) {
      if (run !== playGame.run) return;
      playSay(`${v.turn.name} could not decide: ${e.message}. Retrying…`, 'bad');
      await sleep(2000);
      continue;
    }
    if (run !== playGame.run) return;
    playAnswer(a);
    const w = a.view;
    const trickDone = w.hand.tricks.length > tricksBefore || w.hand.number !== handBefore;
    await sleep(trickDone ? playGame.trickPause : playGame.delay);
  }
}

async function playAct(action) {
  const run = playGame.run;
  try {
    const a = await gameApi(`/${playGame.id}/act`, { action, at: playGame.step });
    if (run !== playGame.run) return;
    playAnswer(a);
    playLoop(run);
  } catch (e) {
    if (run !== playGame.run) return;
    playGame.give = [];
    playRender();
    playSay(String(e.message), 'bad');
  }
}

function nameOf(v, p) { return p === v.me ? 'You' : v.players[p]; }

function playRender() {
  const v = playGame.view;
  if (!v) return;
  const h = v.hand;
  // Scores.
  const deals = h.dealer === v.me ? 'you deal' : `${nameOf(v, h.dealer)} deals`;
  const dealer = `hand ${h.number} · ${deals}${h.sits_out != null ? (h.dealer === v.me ? ' and sit out' : ' and sits out') : ''}`;
  $('play-scores').textContent = `Scores (game to ${v.game_to}): ` + v.players.map((n, p) => `${nameOf(v, p)} ${v.totals[p]}`).join(' · ') + ` · ${dealer}`;
  // Whose turn.
  if (v.result) { playSay(`Game over: ${v.result}.`, 'good'); $('play-setup').open = true; }
  else if (v.turn && v.turn.mine) playSay(playPrompt(v), 'good');
  else if (v.turn) playSay(`${v.turn.name} to ${DECISIONS[v.turn.decision]}…`);
  playControls(v);
  playTable(v);
  playLog(v);
  playSheet(v);
  playEnd(v);
}

function playPrompt(v) {
  const h = v.hand, l = v.legal;
  switch (v.turn.decision) {
    case 'redeal': return `You may ask for a redeal (${v.turn.why}).`;
    case 'call': {
      const high = [...h.auction].reverse().find(c => c.call !== 'pass');
      return `Your call: the bid is ${high ? callWords(high.call) + ' by ' + nameOf(v, high.player) : 'none'}.`;
    }
    case 'exchange': {
      if (l.exchange_cards === 3) return `Discard three cards: click them (${playGame.give.length} of 3).`;
      if (l.lay_away) return playGame.give.length === 0
        ? 'You took a musik. Lay two cards away: first click the card whose points you keep.'
        : 'Now click the card that goes into the other musik (its points go with the last trick).';
      const to = h.seats.slice(1);
      const next = to[playGame.give.length] || to[1];
      return `You took the musik. Give a card to ${next.name}: click it.`;
    }
    case 'contract': return `How much do you play for? (from ${l.contracts[0]} to ${l.contracts[l.contracts.length - 1]}, or concede: the bomb)`;
    case 'play': return 'Your turn: the cards you may play are lit.';
  }
  return '';
}

function playControls(v) {
  const kids = [];
  const l = v.legal;
  if (l && v.turn && v.turn.mine) {
    const d = v.turn.decision;
    if (d === 'redeal') {
      kids.push(el('button', { id: 'play-redeal-yes', onclick: () => playAct('y') }, 'Ask for a redeal'),
        el('button', { id: 'play-redeal-no', onclick: () => playAct('n') }, 'Play this deal'));
    } else if (d === 'call') {
      const bids = l.calls.filter(c => c !== 'pass');
      if (bids.length) {
        const sel = el('select', { id: 'play-bid', 'aria-label': 'bid' });
        for (const c of bids) sel.append(el('option', { value: c }, callWords(c)));
        kids.push(sel, el('button', { id: 'play-bid-go', onclick: () => playAct(sel.value) }, 'Bid'));
      }
      if (l.calls.includes('pass')) kids.push(el('button', { id: 'play-pass', onclick: () => playAct('pass') }, 'Pass'));
    } else if (d === 'exchange') {
      if (playGame.give.length) kids.push(el('button', { id: 'play-give-undo', onclick: () => { playGame.give = []; playRender(); } }, 'Start the exchange again'));
      if (l.exchange_example) kids.push(el('button', { id: 'play-exchange-example', onclick: () => playAct(l.exchange_example) }, `Suggested: ${cardWords(l.exchange_example)}`));
    } else if (d === 'contract') {
      const sel = el('select', { id: 'play-contract', 'aria-label': 'contract' });
      for (const c of l.contracts) sel.append(el('option', {}, c));
      kids.push(sel, el('button', { id: 'play-contract-go', onclick: () => playAct(sel.value) }, 'Play'));
      if (l.bomb) kids.push(el('button', { id: 'play-bomb', onclick: () => playAct('bomb') }, 'Concede (bomb)'));
    } else if (d === 'play' && l.moves.some(m => m.endsWith('-'))) {
      // declare=optional: a marriage may be led without declaring it.
      const box = el('input', { type: 'checkbox', id: 'play-declare' });
      box.checked = playGame.declare;
      box.addEventListener('change', () => { playGame.declare = box.checked; });
      kids.push(el('label', {}, box, ' declare the marriage when I lead its king or queen'));
    }
  }
  $('play-controls').replaceChildren(...kids);
}

// A row of cards, each with an optional caption and marks.
function cardRow(id, title, cards) {
  const row = el('div', { class: 'hand' });
  for (const c of cards) {
    const b = cardButton(c.card, { tabindex: '-1', disabled: '' });
    if (c.cls) b.classList.add(...c.cls.split(' '));
    if (c.title) b.title = c.title;
    const box = el('div', { class: 'played' + (c.winner ? ' winner' : ''), 'data-player': c.player ?? '' }, b);
    if (c.caption) box.append(el('span', { class: 'who' }, c.caption));
    row.append(box);
  }
  return el('div', { class: 'seat', id }, el('h3', {}, title), row);
}

function playTable(v) {
  const h = v.hand, kids = [];
  // The auction: every call with its bidder.
  const calls = el('ol', { class: 'calls', id: 'play-auction' });
  for (const c of h.auction) {
    calls.append(el('li', { 'data-player': c.player, 'data-call': c.call },
      `${nameOf(v, c.player)}: ${callWords(c.call)}${c.forced ? ' (forced opening)' : ''}`));
  }
  kids.push(el('div', { class: 'seat' }, el('h3', {}, `Auction${h.declarer != null ? ` · won by ${nameOf(v, h.declarer)} at ${h.bid}${h.blind ? ' blind' : ''}` : ''}`), calls));
  // The musik, when this player may see it.
  if (h.musik) {
    kids.push(cardRow('play-musik', h.musik_shown ? 'Musik (turned up)' : 'Musik (face down; yours)', h.musik.map(c => ({ card: c, cls: 'musik' }))));
  }
  // The contract, kept in view for the whole hand.
  if (h.declarer != null && (h.contract != null || h.conceded)) {
    const gift = h.received ? ` · ${nameOf(v, h.declarer)} gave you ${cardWords(h.received)}` : '';
    const laid = h.discarded && h.discarded.length === 2 && !h.gifts.length
      ? ` · you laid away ${cardWords(h.discarded[0])} (its points are yours) and ${cardWords(h.discarded[1])} (into the other musik, for the last trick)` : '';
    const gave = h.declarer !== v.me ? '' : laid || ' · you gave ' + h.gifts.map(g => `${cardWords(g.card || '?')} to ${g.name}`).join(', ');
    const text = h.conceded ? `${nameOf(v, h.declarer)} conceded (the bomb).`
      : `${nameOf(v, h.declarer)} play${h.declarer === v.me ? '' : 's'} for ${h.contract} (bid ${h.bid})${h.trump ? ' · trump ' + SYM[h.trump] : ' · no trump yet'}${gift}${gave}`;
    kids.push(el('p', { class: 'status', id: 'play-contract-line' }, text));
  }
  // Seats and points.
  if (h.points.length) {
    kids.push(el('p', { id: 'play-points' }, 'Points: ' + h.points.map(s => `${nameOf(v, s.player)} ${s.points}`).join(' · ')));
  }
  // The trick on the table, or the last one taken, with names.
  if (h.trick.length) {
    kids.push(cardRow('play-trick', `On the table (trick ${h.tricks.length + 1})`, h.trick.map(c => ({ card: c.card, player: c.player, caption: `${nameOf(v, c.player)}${c.declares ? ' · ' + c.declares : ''}` }))));
  } else if (h.tricks.length) {
    const t = h.tricks[h.tricks.length - 1];
    kids.push(cardRow('play-trick', `Trick ${t.number} taken by ${t.winner === v.me ? 'you' : nameOf(v, t.winner)} (${t.points} points)`, t.cards.map(c => ({ card: c.card, player: c.player, winner: c.player === t.winner, caption: `${nameOf(v, c.player)}${c.declares ? ' · ' + c.declares : ''}` }))));
  }
  // The player's hand.
  kids.push(playHand(v));
  // The tricks taken, each with its winner.
  if (h.tricks.length) {
    const list = el('ol', { class: 'tricks', id: 'play-tricks' });
    for (const t of h.tricks) {
      list.append(el('li', { 'data-winner': t.winner },
        t.cards.map(c => `${nameOf(v, c.player)} ${cardWords(c.card)}${c.declares ? ', declaring ' + c.declares : ''}`).join(' · ') + ` → ${nameOf(v, t.winner)} ${t.winner === v.me ? 'take' : 'takes'} it (${t.points} points)`));
    }
    kids.push(el('div', { class: 'seat' }, el('h3', {}, 'Tricks'), list));
  }
  // The previous hand's end, so that its last trick and result stay seen.
  if (v.last && h.auction.length <= 3 && !h.exchanged) {
    const last = v.last;
    const t = last.tricks[last.tricks.length - 1];
    const end = last.events.slice(t ? -2 : -1).join(' ');
    kids.push(el('div', { class: 'seat last', id: 'play-last' }, el('h3', {}, `Previous hand ${last.number}`), el('p', {}, cardWords(end))));
  }
  $('play-table').replaceChildren(...kids);
}

function playHand(v) {
  const h = v.hand, l = v.legal;
  const mine = v.turn && v.turn.mine;
  const musik = h.declarer === v.me && h.musik ? h.musik : [];
  const row = el('div', { class: 'hand' });
  for (const c of h.cards) {
    const b = cardButton(c);
    if (c === h.received) { b.classList.add('gift'); b.title = `given to you by ${h.declarer_name}`; b.append(el('span', { class: 'v' }, 'gift')); }
    if (musik.includes(c)) { b.classList.add('musik'); b.title = 'from the musik'; }
    if (mine && v.turn.decision === 'play') {
      const moves = l.moves.filter(m => m.slice(0, 2) === c);
      if (moves.length) {
        b.classList.add('legal');
        const plain = moves.find(m => !m.endsWith('-')) || moves[0];
        const quiet = moves.find(m => m.endsWith('-'));
        if (h.trick.length === 0 && 'KQ'.includes(c[0]) && h.cards.includes((c[0] === 'K' ? 'Q' : 'K') + c[1])) { b.classList.add('marriage'); b.title = 'a marriage: leading it declares it'; }
        b.addEventListener('click', () => playAct(quiet && !playGame.declare ? quiet : plain));
      } else { b.classList.add('dim'); b.disabled = true; }
    } else if (mine && v.turn.decision === 'exchange') {
      if (playGame.give.includes(c)) { b.classList.add('sel'); b.disabled = true; }
      else {
        b.classList.add('legal');
        b.addEventListener('click', () => {
          playGame.give.push(c);
          if (playGame.give.length >= (l.exchange_cards || 2)) playAct(playGame.give.join(' '));
          else playRender();
        });
      }
    } else { b.tabIndex = -1; }
    row.append(b);
  }
  const title = `Your cards${h.declarer === v.me ? ' (you declare)' : ''}`;
  return el('div', { class: 'seat' + (mine ? ' tomove' : ''), id: 'play-hand', 'data-seat': 'you' }, el('h3', {}, title), row);
}

function playLog(v) {
  const lines = v.hand.events.map(e => el('li', {}, cardWords(e)));
  const log = el('ol', { id: 'play-events' }, ...lines);
  const kids = [el('h3', {}, `Hand ${v.hand.number}: what happened`), log];
  if (v.last) {
    kids.push(el('details', { id: 'play-last-events' }, el('summary', {}, `Hand ${v.last.number}${v.last.redeal ? ' (redealt)' : ''}`),
      el('ol', {}, ...v.last.events.map(e => el('li', {}, cardWords(e))))));
  }
  $('play-log').replaceChildren(...kids);
  log.scrollTop = log.scrollHeight;
}

function playSheet(v) {
  if (!v.sheet.length) { $('play-sheet').replaceChildren(); return; }
  const head = el('tr', {}, el('th', {}, 'hand'), el('th', {}, 'declarer'), el('th', {}, 'contract'), el('th', {}, 'result'), ...v.players.map((n, p) => el('th', {}, nameOf(v, p))));
  const rows = v.sheet.map(r => el('tr', { 'data-hand': r.number },
    el('td', {}, r.number), el('td', {}, nameOf(v, r.declarer)), el('td', {}, r.contract ?? r.bid),
    el('td', {}, r.conceded ? 'bomb' : r.made ? 'made' : 'failed'),
    ...r.totals.map((t, p) => el('td', { title: `${r.added[p] >= 0 ? '+' : ''}${r.added[p]}` }, `${t} (${r.added[p] >= 0 ? '+' : ''}${r.added[p]})`))));
  $('play-sheet').replaceChildren(el('h3', {}, 'Score sheet'), el('table', { id: 'play-sheet-table' }, head, ...rows));
}

// The record and the post-mortem of the hands finished; the result.
function playEnd(v) {
  const kids = [];
  if (v.result) kids.push(el('p', { id: 'play-result', class: 'status good' }, `${v.result}.`));
  if (v.sheet.length) {
    kids.push(el('a', { id: 'play-record', href: `/api/game/${playGame.id}/record`, download: `tysiac-game-${playGame.seed}.txt`, onclick: recordDownload }, 'Download record'));
    const sel = el('select', { id: 'play-postmortem-hand', 'aria-label': 'hand for the post-mortem' });
    for (const x of playGame.hands) sel.append(el('option', { value: x.number }, `hand ${x.number}: ${nameOf(v, x.declarer)} for ${x.contract}`));
    sel.selectedIndex = sel.options.length - 1;
    if (playGame.hands.length) kids.push(' ', sel, el('button', { id: 'play-postmortem', onclick: () => playPostMortem(sel.value) }, 'Post-mortem'));
    if (playGame.handsFor !== v.sheet.length) {
      // The finished hands' positions, fetched once per hand scored.
      playGame.handsFor = v.sheet.length;
      const run = playGame.run;
      gameApi(`/${playGame.id}/hands`).then(r => {
        if (run !== playGame.run) return;
        playGame.hands = r.hands;
        playEnd(playGame.view);
      }).catch(e => playSay(String(e.message), 'bad'));
    }
  }
  $('play-end').replaceChildren(...kids);
}

function playPostMortem(number) {
  const x = playGame.hands.find(h => String(h.number) === String(number));
  if (!x) return;
  $('post-text').value = x.position + '\n';
  showTab('post');
  postRun();
}

// A game left by reloading the page goes on where it was.
async function playResume() {
  let id = null;
  try { id = localStorage.getItem('tysiac.game'); } catch (e) { return; }
  if (!id) return;
  const run = playGame.run;
  try {
    const a = await gameApi('/' + encodeURIComponent(id));
    if (run !== playGame.run) return;
    playGame.seed = a.seed;
    playGame.hands = [];
    playGame.handsFor = 0;
    playAnswer(a);
    if (!a.view.result) playSay(`Game ${a.seed} resumed. ` + $('play-status').textContent);
    playLoop(run);
  } catch (e) {
    if (e.status === 404) { try { localStorage.removeItem('tysiac.game'); } catch (x) { /* ignore */ } }
  }
}
playResume();
