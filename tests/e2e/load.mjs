// A bounded load test of `sow serve`, on loopback only: 100 games played
// to the end at once, South's moves sent by this script (a random legal
// move each), North's played by the server's random player. Beside them,
// hostile clients: slow clients trickling a request's head or body a byte
// a second (from other loopback addresses, 127.0.0.2 and 127.0.0.3, as
// other machines would), more connections from one address than it may
// hold, and oversized games: edited variants of nearly 1 MiB (a summary
// of 0.95 MiB each) and bodies over the limit. It stops by itself: every game
// ends (the shipped variants all end), each game may take at most
// MAX_REQUESTS requests, and the whole run at most five minutes. Prints
// requests/s, latency percentiles, what became of the hostile clients and
// the server's peak memory; exits 1 on any error, or when a slow client is
// not cut off within HEAD_CUTOFF_MS.
//
//   cargo build --release && node tests/e2e/load.mjs
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
process.env.SOW_BIN ||= path.join(here, '..', '..', 'target', 'release', 'sow');

const GAMES = 100;
const VARIANTS = ['oware', 'ouri', 'wouri', 'kalah'];
const MAX_REQUESTS = 5000;
const DEADLINE_MS = 5 * 60 * 1000;
// The server gives a request's head, and its body, 10 s to arrive.
const HEAD_CUTOFF_MS = 13000;
const SLOW_HEADS = 64;   // as many as one address may hold
const OVER_SHARE = 16;   // more from that address, beyond its share
const SLOW_BODIES = 32;
const BIG_GAMES = 20;
const OVER_LIMIT = 5;

const server = await startServer();
if (!server.url.startsWith('http://127.0.0.1:')) throw new Error(`not loopback: ${server.url}`);
const killer = setTimeout(() => {
  console.error('the load test did not finish in five minutes');
  server.stop();
  process.exit(1);
}, DEADLINE_MS);

const latencies = [];
let errors = 0;

// The games' connections from 127.0.0.1, kept alive and at most 48 at
// once: one address may hold 64.
const agent = new http.Agent({ keepAlive: true, maxSockets: 48 });

/** Sends a request from 127.0.0.1; resolves to { status, text }. */
function send(method, route, body) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(server.url + route.slice(1), {
      method, agent,
      headers: data === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) },
    }, (response) => {
      const chunks = [];
      response.on('data', (c) => chunks.push(c));
      response.on('end', () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString() }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(data);
  });
}

async function call(method, route, body) {
  const started = performance.now();
  const response = await send(method, route, body);
  const answer = JSON.parse(response.text);
  latencies.push(performance.now() - started);
  if (response.status !== 200) throw new Error(`${method} ${route}: ${response.status} ${answer.error}`);
  return answer;
}

/** Opens a connection from `from` and trickles `head` then `body` a byte a
 * second; resolves to how long the server took to answer or close it, and
 * what it answered. */
function trickle(from, head, body) {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect({ host: '127.0.0.1', port: server.port, localAddress: from });
    let answer = '';
    let timer;
    const done = () => {
      clearInterval(timer);
      resolve({ ms: performance.now() - started, answer: answer.split('\r\n')[0] });
    };
    socket.on('data', (d) => { answer += d.toString(); });
    socket.on('close', done);
    socket.on('error', () => {});
    socket.on('connect', () => {
      socket.write(head);
      let i = 0;
      timer = setInterval(() => {
        if (i < body.length) socket.write(body[i++]); else socket.write('x');
      }, 1000);
    });
  });
}

/** Opens a connection from `from` and resolves to how long until the
 * server closes it, sending nothing. */
function idle(from) {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect({ host: '127.0.0.1', port: server.port, localAddress: from });
    socket.on('close', () => resolve(performance.now() - started));
    socket.on('error', () => {});
  });
}

