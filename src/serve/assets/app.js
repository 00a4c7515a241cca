// The sow playground: draws the game the server keeps, sends moves, and
// animates each move from the engine's trace. Every rule is the server's;
// this file only shows and asks.
'use strict';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';

const PLAYERS = [
  ['human', 'human'],
  ['random', 'random'],
  ['greedy', 'greedy'],
  ['alphabeta:2', 'alpha-beta, depth 2'],
  ['alphabeta:4', 'alpha-beta, depth 4'],
  ['alphabeta:6', 'alpha-beta, depth 6'],
  ['alphabeta:8', 'alpha-beta, depth 8'],
  ['mcts:200', 'MCTS, 200 playouts'],
  ['mcts:1000', 'MCTS, 1000 playouts'],
  ['mcts:5000', 'MCTS, 5000 playouts'],
];

const state = {
  view: null,       // the game as the server last showed it
  source: null,     // {variant: name} or {toml: text}: what "New game" plays
  generation: 0,    // bumped by every new game, so a running loop stops
  busy: false,
  pending: null,    // {house, moves}: a house whose way to sow is being chosen
  hint: null,       // the house the last hint names, marked until the next move
  drawn: null,      // what the board last drew, to draw again at a new width
  variants: [],     // the shipped variants, as the server lists them
};

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (e) {
    return { error: `the server cannot be reached: ${e.message}` };
  }
  const type = response.headers.get('Content-Type') || '';
  const data = type.includes('json') ? await response.json() : { text: await response.text() };
  if (!response.ok && !data.error) data.error = `${response.status} ${response.statusText}`;
  return data;
}

function sleep(ms) { return new Promise((resolve) => setTimeout(resolve, ms)); }

