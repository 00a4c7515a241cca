// The playground in headless Chromium, through the page's roles and names:
// what a person with a screen reader uses, and what the contract
// promises.
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startBrowser, startServer } from './harness.mjs';

let server;
let browser;
let page;
let errors = [];

before(async () => {
  server = await startServer();
  browser = await startBrowser();
});

after(async () => {
  await browser?.stop();
  server?.stop();
});

beforeEach(async () => {
  if (page) await page.close();
  page = await browser.context.newPage();
  page.setDefaultTimeout(10000);
  errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
});

afterEach(() => {
  assert.deepEqual(errors, [], 'the page raised no error');
});

const house = (name) => page.getByRole('button', { name, exact: true });
const log = () => page.getByRole('log');
const record = () => page.locator('#record');

/** Opens the page on `variant`, both seats as given, the animation off
 * (as prefers-reduced-motion asks) unless `animated`. */
async function open(variant, south = 'human', north = 'human', animated = false) {
  await page.emulateMedia({ reducedMotion: animated ? 'no-preference' : 'reduce' });
  await page.goto(`${server.url}?variant=${variant}&south=${south}&north=${north}`);
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.getByRole('combobox', { name: 'Variant' }).inputValue(), variant);
  assert.equal(await page.getByRole('combobox', { name: 'South' }).inputValue(), south);
  assert.equal(await page.getByRole('combobox', { name: 'North' }).inputValue(), north);
}

describe('the page', () => {
  test('lists every shipped variant and the players', async () => {
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready="true"]');
    const variants = await page.getByRole('combobox', { name: 'Variant' })
      .locator('option').evaluateAll((os) => os.map((o) => o.value));
    for (const name of ['ouri', 'oware', 'wouri', 'kalah', 'mg-kalah']) {
      assert.ok(variants.includes(name), `${name} is offered`);
    }
    assert.ok(variants.length > 80, `${variants.length} variants`);
    for (const side of ['South', 'North']) {
      const players = await page.getByRole('combobox', { name: side })
        .locator('option').evaluateAll((os) => os.map((o) => o.value));
      for (const p of ['human', 'random', 'greedy', 'alphabeta:4', 'mcts:1000']) {
        assert.ok(players.includes(p), `${side} offers ${p}`);
      }
    }
    for (const name of ['New game', 'Undo', 'Hint', 'Edit a copy', 'Check', 'Play this variant']) {
      await page.getByRole('button', { name, exact: true }).waitFor();
    }
    await page.getByRole('textbox', { name: 'Variant file' }).waitFor();
  });

  test('honours prefers-reduced-motion: the animation is off', async () => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.getByLabel('Animation').inputValue(), '0');
  });
});