/** The hostile clients, beside the games: what became of each kind. */
async function hostile() {
  const slowHeads = Array.from({ length: SLOW_HEADS }, () =>
    trickle('127.0.0.2', 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', ''));
  // Once the slow heads hold the address's share, more are closed at once.
  await new Promise((r) => setTimeout(r, 500));
  const overShare = Array.from({ length: OVER_SHARE }, () => idle('127.0.0.2'));
  const slowBodies = Array.from({ length: SLOW_BODIES }, () =>
    trickle('127.0.0.3',
      'POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 64\r\n\r\n',
      '{"variant": "oware"}'.padEnd(64)));
  const base = readFileSync(path.join(here, '..', '..', 'variants', 'oware.toml'), 'utf8')
    .split('\n').filter((l) => !/^(aliases|summary|title)/.test(l)).join('\n');
  const big = base.replace('name = "oware"', 'name = "oware-big"')
    .replace('[variant]\n', `[variant]\nsummary = "${'a long summary '.repeat(66000)}"\n`);
  const bigGames = Array.from({ length: BIG_GAMES }, async () =>
    (await send('POST', '/api/games', { toml: big, south: 'human', north: 'random' })).status);
  const tooBig = Array.from({ length: OVER_LIMIT }, async () =>
    (await send('POST', '/api/games', { toml: big + '#'.repeat(100000) })).status);
  const heads = await Promise.all(slowHeads);
  const shares = await Promise.all(overShare);
  const bodies = await Promise.all(slowBodies);
  return {
    heads, shares, bodies,
    big: await Promise.all(bigGames),
    tooBig: await Promise.all(tooBig),
    bigBytes: big.length,
  };
}

let seed = 1;
async function playOne(variant) {
  let view = await call('POST', '/api/games', { variant, south: 'human', north: 'random', seed: seed++ });
  const id = view.id;
  for (let requests = 1; !view.over; requests += 1) {
    if (requests > MAX_REQUESTS) throw new Error(`${variant} game ${id} did not end`);
    if (view.to_move === 'south') {
      const mv = view.legal[Math.floor(Math.random() * view.legal.length)];
      view = (await call('POST', `/api/games/${id}/move`, { move: mv })).view;
    } else {
      view = (await call('POST', `/api/games/${id}/computer`)).view;
    }
  }
  return view.plies;
}

const started = performance.now();
const hostiles = hostile();
const results = await Promise.allSettled(
  Array.from({ length: GAMES }, (_, i) => playOne(VARIANTS[i % VARIANTS.length])),
);
const seconds = (performance.now() - started) / 1000;
const seen = await hostiles;
clearTimeout(killer);
for (const r of results) {
  if (r.status === 'rejected') { errors += 1; console.error(r.reason.message); }
}
agent.destroy();
const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
const peak = status.match(/VmHWM:\s+(\d+) kB/)[1];
const now = status.match(/VmRSS:\s+(\d+) kB/)[1];
server.stop();

latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
const plies = results.filter((r) => r.status === 'fulfilled').reduce((sum, r) => sum + r.value, 0);
console.log(`games:        ${GAMES} at once (${VARIANTS.join(', ')}), ${GAMES - errors} played to the end, ${plies} plies`);
console.log(`requests:     ${latencies.length} in ${seconds.toFixed(2)} s: ${(latencies.length / seconds).toFixed(0)} requests/s`);
console.log(`latency:      p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${latencies[latencies.length - 1].toFixed(1)} ms`);
const slowest = (list) => Math.max(...list.map((t) => t.ms ?? t)) / 1000;
const answered = (list) => [...new Set(list.map((t) => t.answer || 'closed'))].join(', ');
console.log(`slow heads:   ${seen.heads.length} from 127.0.0.2, each cut off within ${slowest(seen.heads).toFixed(1)} s (${answered(seen.heads)})`);
console.log(`over share:   ${seen.shares.length} more from 127.0.0.2, each closed within ${slowest(seen.shares).toFixed(2)} s`);
console.log(`slow bodies:  ${seen.bodies.length} from 127.0.0.3, each cut off within ${slowest(seen.bodies).toFixed(1)} s (${answered(seen.bodies)})`);
console.log(`big games:    ${seen.big.length} edited variants of ${(seen.bigBytes / 1048576).toFixed(2)} MiB: statuses ${[...new Set(seen.big)].join(', ')}; ${seen.tooBig.length} over the limit: ${[...new Set(seen.tooBig)].join(', ')}`);
console.log(`memory:       peak ${(peak / 1024).toFixed(1)} MiB, at the end ${(now / 1024).toFixed(1)} MiB (the server's VmHWM and VmRSS)`);
const fail = (why) => { errors += 1; console.error(why); };
if (slowest(seen.heads) * 1000 > HEAD_CUTOFF_MS) fail('a slow head was not cut off in time');
if (slowest(seen.bodies) * 1000 > HEAD_CUTOFF_MS) fail('a slow body was not cut off in time');
if (slowest(seen.shares) > 2) fail('a connection over the share was not closed at once');
if (seen.bodies.some((t) => t.answer && !t.answer.includes('408'))) fail(`a slow body got ${answered(seen.bodies)}`);
if (seen.big.some((s) => s !== 200)) fail(`a big edited game got ${seen.big}`);
if (seen.tooBig.some((s) => s !== 413)) fail(`a body over the limit got ${seen.tooBig}`);
console.log(`errors:       ${errors}`);
process.exit(errors ? 1 : 0);