function reducedMotion() {
  return window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function say(text) {
  const p = document.createElement('p');
  p.textContent = text;
  $('log').appendChild(p);
  $('log').scrollTop = $('log').scrollHeight;
}

function refuse(text) { $('alert').textContent = text; }

function seeds(n) { return n === 1 ? '1 seed' : `${n} seeds`; }

function isComputer(side) {
  if (!state.view || !side) return false;
  return state.view.players[side === 'south' ? 0 : 1] !== 'human';
}

// North's seat when a person plays North against a computer, as `sow play`.
function seat() {
  const [south, north] = state.view.players;
  return north === 'human' && south !== 'human' ? 'north' : 'south';
}

// Where a house's seeds are drawn as stones, up to MAX_STONES; past it a
// number reads better. Offsets are in units of the pit's inner radius,
// the same for a count every time.
const MAX_STONES = 15;
const GOLDEN = Math.PI * (3 - Math.sqrt(5));

function stoneLayout(n) {
  if (n === 1) return { r: 0.34, at: [[0, 0]] };
  if (n <= 6) {
    const ring = n === 2 ? 0.42 : 0.5;
    const at = [];
    for (let i = 0; i < n; i += 1) {
      const a = -Math.PI / 2 + (2 * Math.PI * i) / n + (n === 2 ? Math.PI / 2 : 0);
      at.push([ring * Math.cos(a), ring * Math.sin(a)]);
    }
    return { r: Math.min(0.32, 0.66 / Math.sqrt(n)), at };
  }
  if (n === 7) {
    const at = [[0, 0]];
    for (let i = 0; i < 6; i += 1) {
      const a = -Math.PI / 2 + (Math.PI * i) / 3;
      at.push([0.6 * Math.cos(a), 0.6 * Math.sin(a)]);
    }
    return { r: 0.25, at };
  }
  // A sunflower: even, round, and the same for a count every time.
  const at = [];
  for (let i = 0; i < n; i += 1) {
    const radius = 0.84 * Math.sqrt((i + 0.5) / n);
    at.push([radius * Math.cos(i * GOLDEN), radius * Math.sin(i * GOLDEN)]);
  }
  return { r: 0.64 / Math.sqrt(n), at };
}

const SIDE_NAME = { south: 'South', north: 'North' };

// What a house's accessible name says beside its seeds.
function houseName(info, n, hinted) {
  const parts = [];
  if (info.blocked && n === 0) {
    parts.push(`${info.label}: blocked`);
  } else {
    parts.push(`${info.label}: ${seeds(n)}`);
    if (info.blocked) parts.push('blocked');
  }
  if (info.child) parts.push(`${SIDE_NAME[info.child]}'s child`);
  if (info.ram) parts.push('a ram, nobody\'s');
  if (info.owner !== rowOf(info.label)) parts.push(`owned by ${SIDE_NAME[info.owner]}`);
  if (info.marked) parts.push('marked');
  if (info.played) parts.push('played already');
  if (hinted) parts.push('the hint');
  return parts.join(', ');
}

function rowOf(label) { return label[0] === label[0].toUpperCase() ? 'south' : 'north'; }

// The board's shape at `avail` pixels wide: `ends` (stores at the ends of
// the rows), `bands` (stores above and below: more room for the houses) or
// `portrait` (the board turned a quarter, rows running down the page),
// whichever first gives houses of a size a finger can tap.
function boardShape(rows, columns, avail) {
  const PAD = 4;
  const ends = Math.min(88, (avail - 2 * PAD) / (columns + 2));
  if (ends >= 36) return { mode: 'ends', s: ends, cw: ends, PAD };
  const bands = Math.min(88, (avail - 2 * PAD) / columns);
  if (bands >= 32) return { mode: 'bands', s: bands, cw: bands, PAD };
  // Turned, the houses are wider than they are tall: room for the stores.
  const cw = Math.max(32, Math.min(110, (avail - 2 * PAD) / rows));
  return { mode: 'portrait', s: Math.min(52, cw), cw, PAD };
}

function drawBoard(view, board, stores, marks) {
  state.drawn = [view, board, stores, marks];
  // The houses as South sees the board, rows from the bottom up; turned
  // round for a player sitting at North.
  const grid = view.grid;
  const rows = grid.length;
  const columns = grid[0].length;
  const south = seat() === 'south';
  const shown = south ? [...grid].reverse() : grid.map((row) => [...row].reverse());
  const avail = Math.max(200, $('board-wrap').clientWidth || 600);
  const { mode, s, cw, PAD } = boardShape(rows, columns, avail);
  const LH = Math.max(13, Math.round(s * 0.2)); // a label's line
  const cellH = s + LH;
  const bandH = Math.max(30, Math.round(s * 0.62));
  const GAP = 4;
  // Landscape cells (row r from the top, column c from the left) to the
  // drawing's: a turned board's left column is the bottom row.
  let width;
  let height;
  let cell;
  let storeRect;
  if (mode === 'portrait') {
    const top = PAD + bandH + GAP;
    width = 2 * PAD + rows * cw;
    height = top + columns * cellH + GAP + bandH + PAD;
    cell = (r, c) => ({ x: PAD + (rows - 1 - r) * cw, y: top + c * cellH, labelBelow: false });
    storeRect = (far) => ({ x: PAD, y: far ? PAD : height - PAD - bandH, w: rows * cw, h: bandH, band: true });
  } else if (mode === 'bands') {
    const top = PAD + bandH + GAP;
    width = 2 * PAD + columns * s;
    height = top + rows * cellH + GAP + bandH + PAD;
    cell = (r, c) => ({ x: PAD + c * s, y: top + r * cellH, labelBelow: rows === 2 && r === 1 });
    storeRect = (far) => ({ x: PAD, y: far ? PAD : height - PAD - bandH, w: columns * s, h: bandH, band: true });
  } else {
    width = 2 * PAD + (columns + 2) * s;
    height = 2 * PAD + rows * cellH;
    cell = (r, c) => ({ x: PAD + (c + 1) * s, y: PAD + r * cellH, labelBelow: rows === 2 && r === 1 });
    storeRect = (far) => ({
      x: far ? PAD + s * 0.1 : width - PAD - s * 0.9,
      y: PAD + LH,
      w: s * 0.8,
      h: rows * cellH - (rows === 2 ? 2 * LH : LH),
      band: false,
    });
  }
  const svg = $('board');
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('width', width);
  svg.setAttribute('height', height);
  svg.dataset.shape = mode;
  svg.replaceChildren();
  const el = (name, attrs, parent) => {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    (parent || svg).appendChild(e);
    return e;
  };
  el('rect', { class: 'frame', x: 1.5, y: 1.5, width: width - 3, height: height - 3, rx: Math.min(40, s / 2) });
  const moves = view.moves || [];
  const legalHouses = new Set(moves.filter((m) => m.house !== null).map((m) => m.house));
  const refused = new Map(view.refused.map((r) => [r.house, r.reason]));
  const playing = !view.over && view.ply === view.plies && !isComputer(view.to_move);
  const badgeFont = Math.max(10, Math.round(s * 0.19));
  const centres = {};
  const house = (h, r, c) => {
    const info = view.houses[h];
    const n = board[h];
    const label = info.label;
    const box = cell(r, c);
    const cx = box.x + cw / 2;
    const cy = box.labelBelow ? box.y + s / 2 : box.y + LH + s / 2;
    centres[h] = { cx, cy, r };
    const hinted = state.hint === h;
    const classes = ['house', `owner-${info.owner}`];
    if (playing && legalHouses.has(h)) classes.push('legal');
    if (playing && refused.has(label)) classes.push('refused');
    if (info.child) classes.push('child', `child-${info.child}`);
    if (info.ram) classes.push('ram');
    if (info.blocked) classes.push('blocked');
    if (info.played) classes.push('played');
    if (info.marked) classes.push('marked');
    if (hinted) classes.push('hinted');
    if (state.pending && state.pending.house === h) classes.push('choosing');
    if (marks[h]) classes.push(marks[h]);
    const g = el('g', {
      class: classes.join(' '),
      role: 'button',
      tabindex: 0,
      'aria-label': houseName(info, n, hinted),
      'data-house': label,
    });
    const title = el('title', {}, g);
    title.textContent = playing && refused.has(label)
      ? `${label} cannot be played: ${refused.get(label)}`
      : houseName(info, n, hinted);
    // The whole cell answers a tap; its tint says whose house it is.
    el('rect', { class: 'cell', x: box.x + 1, y: box.y + 1, width: cw - 2, height: cellH - 2, rx: 6 }, g);
    const pr = s * 0.42;
    el('circle', { class: 'pit', cx, cy, r: pr }, g);
    if (hinted) el('circle', { class: 'hint-ring', cx, cy, r: pr + 3 }, g);
    if (info.blocked) {
      const d = pr * 0.6;
      el('path', { class: 'bar', d: `M${cx - d} ${cy - d}L${cx + d} ${cy + d}M${cx + d} ${cy - d}L${cx - d} ${cy + d}` }, g);
    }
    if (n > 0 && n <= MAX_STONES) {
      const { r: sr, at } = stoneLayout(n);
      const inner = pr * 0.82;
      at.forEach(([dx, dy], i) => {
        el('circle', {
          class: `stone tone-${(h * 7 + i * 3) % 4}`,
          cx: cx + dx * inner,
          cy: cy + dy * inner,
          r: Math.max(1.5, sr * inner),
        }, g);
      });
    }
    if (n > MAX_STONES) {
      el('text', { class: 'count', x: cx, y: cy, 'font-size': Math.max(12, Math.round(s * 0.32)) }, g).textContent = n;
    } else {
      // The count beside the stones, always there to read.
      const bx = cx + pr * 0.74;
      const by = cy + pr * 0.74;
      el('circle', { class: 'badge', cx: bx, cy: by, r: badgeFont * 0.72 }, g);
      el('text', { class: 'badge-count', x: bx, y: by, 'font-size': badgeFont }, g).textContent = n;
    }
    // Tags in the cell's top corners: a child's owner, a ram; marked, played.
    const tag = (x, text, kind) => {
      const ty = box.labelBelow ? box.y + 7 : box.y + LH + 5;
      el('circle', { class: `tag ${kind}`, cx: x, cy: ty, r: 6.5 }, g);
      el('text', { class: 'tag-text', x, y: ty }, g).textContent = text;
    };
    if (info.child) tag(box.x + 7, info.child === 'south' ? 'S' : 'N', `tag-${info.child}`);
    if (info.ram) tag(box.x + 7, 'R', 'tag-ram');
    if (info.marked) tag(box.x + cw - 7, 'm', 'tag-mark');
    if (info.played) tag(box.x + cw - 7, '✓', 'tag-played');
    const ly = box.labelBelow ? box.y + s + LH * 0.75 : box.y + LH * 0.75;
    el('text', { class: 'label', x: cx, y: ly, 'font-size': Math.max(11, Math.round(LH * 0.85)) }, g).textContent = label;
    g.addEventListener('click', () => clickHouse(h));
    g.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); clickHouse(h); }
      if (e.key === 'Escape') cancelChoice();
    });
  };
  shown.forEach((row, r) => row.forEach((h, c) => house(h, r, c)));
  // Moves from the mover's store (`*K`, `[play] sow_from_store`).
  const storeMoves = view.legal.filter((m) => m.startsWith('*'));
  const store = (side, far) => {
    const index = side === 'south' ? 0 : 1;
    const what = view.hands ? 'hand' : 'store';
    const name = `${SIDE_NAME[side]}'s ${what}`;
    const sows = playing && side === view.to_move && storeMoves.length > 0;
    const classes = ['store', `owner-${side}`, marks[`store-${side}`] || ''];
    if (sows) classes.push('legal');
    const g = el('g', sows
      ? { role: 'button', tabindex: 0, 'aria-label': `${name}: ${seeds(stores[index])}, sow from it`, class: classes.join(' ') }
      : { role: 'img', 'aria-label': `${name}: ${seeds(stores[index])}`, class: classes.join(' ') });
    const title = el('title', {}, g);
    title.textContent = view.hands
      ? `${name}: the seeds ${SIDE_NAME[side]} holds in hand or has captured`
      : `${name}: the seeds ${SIDE_NAME[side]} has captured`;
    if (sows) {
      g.addEventListener('click', () => offer('Sow from your store: ', storeMoves));
      g.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); offer('Sow from your store: ', storeMoves); }
      });
    }
    const box = storeRect(far);
    el('rect', { class: 'pit', x: box.x + 2, y: box.y, width: box.w - 4, height: box.h, rx: Math.min(box.w, box.h) / 2 }, g);
    const font = Math.max(13, Math.round(Math.min(s, box.h) * 0.34));
    if (box.band) {
      // As much of the name as the band holds.
      const long = `${name}: ${stores[index]}`;
      const text = long.length * font * 0.62 <= box.w - 12 ? long : `${SIDE_NAME[side]}: ${stores[index]}`;
      el('text', { class: 'count store-count', x: box.x + box.w / 2, y: box.y + box.h / 2, 'font-size': font }, g)
        .textContent = text;
    } else {
      el('text', { class: 'count', x: box.x + box.w / 2, y: box.y + box.h / 2, 'font-size': font }, g).textContent = stores[index];
      el('text', { class: 'seat-name', x: box.x + box.w / 2, y: PAD + LH * 0.75, 'font-size': Math.max(11, Math.round(LH * 0.85)) }, svg)
        .textContent = view.hands ? `${side === 'south' ? 'S' : 'N'} hand` : (side === 'south' ? 'S' : 'N');
    }
  };
  // The seat's own store at its right (or below), as the rule documents draw it.
  store(south ? 'north' : 'south', true);
  store(south ? 'south' : 'north', false);
  if (state.pending) drawArrows(el, state.pending, centres, shown.length, mode, s, width, height);
}

