// Makes the playground's screenshots in docs/:
//
// - docs/playground.png (1360 × 1000): Oware against the greedy player
//   after a few moves, a hint marked on the board, a copy of the variant
//   in the editor;
// - docs/playground-phone.png (360 × 740): Toguz Kumalak on a phone at the
//   first position where a house is a child, reached by the server's
//   random players (seeded), and the notes under the board.
//
//   cargo build && node tests/e2e/screenshot.mjs
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordUntil, startBrowser, startServer } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const docs = path.join(here, '..', '..', 'docs');

const server = await startServer();
const browser = await startBrowser({ viewport: { width: 1360, height: 1000 } });
try {
  const page = await browser.context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${server.url}?variant=oware&south=human&north=greedy`);
  await page.waitForSelector('body[data-ready="true"]');
  for (const [house, shown] of [['C: 4 seeds', /1\. C [a-f]/], ['E: 5 seeds', /2\. E [a-f]/]]) {
    await page.getByRole('button', { name: house, exact: true }).click();
    await page.locator('#record', { hasText: shown }).waitFor();
  }
  await page.getByRole('button', { name: 'Edit a copy', exact: true }).click();
  await page.locator('#editor-status', { hasText: 'A copy of oware' }).waitFor();
  await page.evaluate(() => { document.getElementById('editor').scrollTop = 0; });
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  await page.getByRole('log').filter({ hasText: 'hint:' }).waitFor();
  await page.locator('#board .hinted').waitFor();
  await page.getByRole('button', { name: 'Copy position', exact: true }).click();
  await page.locator('#position-text').waitFor();
  const desktop = path.join(docs, 'playground.png');
  await page.screenshot({ path: desktop, fullPage: true });
  console.log(`wrote ${desktop}`);

  // The phone: a record of Toguz Kumalak uploaded, up to its first child.
  await page.setViewportSize({ width: 360, height: 740 });
  const text = await recordUntil(server.url, 'mg-toguz-kumalak', 1, (v) => v.houses.some((h) => h.child));
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'sow-shot-')), 'toguz.sow');
  writeFileSync(file, text);
  await page.goto(`${server.url}?variant=mg-toguz-kumalak&south=human&north=human`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.getByLabel('Upload a record').setInputFiles(file);
  await page.getByRole('log').filter({ hasText: 'Loaded toguz.sow' }).waitFor();
  await page.locator('#board .house.child').waitFor();
  await page.locator('#play').scrollIntoViewIfNeeded();
  const phone = path.join(docs, 'playground-phone.png');
  await page.screenshot({ path: phone });
  console.log(`wrote ${phone}`);
} finally {
  await browser.stop();
  server.stop();
}
