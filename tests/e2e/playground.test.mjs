// The playground in headless Chromium, through the page's roles and names:
// what a person with a screen reader uses, and what the contract
// promises.
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { recordUntil, startBrowser, startServer } from './harness.mjs';

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
    const y = async (name) => Number(await house(name).locator('circle.pit').getAttribute('cy'));
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
      (gs) => gs.filter((g) => g.querySelector('circle.pit').getAttribute('cy') > 100)
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
    await page.locator('#variant-name', { hasText: 'Kalah (kalah-copy, edited)' }).waitFor();
    await house('A: 3 seeds').waitFor();
    await house('D: 3 seeds').click();
    await log().filter({ hasText: 'South plays D: South moves again' }).waitFor();
    assert.match(await page.locator('#sheet').textContent(), /3 seeds in each: 36 seeds/);
  });
});

/** Uploads a record of `variant` played by the server's random players
 * (seeded: the same game each run) up to the first position where
 * `done(view)` holds; the page shows that position, both seats human. */
async function openAt(variant, seed, done) {
  const text = await recordUntil(server.url, variant, seed, done);
  await open(variant);
  const dir = mkdtempSync(path.join(tmpdir(), 'sow-record-'));
  const file = path.join(dir, `${variant}.sow`);
  writeFileSync(file, text);
  await page.getByLabel('Upload a record').setInputFiles(file);
  await log().filter({ hasText: `Loaded ${variant}.sow` }).waitFor();
}

/** The board's houses: accessible name, width and height on the screen,
 * seeds (the badge or the number), stones drawn. */
function housesShown() {
  return page.locator('#board .house').evaluateAll((gs) => gs.map((g) => {
    const box = g.getBoundingClientRect();
    const count = g.querySelector('.badge-count, .count');
    return {
      name: g.getAttribute('aria-label'),
      width: box.width,
      height: box.height,
      seeds: Number(count.textContent),
      stones: g.querySelectorAll('.stone').length,
      classes: g.getAttribute('class'),
    };
  }));
}