// The two ways a house may sow, as arrows beside it: counter-clockwise runs
// to the right along the bottom row (and every other row up from it), and
// to the left along the rows between, as on the rule documents' boards.
function drawArrows(el, pending, centres, rows, mode, s, width, height) {
  const at = centres[pending.house];
  if (!at) return;
  const fromBottom = rows - 1 - at.r;
  let ccw = fromBottom % 2 === 0 ? [1, 0] : [-1, 0];
  if (mode === 'portrait') ccw = [0, ccw[0]];
  const label = state.view.houses[pending.house].label;
  const radius = Math.max(16, s * 0.3);
  let first = null;
  for (const mv of pending.moves) {
    const way = mv.direction === 'clockwise' ? -1 : 1;
    const [dx, dy] = [ccw[0] * way, ccw[1] * way];
    const x = Math.min(width - radius - 1, Math.max(radius + 1, at.cx + dx * s * 0.62));
    const y = Math.min(height - radius - 1, Math.max(radius + 1, at.cy + dy * s * 0.62));
    const g = el('g', {
      class: 'arrow', role: 'button', tabindex: 0,
      'aria-label': `Sow ${label} ${mv.direction}`, 'data-move': mv.move,
    });
    el('title', {}, g).textContent = `Sow ${label} ${mv.direction} (${mv.move})`;
    el('circle', { cx: x, cy: y, r: radius }, g);
    const glyph = dx > 0 ? '→' : dx < 0 ? '←' : dy > 0 ? '↓' : '↑';
    el('text', { x, y, 'font-size': Math.round(radius * 1.2) }, g).textContent = glyph;
    g.addEventListener('click', (e) => { e.stopPropagation(); playMove(mv.move); });
    g.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); playMove(mv.move); }
      if (e.key === 'Escape') cancelChoice();
    });
    if (!first) first = g;
  }
  if (first && pending.focus) { pending.focus = false; first.focus(); }
}

