// A bounded load test of `sow serve`, on loopback only: 100 games played
// to the end at once, South's moves sent by this script (a random legal
// move each), North's played by the server's random player. It stops by
// itself: every game ends (the shipped variants all end), each game may
// take at most MAX_REQUESTS requests, and the whole run at most five
// minutes. Prints requests/s, latency percentiles and the server's peak
// memory; exits 1 on any error.
//
//   cargo build --release && node tests/e2e/load.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
process.env.SOW_BIN ||= path.join(here, '..', '..', 'target', 'release', 'sow');

const GAMES = 100;
const VARIANTS = ['oware', 'ouri', 'wouri', 'kalah'];
const MAX_REQUESTS = 5000;
const DEADLINE_MS = 5 * 60 * 1000;

const server = await startServer();
if (!server.url.startsWith('http://127.0.0.1:')) throw new Error(`not loopback: ${server.url}`);
const killer = setTimeout(() => {
  console.error('the load test did not finish in five minutes');
  server.stop();
  process.exit(1);
}, DEADLINE_MS);

const latencies = [];
let errors = 0;

async function call(method, route, body) {
  const started = performance.now();
  const response = await fetch(server.url + route.slice(1), {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json();
  latencies.push(performance.now() - started);
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${answer.error}`);
  return answer;
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
const results = await Promise.allSettled(
  Array.from({ length: GAMES }, (_, i) => playOne(VARIANTS[i % VARIANTS.length])),
);
const seconds = (performance.now() - started) / 1000;
clearTimeout(killer);
for (const r of results) {
  if (r.status === 'rejected') { errors += 1; console.error(r.reason.message); }
}
const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
const peak = status.match(/VmHWM:\s+(\d+) kB/)[1];
server.stop();

latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
const plies = results.filter((r) => r.status === 'fulfilled').reduce((sum, r) => sum + r.value, 0);
console.log(`games:        ${GAMES} at once (${VARIANTS.join(', ')}), ${GAMES - errors} played to the end, ${plies} plies`);
console.log(`requests:     ${latencies.length} in ${seconds.toFixed(2)} s: ${(latencies.length / seconds).toFixed(0)} requests/s`);
console.log(`latency:      p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${latencies[latencies.length - 1].toFixed(1)} ms`);
console.log(`peak memory:  ${(peak / 1024).toFixed(1)} MiB (the server's VmHWM)`);
console.log(`errors:       ${errors}`);
process.exit(errors ? 1 : 0);