describe('playing', () => {
  test('a Kalah extra turn, announced, with the houses named anew', async () => {
    await open('kalah', 'human', 'human', true);
    await page.getByLabel('Animation').selectOption('600');
    await house('C: 4 seeds').click();
    // The sowing is shown step by step: the last seed falls in the store.
    await page.locator('#status', { hasText: "drop in South's store (now 1)" }).waitFor();
    await log().filter({ hasText: 'South plays C: South moves again' }).waitFor();
    await house('C: 0 seeds').waitFor();
    await house('D: 5 seeds').waitFor();
    assert.equal(await page.locator('#status').textContent(), 'South to move');
    await page.getByRole('img', { name: "South's store: 1 seed" }).waitFor();
    await house('F: 5 seeds').click();
    await record().filter({ hasText: '1. C F *' }).waitFor();
  });

  test('a board of four rows: every house drawn, named by row and column, turned round for North', async () => {
    await open('ludii-tsoro');
    // South's back row holds two seeds a house, her front row none.
    for (const column of [1, 8]) {
      await house(`B${column}: 2 seeds`).waitFor();
      await house(`A${column}: 0 seeds`).waitFor();
      await house(`b${column}: 2 seeds`).waitFor();
      await house(`a${column}: 0 seeds`).waitFor();
    }
    assert.equal(await page.locator('#board .house').count(), 32);
    // B6 sows B7 and B8, and the relay from B8 runs along the front row.
    await house('B6: 2 seeds').click();
    await record().filter({ hasText: '1. B6' }).waitFor();
    await house('A6: 1 seed').waitFor();
    await house('A8: 1 seed').waitFor();
    // South's rows are drawn at the bottom: her back row lowest.
    const y = async (name) => Number(await house(name).locator('circle').getAttribute('cy'));
    assert.ok(await y('B1: 2 seeds') > await y('A1: 0 seeds'), 'the back row below the front row');
    assert.ok(await y('A1: 0 seeds') > await y('a1: 0 seeds'), "South's rows below North's");
  });

  test('a move from the store is chosen from its seeds', async () => {
    await open('mg-azigo');
    // South is to move: North's store is no button.
    assert.equal(await page.getByRole('button', { name: /North's store/ }).count(), 0);
    await page.getByRole('button', { name: "South's store: 10 seeds, sow from it", exact: true }).click();
    const choice = page.locator('#choice');
    await choice.filter({ hasText: 'Sow from your store:' }).waitFor();
    assert.equal(await choice.getByRole('button').count(), 10);
    await choice.getByRole('button', { name: '*3', exact: true }).click();
    await record().filter({ hasText: '1. *3' }).waitFor();
    await page.getByRole('img', { name: "South's store: 7 seeds" }).waitFor();
  });

  test('a refused house says why', async () => {
    await open('kalah');
    await house('C: 4 seeds').click();
    await house('C: 0 seeds').waitFor();
    await house('C: 0 seeds').click();
    const alert = page.locator('#alert');
    await alert.filter({ hasText: 'the house is empty' }).waitFor();
    assert.equal(await alert.getAttribute('role'), 'alert');
    // Hovering says why too.
    assert.match(await house('C: 0 seeds').locator('title').textContent(), /the house is empty/);
  });

  test('undo takes a move back', async () => {
    await open('oware');
    await house('D: 4 seeds').click();
    await record().filter({ hasText: '1. D *' }).waitFor();
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await log().filter({ hasText: 'took back 1 move: South D' }).waitFor();
    await house('D: 4 seeds').waitFor();
    assert.doesNotMatch(await record().textContent(), /1\. D/);
  });

  test('a computer answers, and a hint is given', async () => {
    await open('oware', 'human', 'greedy');
    await house('A: 4 seeds').click();
    await record().filter({ hasText: /1\. A [a-f] \*/ }).waitFor();
    await log().filter({ hasText: /North plays [a-f]/ }).waitFor();
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    await log().filter({ hasText: /hint: [A-F] \(alpha-beta, depth 6/ }).waitFor();
  });

  test('the board turns round for a person playing North', async () => {
    await open('oware', 'random', 'human');
    // South's random move is answered at once; North's row is at the bottom.
    await record().filter({ hasText: /1\. [A-F] \*/ }).waitFor();
    const bottom = await page.locator('#board .house').evaluateAll(
      (gs) => gs.filter((g) => g.querySelector('circle').getAttribute('cy') > 100)
        .map((g) => g.dataset.house).join(''),
    );
    assert.equal(bottom, 'abcdef');
  });
});

describe('records', () => {
  test('a record is downloaded, uploaded again and stepped through', async () => {
    await open('oware');
    for (const [mv, shown] of [['C: 4 seeds', '1. C'], ['b: 4 seeds', '1. C b'], ['D: 5 seeds', '2. D']]) {
      await house(mv).click();
      await record().filter({ hasText: shown }).waitFor();
    }
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Download the record/ }).click(),
    ]);
    const dir = mkdtempSync(path.join(tmpdir(), 'sow-record-'));
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    assert.equal(download.suggestedFilename(), 'oware.sow');
    const text = readFileSync(file, 'utf8');
    assert.match(text, /\[Variant "oware"\]/);
    assert.match(text, /1\. C b 2\. D \*/);

    await page.getByRole('button', { name: 'New game', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'ply 0 of 0' }).waitFor();
    await page.getByLabel('Upload a record').setInputFiles(file);
    await log().filter({ hasText: 'Loaded oware.sow: 3 plies of oware' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'ply 3 of 3' }).waitFor();
    await page.getByRole('button', { name: 'First', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'ply 0 of 3' }).waitFor();
    await house('C: 4 seeds').waitFor();
    await page.getByRole('button', { name: 'Forward', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'ply 1 of 3' }).waitFor();
    await house('C: 0 seeds').waitFor();
    await house('D: 5 seeds').waitFor();
    await page.getByRole('button', { name: 'Last', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'ply 3 of 3' }).waitFor();
    await house('D: 0 seeds').waitFor();
  });

  test('a record with an illegal move is refused where it goes wrong', async () => {
    await open('oware');
    const dir = mkdtempSync(path.join(tmpdir(), 'sow-record-'));
    const file = path.join(dir, 'bad.sow');
    writeFileSync(file, '[Variant "oware"]\n\n1. C C *\n');
    await page.getByLabel('Upload a record').setInputFiles(file);
    await page.locator('#alert').filter({ hasText: /upload\.sow:3:6: game 1: .*C/ }).waitFor();
  });
});

describe('the variant editor', () => {
  test('a broken variant is pointed at, line and column', async () => {
    await open('kalah');
    await page.getByRole('button', { name: 'Edit a copy', exact: true }).click();
    await page.locator('#editor-status', { hasText: 'A copy of kalah' }).waitFor();
    const editor = page.getByRole('textbox', { name: 'Variant file' });
    const text = await editor.inputValue();
    assert.match(text, /^name = "kalah-copy"$/m);
    assert.match(text, /^aliases = \[\]$/m);
    const broken = text.replace('[capture]', '[captur]');
    await editor.fill(broken);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    const line = broken.split('\n').findIndex((l) => l === '[captur]') + 1;
    const alert = page.locator('#editor-alert');
    await alert.filter({ hasText: `variant.toml:${line}:2: unknown field \`captur\`` }).waitFor();
    assert.equal(await alert.getAttribute('role'), 'alert');
    assert.equal(await page.locator('#gutter .bad').textContent(), String(line));
    const selected = await editor.evaluate((e) => e.value.slice(e.selectionStart, e.selectionEnd));
    assert.equal(selected, '[captur]');
  });

  test('an edited variant is checked and played at once', async () => {
    await open('kalah');
    await page.getByRole('button', { name: 'Edit a copy', exact: true }).click();
    await page.locator('#editor-status', { hasText: 'A copy of kalah' }).waitFor();
    const editor = page.getByRole('textbox', { name: 'Variant file' });
    const text = (await editor.inputValue()).replace(/^seeds_per_house = 4/m, 'seeds_per_house = 3');
    await editor.fill(text);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.locator('#editor-status').filter({ hasText: 'ok: variant.toml (kalah-copy)' }).waitFor();
    await page.getByRole('button', { name: 'Play this variant', exact: true }).click();
    await page.locator('#variant-name', { hasText: 'kalah-copy (edited)' }).waitFor();
    await house('A: 3 seeds').waitFor();
    await house('D: 3 seeds').click();
    await log().filter({ hasText: 'South plays D: South moves again' }).waitFor();
    assert.match(await page.locator('#sheet').textContent(), /3 seeds in each: 36 seeds/);
  });
});