function redraw() {
  if (state.drawn) drawBoard(...state.drawn);
}

function cancelChoice() {
  if (!state.pending) return;
  state.pending = null;
  redraw();
}

function showNotes(view) {
  const notes = $('notes');
  notes.replaceChildren();
  for (const line of view.notes || []) {
    const li = document.createElement('li');
    li.textContent = line;
    notes.appendChild(li);
  }
  $('match').textContent = view.match_line || '';
  $('match').hidden = !view.match_line;
  const legend = $('legend');
  legend.replaceChildren();
  const swatch = (kind, text) => {
    const span = document.createElement('span');
    span.className = `swatch ${kind}`;
    span.setAttribute('aria-hidden', 'true');
    legend.append(span, ` ${text} `);
  };
  swatch('owner-south', "South's houses");
  swatch('owner-north', "North's houses");
  if (view.houses.some((h) => h.child)) legend.append('· S or N: whose child ');
  if (view.hands) legend.append("· the stores hold each player's seeds in hand (or captured)");
}

function render(view) {
  state.view = view;
  state.pending = null;
  state.hint = null;
  drawBoard(view, view.board, view.stores, {});
  showNotes(view);
  $('status').textContent = view.ply < view.plies
    ? `Ply ${view.ply} of ${view.plies}: ${view.status}`
    : view.status;
  $('variant-name').textContent = `— ${view.title} (${view.variant}${view.edited ? ', edited' : ''})`;
  if (!$('position-text').hidden) $('position-text').textContent = view.position;
  $('record').textContent = view.record;
  $('download').href = `/api/games/${view.id}/record`;
  $('download').download = `${view.variant}.sow`;
  $('ply-shown').textContent = `ply ${view.ply} of ${view.plies}`;
  $('south').value = view.players[0];
  $('north').value = view.players[1];
  $('choice').replaceChildren();
  offerOthers(view);
}