describe('what the engine keeps, shown', () => {
  test('seeds are drawn as stones, up to 15, and counted in text', async () => {
    await open('oware');
    for (const h of await housesShown()) {
      assert.equal(h.seeds, 4, h.name);
      assert.equal(h.stones, 4, h.name);
    }
    // Toguz Kumalak's houses fill up: past 15 a house shows its number.
    await openAt('mg-toguz-kumalak', 1, (v) => v.board.some((n) => n > 15));
    const shown = await housesShown();
    assert.ok(shown.some((h) => h.seeds > 15), 'a house holds more than 15');
    for (const h of shown) {
      assert.equal(h.stones, h.seeds > 15 ? 0 : h.seeds, h.name);
      assert.ok(h.name.includes(`: ${h.seeds} seed`) || h.name.endsWith(': blocked'), h.name);
    }
  });

  test("a child is named and marked: `c: 9 seeds, South's child`", async () => {
    await openAt('mg-toguz-kumalak', 1, (v) => v.houses.some((h) => h.child));
    const child = (await housesShown()).find((h) => / (South|North)'s child$/.test(h.name));
    assert.ok(child, 'a house is named a child');
    assert.match(child.name, /^[A-Ia-i]: \d+ seeds?, (South|North)'s child$/);
    assert.match(child.classes, /\bchild-(south|north)\b/);
    const [, label, whose] = /^(\w): .*(South|North)'s child$/.exec(child.name);
    await page.locator('#notes li', { hasText: `Children: ${label} is ${whose}'s` }).waitFor();
    await page.locator('#board .house.child .tag').first().waitFor();
  });

  test('a blocked house, the round and the match in Dakon', async () => {
    await openAt('mg-dakon', 1, (v) => v.round === 2 && v.houses.some((h) => h.blocked));
    const blocked = (await housesShown()).filter((h) => /\bblocked\b/.test(h.classes));
    assert.ok(blocked.length > 0, 'a house is drawn blocked');
    for (const h of blocked) assert.match(h.name, /^[A-Ga-g]: blocked$|, blocked/);
    const labels = blocked.map((h) => h.name.split(':')[0]).join(', ');
    await page.locator('#notes li', { hasText: `Blocked: ${labels}` }).waitFor();
    await page.locator('#match', { hasText: 'Round 2 of the match' }).waitFor();
    // A blocked house says so when clicked.
    await page.getByRole('button', { name: `${blocked[0].name.split(':')[0]}: blocked`, exact: true }).click();
    await page.locator('#alert').filter({ hasText: /blocked|cannot|turn/ }).waitFor();
  });

  test("a match to a goal shows its round and score; a house's two ways are arrows", async () => {
    await open('mg-centering');
    await page.locator('#match', { hasText: /^Round 1 of the match; .*100/ }).waitFor();
    // Every house sows towards the centre; the middle one, E, either way.
    await house('E: 4 seeds').click();
    const ccw = page.getByRole('button', { name: 'Sow E counter-clockwise', exact: true });
    const cw = page.getByRole('button', { name: 'Sow E clockwise', exact: true });
    await ccw.waitFor();
    await cw.waitFor();
    // The arrows point the ways the seeds go: counter-clockwise to the
    // right along South's row.
    assert.equal(await ccw.locator('text').textContent(), '→');
    assert.equal(await cw.locator('text').textContent(), '←');
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'Sow E counter-clockwise');
    // Escape puts the arrows away; a click brings them back.
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('#board .arrow').count(), 0);
    await house('E: 4 seeds').click();
    await cw.click();
    await record().filter({ hasText: '1. E<' }).waitFor();
    assert.equal(await page.locator('#board .arrow').count(), 0);
  });

  test('a hint marks its house', async () => {
    await open('oware');
    assert.equal(await page.locator('#board .hinted').count(), 0);
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    const line = await log().filter({ hasText: /hint: [A-F] / }).textContent();
    const label = /hint: ([A-F]) /.exec(line)[1];
    const hinted = page.locator('#board .house.hinted');
    assert.equal(await hinted.count(), 1);
    assert.equal(await hinted.getAttribute('data-house'), label);
    assert.equal(await hinted.getAttribute('aria-label'), `${label}: 4 seeds, the hint`);
    await hinted.locator('.hint-ring').waitFor();
    // The mark goes with the next move.
    await hinted.click();
    await record().filter({ hasText: `1. ${label}` }).waitFor();
    assert.equal(await page.locator('#board .hinted').count(), 0);
  });

  test('on three and four rows the stores are the hands', async () => {
    await open('ludii-tsoro');
    await page.getByRole('img', { name: "South's hand: 0 seeds", exact: true }).waitFor();
    await page.getByRole('img', { name: "North's hand: 0 seeds", exact: true }).waitFor();
    // Each house is tinted by its owner: South's two rows, North's two.
    assert.equal(await page.locator('#board .house.owner-south').count(), 16);
    assert.equal(await page.locator('#board .house.owner-north').count(), 16);
  });

  test('Copy position shows the position in the notation', async () => {
    await open('oware');
    await house('C: 4 seeds').click();
    await record().filter({ hasText: '1. C' }).waitFor();
    await page.getByRole('button', { name: 'Copy position', exact: true }).click();
    const shown = page.locator('#position-text');
    await shown.waitFor();
    assert.equal(await shown.textContent(), '4,4,0,5,5,5/5,4,4,4,4,4 0-0 N');
    await page.getByRole('status').filter({ hasText: /Copied|Select the position/ }).waitFor();
  });
});

