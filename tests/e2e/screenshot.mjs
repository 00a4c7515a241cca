// Makes docs/playground.png: the playground after a few moves of Oware
// against the greedy player, with a copy of the variant in the editor.
//
//   cargo build && node tests/e2e/screenshot.mjs
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBrowser, startServer } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, '..', '..', 'docs', 'playground.png');

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
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  await page.getByRole('log').filter({ hasText: 'hint:' }).waitFor();
  await page.getByRole('button', { name: 'Edit a copy', exact: true }).click();
  await page.locator('#editor-status', { hasText: 'A copy of oware' }).waitFor();
  await page.evaluate(() => { document.getElementById('editor').scrollTop = 0; });
  await page.screenshot({ path: out, fullPage: true });
  console.log(`wrote ${out}`);
} finally {
  await browser.stop();
  server.stop();
}