// Moves played from no house and no store (`+b3+b5`: houses taken by
// choice), offered as buttons while the person may play them.
function offerOthers(view) {
  const others = (view.moves || []).filter((m) => m.house === null && !m.move.startsWith('*'));
  if (!others.length || view.over || view.ply < view.plies || isComputer(view.to_move)) return;
  const choice = $('choice');
  choice.replaceChildren(document.createTextNode('Other moves: '));
  for (const m of others) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = m.move;
    b.addEventListener('click', () => { if (mayMove()) playMove(m.move); });
    choice.appendChild(b);
  }
}

async function animate(before, played) {
  const speed = Number($('speed').value);
  if (!speed) return;
  const board = before.board.slice();
  const stores = before.stores.slice();
  for (const step of played.steps) {
    const marks = {};
    const at = step.house !== undefined ? step.house : null;
    const storeIndex = step.store === 'south' ? 0 : step.store === 'north' ? 1 : null;
    switch (step.kind) {
      case 'lift':
      case 'relay':
        if (at !== null) { board[at] = 0; marks[at] = 'flash'; }
        break;
      case 'drop':
        if (at !== null) { board[at] = step.seeds; marks[at] = 'flash'; }
        if (storeIndex !== null) { stores[storeIndex] = step.seeds; marks[`store-${step.store}`] = 'flash'; }
        break;
      case 'capture':
        if (at !== null) { board[at] = 0; marks[at] = 'taken'; }
        break;
      case 'skip':
      case 'mark':
        if (at !== null) marks[at] = 'taken';
        break;
      default:
        break;
    }
    drawBoard(before, board, stores, marks);
    $('status').textContent = step.text;
    await sleep(speed);
  }
}

async function showPlayed(played, generation) {
  const before = state.view;
  await animate(before, played);
  if (generation !== state.generation) return;
  render(played.view);
  say(played.summary);
  if (played.view.over) say(played.view.status);
}

async function computerTurns(generation) {
  while (generation === state.generation && state.view && !state.view.over
    && state.view.ply === state.view.plies && isComputer(state.view.to_move)) {
    const played = await api('POST', `/api/games/${state.view.id}/computer`);
    if (generation !== state.generation) return;
    if (played.error) { refuse(played.error); return; }
    await showPlayed(played, generation);
  }
}

async function playMove(mv) {
  const generation = state.generation;
  state.busy = true;
  state.pending = null;
  state.hint = null;
  try {
    const played = await api('POST', `/api/games/${state.view.id}/move`, { move: mv });
    if (generation !== state.generation) return;
    if (played.error) { refuse(played.error); redraw(); return; }
    refuse('');
    await showPlayed(played, generation);
    await computerTurns(generation);
  } finally {
    state.busy = false;
  }
}

// Whether the person may move now; if not, says why.
function mayMove() {
  const view = state.view;
  if (!view || state.busy) return false;
  if (view.ply < view.plies) {
    refuse(`You are looking at ply ${view.ply} of ${view.plies}: go to the last ply to play on.`);
    return false;
  }
  if (view.over) { refuse(`The game is over. ${view.status}`); return false; }
  if (isComputer(view.to_move)) { refuse(`It is the computer's turn.`); return false; }
  return true;
}