describe('finding a game', () => {
  test('the list shows titles by shelf, and the search box filters it', async () => {
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready="true"]');
    const select = page.getByRole('combobox', { name: 'Variant' });
    const shelves = await select.locator('optgroup').evaluateAll((gs) => gs.map((g) => g.label));
    assert.equal(shelves[0], 'Rule documents');
    assert.ok(shelves.includes('MancalaGames: Central Asia'), shelves.join('; '));
    assert.equal(shelves.at(-1), 'Ludii: three and four rows');
    const visible = () => select.locator('option').evaluateAll(
      (os) => os.filter((o) => !o.hidden && !o.parentElement.hidden).map((o) => o.textContent),
    );
    assert.ok((await visible()).includes('Toguz Kumalak'));
    const search = page.getByRole('searchbox', { name: 'Find a game' });
    await search.fill('toguz');
    assert.deepEqual(await visible(), ['Toguz Kumalak', 'Toguz Xorgol']);
    await page.locator('#variant-count', { hasText: '2 of' }).waitFor();
    // By region, and by alias.
    await search.fill('zimbabwe');
    const zimbabwe = await visible();
    assert.ok(zimbabwe.includes('Tsoro') && zimbabwe.length >= 8, zimbabwe.join(', '));
    await search.fill('kalaha');
    assert.ok((await visible()).some((t) => t.startsWith('Kalah')));
    // Enter plays the first game left.
    await search.fill('toguz');
    await search.press('Enter');
    await page.locator('#variant-name', { hasText: 'Toguz Kumalak (mg-toguz-kumalak)' }).waitFor();
  });

  test('the page has an icon', async () => {
    await page.goto(server.url);
    assert.equal(await page.locator('link[rel="icon"]').getAttribute('href'), '/favicon.svg');
    for (const [uri, type] of [['/favicon.svg', 'image/svg+xml'], ['/favicon.ico', 'image/x-icon']]) {
      const response = await page.request.get(new URL(uri, server.url).href);
      assert.equal(response.status(), 200, uri);
      assert.equal(response.headers()['content-type'], type, uri);
    }
  });
});

describe('the editor keeps its file', () => {
  test('Download saves the edited file', async () => {
    await open('kalah');
    await page.getByRole('button', { name: 'Edit a copy', exact: true }).click();
    await page.locator('#editor-status', { hasText: 'A copy of kalah' }).waitFor();
    const editor = page.getByRole('textbox', { name: 'Variant file' });
    const text = (await editor.inputValue()).replace(/^seeds_per_house = 4/m, 'seeds_per_house = 5');
    await editor.fill(text);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'kalah-copy.toml');
    const dir = mkdtempSync(path.join(tmpdir(), 'sow-variant-'));
    const file = path.join(dir, 'kalah-copy.toml');
    await download.saveAs(file);
    assert.equal(readFileSync(file, 'utf8'), text);
  });

  test('Check on an empty editor says where to start', async () => {
    await open('kalah');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.locator('#editor-alert').filter({ hasText: "The editor is empty: start from a shipped variant ('Edit a copy') or paste a variant file." }).waitFor();
    assert.doesNotMatch(await page.locator('#editor-alert').textContent(), /missing field/);
  });
});

describe('on a phone', () => {
  for (const variant of ['oware', 'mg-dakon', 'mg-toguz-kumalak', 'ludii-tsoro', 'mg-andada']) {
    test(`${variant} fits 360 px without sideways scrolling, houses a finger wide`, async () => {
      await page.setViewportSize({ width: 360, height: 740 });
      await open(variant);
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        body: document.body.scrollWidth,
        sheet: document.getElementById('sheet').scrollWidth - document.getElementById('sheet').clientWidth,
      }));
      assert.ok(widths.page <= 360, `the page is ${widths.page} px wide`);
      assert.ok(widths.body <= 360, `the body is ${widths.body} px wide`);
      assert.equal(widths.sheet, 0, 'the rule sheet wraps');
      const shown = await housesShown();
      const narrowest = Math.min(...shown.map((h) => Math.min(h.width, h.height)));
      assert.ok(narrowest >= 32, `the narrowest house is ${narrowest} px`);
      // Every house and store is on the screen's width.
      const right = await page.locator('#board .house, #board .store').evaluateAll(
        (gs) => Math.max(...gs.map((g) => g.getBoundingClientRect().right)),
      );
      assert.ok(right <= 360, `a house reaches ${right} px`);
      // A house is played with a tap.
      const first = shown.find((h) => /\blegal\b/.test(h.classes));
      await house(first.name).click();
      await record().filter({ hasText: '1. ' }).waitFor();
    });
  }
});
