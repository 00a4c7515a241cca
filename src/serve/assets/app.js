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

function drawBoard(view, board, stores, marks) {
  // The houses as South sees the board, rows from the bottom up; turned
  // round for a player sitting at North.
  const grid = view.grid;
  const rows = grid.length;
  const columns = grid[0].length;
  const W = 80;
  // Two rows keep their labels above and below the board; more rows label
  // each house just above it, so the rows stand further apart.
  const R = rows > 2 ? W + 16 : W;
  const width = (columns + 2) * W;
  const height = rows * R + 60;
  const svg = $('board');
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.replaceChildren();
  const el = (name, attrs, parent) => {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    (parent || svg).appendChild(e);
    return e;
  };
  el('rect', { class: 'frame', x: 4, y: 24, width: width - 8, height: rows * R + 12, rx: 40 });
  const south = seat() === 'south';
  const shown = south ? [...grid].reverse() : grid.map((row) => [...row].reverse());
  const legal = new Set(view.legal.map((m) => m[0]));
  const refused = new Map(view.refused.map((r) => [r.house, r.reason]));
  const playing = !view.over && view.ply === view.plies && !isComputer(view.to_move);
  const house = (h, x, y, labelY) => {
    const label = view.labels[h];
    const classes = ['house'];
    if (playing && legal.has(label)) classes.push('legal');
    if (playing && refused.has(label)) classes.push('refused');
    if (marks[h]) classes.push(marks[h]);
    const g = el('g', {
      class: classes.join(' '),
      role: 'button',
      tabindex: 0,
      'aria-label': `${label}: ${seeds(board[h])}`,
      'data-house': label,
    });
    if (playing && refused.has(label)) {
      const title = el('title', {}, g);
      title.textContent = `${label} cannot be played: ${refused.get(label)}`;
    }
    el('circle', { class: 'pit', cx: x, cy: y, r: W * 0.4 }, g);
    el('text', { class: 'count', x, y }, g).textContent = board[h];
    el('text', { class: rows > 2 ? 'label inner' : 'label', x, y: labelY }, svg).textContent = label;
    g.addEventListener('click', () => clickHouse(label));
    g.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); clickHouse(label); }
    });
  };
  shown.forEach((row, r) => row.forEach((h, i) => {
    const y = 30 + R * r + R / 2 + (rows > 2 ? 8 : 0);
    const labelY = rows > 2 ? y - W * 0.4 - 6 : (r === 0 ? 18 : rows * W + 54);
    house(h, W * (i + 1.5), y, labelY);
  }));
  // Moves from the mover's store (`*K`, `[play] sow_from_store`).
  const storeMoves = view.legal.filter((m) => m.startsWith('*'));
  const store = (side, x) => {
    const index = side === 'south' ? 0 : 1;
    const name = side === 'south' ? "South's store" : "North's store";
    const sows = playing && side === view.to_move && storeMoves.length > 0;
    const classes = [marks[`store-${side}`] || ''];
    if (sows) classes.push('legal');
    const g = el('g', sows
      ? { role: 'button', tabindex: 0, 'aria-label': `${name}: ${seeds(stores[index])}, sow from it`,
        class: classes.join(' ') }
      : { role: 'img', 'aria-label': `${name}: ${seeds(stores[index])}`, class: classes.join(' ') });
    if (sows) {
      g.addEventListener('click', () => offer('Sow from your store: ', storeMoves));
      g.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); offer('Sow from your store: ', storeMoves); }
      });
    }
    el('rect', { class: 'pit', x: x - W * 0.35, y: 40, width: W * 0.7, height: rows * R - 20, rx: 28 }, g);
    el('text', { class: 'count', x, y: 30 + rows * R / 2 }, g).textContent = stores[index];
    el('text', { class: 'seat-name', x, y: 18 }, svg).textContent = side === 'south' ? 'S' : 'N';
  };
  // The seat's own store at its right, as the rule documents draw it.
  store(south ? 'north' : 'south', W / 2);
  store(south ? 'south' : 'north', width - W / 2);
}

function render(view) {
  state.view = view;
  drawBoard(view, view.board, view.stores, {});
  $('status').textContent = view.ply < view.plies
    ? `Ply ${view.ply} of ${view.plies}: ${view.status}`
    : view.status;
  $('variant-name').textContent = `— ${view.variant}${view.edited ? ' (edited)' : ''}`;
  $('record').textContent = view.record;
  $('download').href = `/api/games/${view.id}/record`;
  $('download').download = `${view.variant}.sow`;
  $('ply-shown').textContent = `ply ${view.ply} of ${view.plies}`;
  $('south').value = view.players[0];
  $('north').value = view.players[1];
  $('choice').replaceChildren();
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
  try {
    const played = await api('POST', `/api/games/${state.view.id}/move`, { move: mv });
    if (generation !== state.generation) return;
    if (played.error) { refuse(played.error); return; }
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

function clickHouse(label) {
  if (!mayMove()) return;
  const candidates = state.view.legal.filter((m) => m[0] === label);
  if (candidates.length > 1) {
    // The mover chooses which way this house sows.
    offer(`${label} sows either way: `, candidates);
    return;
  }
  playMove(candidates[0] || label);
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
  say(`New game of ${started.variant}: ${started.players[0]} (South) against ${started.players[1]} (North).`);
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

async function check() {
  const answer = await api('POST', '/api/check', { toml: $('editor').value });
  if (answer.error) { editorError(answer); return; }
  const warnings = answer.warnings.map((w) => `warning: ${w.message}`).join('\n');
  editorOk(`${warnings}${warnings ? '\n' : ''}ok: variant.toml (${answer.name})`);
  if (answer.warnings.length) pointAt(answer.warnings[0].line);
}

async function playEdited() {
  const text = $('editor').value;
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
  let group = null;
  let parent = $('variant');
  for (const v of variants) {
    if (v.group !== group) {
      group = v.group;
      parent = document.createElement('optgroup');
      parent.label = group;
      $('variant').appendChild(parent);
    }
    const option = new Option(v.name, v.name);
    option.title = v.summary || '';
    parent.appendChild(option);
  }
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
  $('editor').addEventListener('input', () => drawGutter(null));
  $('editor').addEventListener('scroll', () => { $('gutter').scrollTop = $('editor').scrollTop; });
  drawGutter(null);
  await startGame({ variant: $('variant').value });
  document.body.dataset.ready = 'true';
}

main();