// The moves one click leaves open, as buttons to choose from.
function offer(text, moves) {
  if (!mayMove()) return;
  const choice = $('choice');
  choice.replaceChildren(document.createTextNode(text));
  for (const mv of moves) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = mv;
    b.addEventListener('click', () => playMove(mv));
    choice.appendChild(b);
  }
}

function clickHouse(h) {
  if (!mayMove()) return;
  const label = state.view.houses[h].label;
  const candidates = (state.view.moves || []).filter((m) => m.house === h);
  const ways = candidates.filter((m) => m.direction);
  if (candidates.length === 2 && ways.length === 2 && ways[0].direction !== ways[1].direction) {
    // The mover chooses which way this house sows: arrows beside it.
    if (state.pending && state.pending.house === h) { cancelChoice(); return; }
    state.pending = { house: h, moves: ways, focus: true };
    $('choice').replaceChildren(document.createTextNode(`${label} sows either way: choose an arrow (Escape to cancel).`));
    redraw();
    return;
  }
  if (state.pending) { state.pending = null; redraw(); }
  if (candidates.length > 1) {
    offer(`${label} may be played ${candidates.length} ways: `, candidates.map((m) => m.move));
    return;
  }
  playMove(candidates.length ? candidates[0].move : label);
}

function players() { return { south: $('south').value, north: $('north').value }; }

async function startGame(source) {
  state.generation += 1;
  const generation = state.generation;
  const started = await api('POST', '/api/games', { ...source, ...players() });
  if (generation !== state.generation) return false;
  if (started.error) return started;
  state.source = source;
  $('log').replaceChildren();
  refuse('');
  render(started);
  $('sheet').textContent = started.sheet;
  say(`New game of ${started.title} (${started.variant}): ${started.players[0]} (South) against ${started.players[1]} (North).`);
  await computerTurns(generation);
  return true;
}

async function undo() {
  if (!state.view) return;
  state.generation += 1;
  const generation = state.generation;
  const undone = await api('POST', `/api/games/${state.view.id}/undo`);
  if (generation !== state.generation) return;
  if (undone.error) { refuse(undone.error); return; }
  refuse('');
  render(undone.view);
  say(undone.message);
}

async function hint() {
  if (!state.view) return;
  const generation = state.generation;
  const answer = await api('GET', `/api/games/${state.view.id}/hint`);
  if (generation !== state.generation) return;
  if (answer.error) { refuse(answer.error); return; }
  say(answer.text);
  // The house the hint plays is marked until the next move.
  state.hint = answer.house === undefined ? null : answer.house;
  redraw();
}

async function step(ply) {
  const view = state.view;
  if (!view) return;
  const target = Math.max(0, Math.min(view.plies, ply));
  state.generation += 1;
  const generation = state.generation;
  const shown = await api('GET', `/api/games/${view.id}?ply=${target}`);
  if (generation !== state.generation) return;
  if (shown.error) { refuse(shown.error); return; }
  refuse('');
  render(shown);
  if (target === shown.plies) await computerTurns(generation);
}

async function upload(file) {
  if (!file) return;
  const text = await file.text();
  const body = { text, ...(state.source || {}) };
  state.generation += 1;
  const generation = state.generation;
  const started = await api('POST', '/api/records', body);
  if (generation !== state.generation) return;
  if (started.error) { refuse(started.error); return; }
  refuse('');
  $('log').replaceChildren();
  render(started);
  $('sheet').textContent = started.sheet;
  say(`Loaded ${file.name}: ${started.plies} plies of ${started.variant}. Step through them with First, Back, Forward and Last.`);
}

// The editor: line numbers, and the line an error points at.
function drawGutter(bad) {
  const lines = $('editor').value.split('\n').length;
  const gutter = $('gutter');
  gutter.replaceChildren();
  for (let i = 1; i <= lines; i += 1) {
    const span = document.createElement('span');
    span.id = `line-${i}`;
    span.textContent = String(i);
    if (i === bad) span.className = 'bad';
    gutter.appendChild(span);
    gutter.appendChild(document.createTextNode('\n'));
  }
  gutter.scrollTop = $('editor').scrollTop;
}

