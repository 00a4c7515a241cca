// Starts `sow serve --port 0` and a headless Chromium for the browser tests.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The `sow` binary: $SOW_BIN, or the debug build of this repository. */
export const SOW = process.env.SOW_BIN || path.join(here, '..', '..', 'target', 'debug', 'sow');

/** Chromium's flags: no network of its own, no first-run work, no GPU. */
const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Starts the server on a free port; resolves to { url, stop }. */
export function startServer() {
  return new Promise((resolve, reject) => {
    const server = spawn(SOW, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const timer = setTimeout(() => { server.kill(); reject(new Error('sow serve printed no address in 20 s')); }, 20000);
    server.on('error', (e) => { clearTimeout(timer); reject(e); });
    server.on('exit', (code) => { clearTimeout(timer); reject(new Error(`sow serve exited with ${code}`)); });
    const lines = createInterface({ input: server.stdout });
    lines.once('line', (line) => {
      clearTimeout(timer);
      if (!/^http:\/\/127\.0\.0\.1:\d+\/$/.test(line)) {
        server.kill();
        reject(new Error(`the first line is not the address: ${line}`));
        return;
      }
      resolve({ url: line, port: Number(new URL(line).port), pid: server.pid, stop: () => server.kill('SIGINT') });
    });
  });
}

/** Launches Chromium with a fresh profile; resolves to { context, stop }. */
export async function startBrowser(options = {}) {
  const profile = mkdtempSync(path.join(tmpdir(), 'sow-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: FLAGS,
    acceptDownloads: true,
    viewport: { width: 1280, height: 900 },
    ...options,
  });
  return {
    context,
    stop: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Plays the server's random players on a new game of `variant` (seeded,
 * so the same game each run) until `done(view)` holds; resolves to the
 * game's record, as a `.sow` file's text. */
export async function recordUntil(url, variant, seed, done) {
  const post = async (to, body) => {
    const response = await fetch(new URL(to, url), {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    });
    return response.json();
  };
  let view = await post('/api/games', { variant, south: 'random', north: 'random', seed });
  for (let i = 0; i < 3000 && !done(view); i += 1) {
    if (view.error || view.over) throw new Error(`${variant}: ${view.error || 'over'} before the position wanted`);
    view = (await post(`/api/games/${view.id}/computer`, {})).view;
  }
  if (!done(view)) throw new Error(`${variant}: not reached in 3000 moves`);
  const response = await fetch(new URL(`/api/games/${view.id}/record`, url));
  return response.text();
}