function pointAt(line) {
  drawGutter(line);
  const editor = $('editor');
  const lines = editor.value.split('\n');
  let start = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i += 1) start += lines[i].length + 1;
  const end = start + (lines[line - 1] || '').length;
  editor.focus();
  editor.setSelectionRange(start, end);
  const lineHeight = parseFloat(getComputedStyle(editor).lineHeight) || 18;
  editor.scrollTop = Math.max(0, (line - 5) * lineHeight);
  $('gutter').scrollTop = editor.scrollTop;
}

function editorError(answer) {
  $('editor-status').textContent = '';
  $('editor-alert').textContent = answer.error;
  if (answer.line) pointAt(answer.line); else drawGutter(null);
}

function editorOk(text) {
  $('editor-alert').textContent = '';
  $('editor-status').textContent = text;
  drawGutter(null);
}

async function editCopy() {
  let text;
  let name;
  if (state.source && state.source.toml) {
    text = state.source.toml;
    name = state.view ? state.view.variant : 'the variant';
  } else {
    name = state.view ? state.view.variant : $('variant').value;
    const answer = await api('GET', `/api/variants/${encodeURIComponent(name)}/toml`);
    if (answer.error) { editorError(answer); return; }
    text = answer.text;
    // A copy needs names of its own: a shipped variant's are refused.
    text = text.replace(/^(name\s*=\s*")([^"]*)(")/m, '$1$2-copy$3')
      .replace(/^aliases\s*=\s*\[[^\]]*\]/m, 'aliases = []');
    name = `${name} (renamed ${name}-copy, with no aliases: a copy needs names of its own)`;
  }
  $('editor').value = text;
  editorOk(`A copy of ${name}. Check it, or play it at once.`);
}

const EMPTY_EDITOR = "The editor is empty: start from a shipped variant ('Edit a copy') or paste a variant file.";

async function check() {
  if (!$('editor').value.trim()) { editorError({ error: EMPTY_EDITOR }); return; }
  const answer = await api('POST', '/api/check', { toml: $('editor').value });
  if (answer.error) { editorError(answer); return; }
  const warnings = answer.warnings.map((w) => `warning: ${w.message}`).join('\n');
  editorOk(`${warnings}${warnings ? '\n' : ''}ok: variant.toml (${answer.name})`);
  if (answer.warnings.length) pointAt(answer.warnings[0].line);
}

// The editor's text as a file: named from its `name = "…"`.
function downloadVariant() {
  const text = $('editor').value;
  if (!text.trim()) { editorError({ error: EMPTY_EDITOR }); return; }
  const named = /^\s*name\s*=\s*"([^"]*)"/m.exec(text);
  const name = ((named && named[1]) || 'variant').replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64) || 'variant';
  const url = URL.createObjectURL(new Blob([text], { type: 'application/toml' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}.toml`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
  editorOk(`Downloaded ${name}.toml.`);
}

// The position on the board, in the notation: on the clipboard where the
// browser allows it, and shown to select and copy in any case.
async function copyPosition() {
  if (!state.view) return;
  const text = state.view.position;
  const shown = $('position-text');
  shown.textContent = text;
  shown.hidden = false;
  let copied = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      copied = true;
    }
  } catch (e) {
    copied = false;
  }
  $('position-status').textContent = copied
    ? 'Copied to the clipboard (and shown below).'
    : 'Select the position below to copy it.';
  const range = document.createRange();
  range.selectNodeContents(shown);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
}

async function playEdited() {
  const text = $('editor').value;
  if (!text.trim()) { editorError({ error: EMPTY_EDITOR }); return; }
  const result = await startGame({ toml: text });
  if (result && result.error) { editorError(result); return; }
  if (result === true) {
    editorOk(`Playing ${state.view.variant}, as edited.`);
    $('play').scrollIntoView({ block: 'start', behavior: reducedMotion() ? 'auto' : 'smooth' });
  }
}

async function setPlayers() {
  if (!state.view) return;
  state.generation += 1;
  const generation = state.generation;
  const view = await api('POST', `/api/games/${state.view.id}/players`, players());
  if (generation !== state.generation) return;
  if (view.error) { refuse(view.error); return; }
  render(view);
  say(`${view.players[0]} plays South, ${view.players[1]} plays North.`);
  await computerTurns(generation);
}

// The variants, by shelf: the rule documents' games, MancalaGames'
// catalogue region by region, Ludii's games; each under its own name.
function listVariants(variants) {
  state.variants = variants;
  const titles = new Map();
  for (const v of variants) titles.set(v.title, (titles.get(v.title) || 0) + 1);
  const shelves = new Map();
  const groups = [];
  for (const v of variants) {
    if (!groups.includes(v.group)) groups.push(v.group);
    if (!shelves.has(v.shelf)) shelves.set(v.shelf, { group: groups.indexOf(v.group), items: [] });
    shelves.get(v.shelf).items.push(v);
  }
  const last = (name) => (/no region/.test(name) ? 1 : 0);
  const ordered = [...shelves.entries()].sort(([a, x], [b, y]) => x.group - y.group
    || last(a) - last(b) || (x.group === 0 ? 0 : a.localeCompare(b)));
  const select = $('variant');
  select.replaceChildren();
  for (const [shelf, { group, items }] of ordered) {
    const parent = document.createElement('optgroup');
    parent.label = shelf;
    if (group !== 0) items.sort((a, b) => a.title.localeCompare(b.title) || a.name.localeCompare(b.name));
    for (const v of items) {
      const text = titles.get(v.title) > 1 ? `${v.title} (${v.name})` : v.title;
      const option = new Option(text, v.name);
      option.title = v.summary || v.name;
      option.dataset.find = [v.title, v.name, ...(v.aliases || []), v.region || '', shelf].join(' ').toLowerCase();
      parent.appendChild(option);
    }
    select.appendChild(parent);
  }
  filterVariants();
}

// Leaves in the list the variants whose title, name, aliases or region
// hold every word typed.
function filterVariants() {
  const words = $('variant-search').value.toLowerCase().split(/\s+/).filter(Boolean);
  let shown = 0;
  let all = 0;
  for (const group of $('variant').querySelectorAll('optgroup')) {
    let any = false;
    for (const option of group.querySelectorAll('option')) {
      const match = words.every((w) => option.dataset.find.includes(w));
      option.hidden = !match;
      all += 1;
      if (match) { shown += 1; any = true; }
    }
    group.hidden = !any;
  }
  $('variant-count').textContent = words.length ? `${shown} of ${all} games` : `${all} games`;
}

async function main() {
  for (const id of ['south', 'north']) {
    for (const [value, text] of PLAYERS) {
      const option = new Option(text, value);
      $(id).appendChild(option);
    }
  }
  // `?variant=kalah&south=human&north=greedy` opens that game.
  const asked = new URLSearchParams(location.search);
  const known = (value) => PLAYERS.some(([name]) => name === value);
  $('south').value = known(asked.get('south')) ? asked.get('south') : 'human';
  $('north').value = known(asked.get('north')) ? asked.get('north') : 'random';
  if (reducedMotion()) $('speed').value = '0';
  const variants = await api('GET', '/api/variants');
  if (variants.error) { refuse(variants.error); return; }
  listVariants(variants);
  const wanted = asked.get('variant');
  $('variant').value = variants.some((v) => v.name === wanted) ? wanted : 'oware';
  $('variant').addEventListener('change', () => startGame({ variant: $('variant').value }));
  $('south').addEventListener('change', setPlayers);
  $('north').addEventListener('change', setPlayers);
  $('new-game').addEventListener('click', () => startGame(state.source || { variant: $('variant').value }));
  $('undo').addEventListener('click', undo);
  $('hint').addEventListener('click', hint);
  $('first').addEventListener('click', () => step(0));
  $('back').addEventListener('click', () => step(state.view.ply - 1));
  $('forward').addEventListener('click', () => step(state.view.ply + 1));
  $('last').addEventListener('click', () => step(state.view.plies));
  $('upload').addEventListener('change', (e) => { upload(e.target.files[0]); e.target.value = ''; });
  $('edit').addEventListener('click', editCopy);
  $('check').addEventListener('click', check);
  $('play-edited').addEventListener('click', playEdited);
  $('download-variant').addEventListener('click', downloadVariant);
  $('copy-position').addEventListener('click', copyPosition);
  $('variant-search').addEventListener('input', filterVariants);
  $('variant-search').addEventListener('keydown', (e) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const first = [...$('variant').options].find((o) => !o.hidden);
    if (first) {
      $('variant').value = first.value;
      startGame({ variant: first.value });
    }
  });
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape') cancelChoice(); });
  let width = $('board-wrap').clientWidth;
  new ResizeObserver(() => {
    const now = $('board-wrap').clientWidth;
    if (now !== width) { width = now; redraw(); }
  }).observe($('board-wrap'));
  $('editor').addEventListener('input', () => drawGutter(null));
  $('editor').addEventListener('scroll', () => { $('gutter').scrollTop = $('editor').scrollTop; });
  drawGutter(null);
  await startGame({ variant: $('variant').value });
  document.body.dataset.ready = 'true';
}

main();
