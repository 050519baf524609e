// The lab in a real browser: Debian's chromium, driven by puppeteer-core, loads the page of
// `al0 lab`, plays a KRK game to mate by dragging Black's king, practises the strong side of KRK
// (each move graded, a hint with the table's tree, the summary), breaks the table and finds the
// diagnostic at the right line, runs Verify to its histogram, plays a KPK game through the
// promotion and its switch to the KQK table, plays White against al0's KQK as Black, and verifies
// a sample of the KQK table, and shows the reach of the advice under the cursor as `al0 reach` does; and the page itself: set-up mode, a material choice that opens its
// table, the board's side, a mate-in-3 tree, whole-move histogram ticks, a verification kept over
// a reload, a failure explained, no overflow from 800 px. Screenshots go to ARTIFACTS.
//
//   node browser_test.mjs AL0_BINARY ARTIFACTS   (CHROMIUM=path overrides /usr/bin/chromium)
import puppeteer from 'puppeteer-core';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [binary, artifacts] = process.argv.slice(2);
if (!binary || !artifacts) {
  console.error('usage: node browser_test.mjs AL0_BINARY ARTIFACTS');
  process.exit(2);
}
mkdirSync(artifacts, { recursive: true });
const results = [];
const tables = mkdtempSync(join(tmpdir(), 'al0_lab_tables_'));

function startLab() {
  const lab = spawn(binary, ['lab', '--port', '0', '--tables', tables], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    lab.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /serving (http:\/\/\S+)/.exec(out);
      if (m) resolve({ lab, url: m[1] });
    });
    lab.on('exit', (code) => reject(new Error(`al0 lab exited with ${code}: ${out}`)));
  });
}

async function step(name, body) {
  const started = Date.now();
  try {
    await body();
    results.push([name, true]);
    console.log(`ok    ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (e) {
    results.push([name, false]);
    console.log(`FAIL  ${name}: ${e.stack || e}`);
    await shot(`failed-${results.length}.png`).catch(() => {});
  }
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

// Returns the centre of a square on the board, which shows the person's side at the bottom.
async function squareCentre(page, square) {
  const box = await (await page.$('#board cg-board')).boundingBox();
  const black = await page.evaluate(() => window.al0lab.board.state.orientation === 'black');
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]);
  const size = box.width / 8;
  return black
    ? { x: box.x + (7 - file + 0.5) * size, y: box.y + (rank - 1 + 0.5) * size }
    : { x: box.x + (file + 0.5) * size, y: box.y + (8 - rank + 0.5) * size };
}

async function drag(page, from, to) {
  await page.$eval('#board', (e) => e.scrollIntoView()); // an earlier step may have scrolled away
  const a = await squareCentre(page, from);
  const b = await squareCentre(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
}

const { lab, url } = await startLab();
// However the test ends (a browser that does not start, an exception), the lab goes with it.
process.on('exit', () => lab.kill());
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--window-size=1400,1100'],
  defaultViewport: { width: 1400, height: 1100 },
});
const page = await browser.newPage();
page.on('pageerror', (e) => console.log(`page error: ${e.message}`));
const shot = (name) => page.screenshot({ path: join(artifacts, name), fullPage: true });

await step('the page loads with the default table checked', async () => {
  await page.goto(url);
  await page.waitForFunction(() => /(krk|chess) table: \d+ rules/.test(document.querySelector('#check-summary').textContent), { timeout: 20000 });
  const current = await page.$eval('#table-current', (e) => e.textContent);
  expect(current === 'editing built-in table krk', `the header says '${current}'`);
});

await step('before any game the board shows rank 1 at the bottom and the node board is empty', async () => {
  const seen = await page.evaluate(() => ({
    orientation: window.al0lab.board.state.orientation,
    nodePieces: window.al0lab.viewer.state.pieces.size,
  }));
  expect(seen.orientation === 'white', `the board shows ${seen.orientation} at the bottom`);
  expect(seen.nodePieces === 0, `the node board shows ${seen.nodePieces} pieces with no tree`);
  expect((await page.$$eval('link[rel=icon]', (l) => l.length)) === 1, 'no favicon');
});

await step('set-up mode edits the position (drag on, drag off, move, side to move, clear) without sending moves', async () => {
  const played = [];
  const watch = (r) => r.url().endsWith('/api/play') && played.push(r.url());
  page.on('request', watch);
  await page.click('#edit-mode');
  const fen = () => page.$eval('#fen', (e) => e.value);
  await drag(page, 'd4', 'd5'); // the white king
  await page.waitForFunction(() => document.querySelector('#fen').value.startsWith('8/8/4R3/3K4/8/8/2k5/8 w'), { timeout: 5000 })
    .catch(async () => { throw new Error(`after moving the king: ${await fen()}`); });
  const box = await (await page.$('#board cg-board')).boundingBox();
  const rook = await squareCentre(page, 'e6');
  await page.mouse.move(rook.x, rook.y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width + 120, rook.y, { steps: 8 }); // off the board
  await page.mouse.up();
  await page.waitForFunction(() => document.querySelector('#fen').value.startsWith('8/8/8/3K4/8/8/2k5/8 w'), { timeout: 5000 })
    .catch(async () => { throw new Error(`after dragging the rook off: ${await fen()}`); });
  const spare = await (await page.$('#palette piece.white.queen')).boundingBox();
  const target = await squareCentre(page, 'a8');
  await page.mouse.move(spare.x + spare.width / 2, spare.y + spare.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x, target.y, { steps: 8 });
  await page.mouse.up();
  await page.waitForFunction(() => document.querySelector('#fen').value.startsWith('Q7/8/8/3K4/8/8/2k5/8 w'), { timeout: 5000 })
    .catch(async () => { throw new Error(`after dragging a queen on: ${await fen()}`); });
  await page.select('#setup-turn', 'b');
  await page.waitForFunction(() => / b - - 0 1$/.test(document.querySelector('#fen').value), { timeout: 5000 });
  await page.waitForSelector('#legal li'); // the edited position is a real one: its moves are listed
  await shot('lab-setup.png');
  await page.click('#setup-clear');
  await page.waitForFunction(() => document.querySelector('#fen').value.startsWith('8/8/8/8/8/8/8/8 b'), { timeout: 5000 });
  page.off('request', watch);
  await page.click('#edit-mode');
  await page.select('#setup-turn', 'w');
  await setFen(page, '8/8/4R3/8/3K4/8/2k5/8 w - - 0 1');
  expect(played.length === 0, `set-up mode sent ${played.length} moves to /api/play`);
});

// Plays the person's side from the board's position to the end, each time the move the
// tablebase says is mated last, by dragging; AFTER_MOVE runs after each move. Returns the ending.
async function playOut(page, afterMove = async () => {}) {
  await page.click('#new-game');
  await page.waitForFunction(() => window.al0lab.game.reply, { timeout: 60000 }).catch(async () => {
    throw new Error(`no game: ${await page.$eval('#game-status', (e) => e.textContent)}`);
  });
  await page.waitForSelector('#legal li');
  for (let move = 0; move < 80; ++move) {
    const ending = await page.$eval('#game-status', (e) => e.dataset.ending);
    if (ending) break;
    const choice = await page.$$eval('#legal li', (items) => {
      const scored = items.map((li) => ({ uci: li.dataset.uci, n: Number((/mated in (\d+)/.exec(li.textContent) || [0, 99])[1]) }));
      scored.sort((a, b) => b.n - a.n);
      return scored[0].uci;
    });
    const before = await page.$$eval('#history li', (l) => l.length);
    await drag(page, choice.slice(0, 2), choice.slice(2, 4));
    await page.waitForFunction((n) => document.querySelectorAll('#history li').length > n, { timeout: 60000 }, before);
    await afterMove();
  }
  return page.$eval('#game-status', (e) => e.dataset.ending);
}

await step('a KRK game is played to mate by dragging Black\'s king', async () => {
  let tookTreeShot = false;
  const ending = await playOut(page, async () => {
    if (!tookTreeShot && (await page.$$('.tree-svg path.edge.played')).length >= 2) {
      await page.click('.tree-svg circle.them');
      await shot('lab-forcing-tree.png');
      tookTreeShot = true;
    }
  });
  await shot('lab-game-mate.png');
  expect(ending === 'mate', `the game ended in '${ending}', not mate`);
  expect(tookTreeShot, 'no forcing tree with a played line was shown');
});

await step('Practice: the person mates KRK, each move graded, hint shows the table\'s tree, then the summary', async () => {
  await setFen(page, '8/8/8/8/8/2k5/8/K2R4 w - - 0 1'); // mate in 13 for White
  await page.click('#practice');
  await page.waitForFunction(() => window.al0lab.practice.state.reply, { timeout: 60000 });
  expect(await page.evaluate(() => window.al0lab.board.state.orientation) === 'white', 'the board does not show White, the person, at the bottom');
  await page.click('#practice-hint');
  await page.waitForFunction(() => /^The table krk plays/.test(document.querySelector('#practice-hint-text').textContent), { timeout: 30000 });
  expect((await page.$$('#tree .tree-svg circle')).length > 0, 'no forcing tree drawn for the hint');
  await shot('lab-practice-hint.png');
  for (let move = 0; move < 40; ++move) {
    if (await page.$eval('#game-status', (e) => e.dataset.ending)) break;
    const fen = await page.$eval('#fen', (e) => e.value);
    // The tablebase's fastest mate, asked of the lab's own /api/moves.
    const best = await page.evaluate(async (f) => {
      const r = await fetch('/api/moves', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ fen: f }) });
      const wins = (await r.json()).legal.filter((m) => m.verdict.result === 'win');
      wins.sort((a, b) => a.verdict.mate_in - b.verdict.mate_in);
      return wins[0].uci;
    }, fen);
    const before = await page.$$eval('#practice-moves li', (l) => l.length);
    await drag(page, best.slice(0, 2), best.slice(2, 4));
    await page.waitForFunction((n) => document.querySelectorAll('#practice-moves li').length > n, { timeout: 60000 }, before);
  }
  const ending = await page.$eval('#game-status', (e) => e.dataset.ending);
  const grades = await page.$$eval('#practice-moves li', (l) => l.map((li) => li.textContent));
  await page.click('#practice-moves li');
  const why = await page.$eval('#practice-why', (e) => e.textContent);
  const summary = await page.$eval('#practice-summary', (e) => e.textContent);
  await shot('lab-practice-summary.png');
  expect(ending === 'mate', `the practice game ended in '${ending}', not mate`);
  expect(grades.length === 13 && grades.every((g) => /\{best; (mate in \d+|checkmate)\}$/.test(g)), `grades: ${grades}`);
  expect(/^Best here: /.test(why), `why: ${why}`);
  expect(/^You mated in 13 moves; best play mates in 13/.test(summary), `summary: ${summary}`);
});

let brokenLine = 0;
await step('a broken table shows its diagnostic at the right line', async () => {
  brokenLine = await page.evaluate(() => {
    const view = window.al0lab.editor;
    const text = view.state.doc.toString();
    // The first name in the first rule's condition: a predicate of the table or its library.
    const at = text.indexOf(' if ', text.indexOf('edge_rule ::')) + 4;
    view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
    view.focus();
    return view.state.doc.lineAt(at).number;
  });
  await page.keyboard.type('zz');
  await page.waitForSelector('.cm-lintRange-error', { timeout: 10000 });
  const found = await page.evaluate(() => {
    const view = window.al0lab.editor;
    const mark = document.querySelector('.cm-lintRange-error');
    const listed = document.querySelector('#diagnostics li.error');
    return {
      markLine: view.state.doc.lineAt(view.posAtDOM(mark)).number,
      listedLine: Number(listed.dataset.line),
      message: listed.textContent,
      gutter: document.querySelectorAll('.cm-lint-marker-error').length,
    };
  });
  await shot('lab-diagnostic.png');
  expect(found.markLine === brokenLine, `underlined line ${found.markLine}, expected ${brokenLine}`);
  expect(found.listedLine === brokenLine, `listed line ${found.listedLine}, expected ${brokenLine}`);
  expect(/unknown predicate 'zz[a-z_]+'/.test(found.message), `message: ${found.message}`);
  expect(found.gutter > 0, 'no error marker in the gutter');
  for (let i = 0; i < 2; ++i) await page.keyboard.press('Backspace');
  await page.waitForFunction(() => /(krk|chess) table: \d+ rules/.test(document.querySelector('#check-summary').textContent), { timeout: 10000 });
});

await step('Verify shows progress, then the counts and the histogram with whole-move ticks', async () => {
  await page.click('#verify');
  await page.waitForSelector('#verify-histogram canvas', { timeout: 120000 });
  const status = await page.$eval('#verify-status', (e) => e.textContent);
  const lines = await page.$$eval('#verify-result .lines li', (l) => l.length);
  await page.$eval('#verify-result', (e) => e.scrollIntoView());
  await shot('lab-verify.png');
  expect(status.startsWith('PASSED'), `status: ${status}`);
  expect(lines > 0, 'no worst lines listed');
  const ticks = await page.evaluate(() => window.al0lab.verifyView.chart.axes[0]._values);
  expect(Array.isArray(ticks) && ticks.length > 2, `x axis ticks: ${ticks}`);
  expect(ticks.every((t) => t === '' || /^\d+$/.test(t)), `x axis ticks: ${ticks}`);
  // The legend gives al0 verify's own figures for the table.
  const cli = JSON.parse(execFileSync(binary, ['verify', '--table', 'krk', '--json'], { encoding: 'utf8' }));
  const legend = await page.$eval('.chart-legend', (e) => e.textContent);
  expect(legend.includes(`this table: worst ${cli.worst}, mean ${cli.mean.toFixed(2)} moves`) &&
    legend.includes(`optimal play: worst ${cli.optimal_worst}`), `legend: ${legend}; al0 verify: worst ${cli.worst}, mean ${cli.mean}`);
});

await step('a reload shows the last finished verification', async () => {
  await page.reload();
  await page.waitForSelector('#verify-histogram canvas', { timeout: 20000 });
  const status = await page.$eval('#verify-status', (e) => e.textContent);
  expect(status.startsWith('PASSED'), `status after reload: ${status}`);
  await page.waitForFunction(() => /(krk|chess) table: \d+ rules/.test(document.querySelector('#check-summary').textContent), { timeout: 20000 });
});

await step('a worst line replays on the board', async () => {
  const line = await page.$eval('#verify-result .lines .line-text', (li) => li.textContent);
  await page.click('#verify-result .lines .line-text');
  expect((await page.$eval('#fen', (e) => e.value)) === line.split('  ')[0], 'the board did not take the line\'s start');
  const before = await page.evaluate(() => window.al0lab.board.getFen());
  await page.click('#replay button:nth-of-type(3)'); // one move forward
  const after = await page.evaluate(() => window.al0lab.board.getFen());
  const shown = await page.$eval('#replay span', (e) => e.textContent);
  expect(after !== before && / 1 \/ /.test(shown), `after one step: ${shown}`);
});

// Opens a built-in table; its check names its material and the board gets a position of it.
async function openBuiltin(page, name, material) {
  await page.select('#table-select', `builtin:${name}`);
  await page.waitForFunction((m) => document.querySelector('#check-summary').textContent.endsWith(`plays ${m}`) &&
    window.al0lab.materials.board === m, { timeout: 30000 }, material);
}

async function setFen(page, fen) {
  await page.$eval('#fen', (e, f) => { e.value = f; }, fen);
  await page.click('#fen-set');
  await page.waitForSelector('#legal li');
}

await step('a mate in 3 draws a tree that is fully visible or scrollable, its leaves marked mate', async () => {
  await setFen(page, '7k/8/6R1/6K1/8/8/8/8 w - - 0 1');
  await page.click('#advise');
  await page.waitForFunction(() => /advice mate_in_3/.test(document.querySelector('#tree-title').textContent), { timeout: 30000 });
  const seen = await page.evaluate(() => {
    const box = document.querySelector('#tree');
    const r = box.getBoundingClientRect();
    const circles = [...box.querySelectorAll('circle')].map((c) => c.getBoundingClientRect());
    const scrolls = getComputedStyle(box).overflow;
    return {
      circles: circles.length,
      scrolls,
      outside: circles.filter((c) => c.right > r.left + box.scrollWidth + 1 || c.bottom > r.top + box.scrollHeight + 1 ||
        (scrolls === 'visible' && (c.right > r.right || c.bottom > r.bottom))).length,
      mates: box.querySelectorAll('.leaf-mark.mate').length,
    };
  });
  await page.$eval('#tree-panel', (e) => e.scrollIntoView());
  await shot('lab-mate-in-3.png');
  expect(seen.circles > 5, `${seen.circles} nodes drawn`);
  expect(seen.scrolls === 'auto' || seen.scrolls === 'scroll', `the tree's box does not scroll (${seen.scrolls})`);
  expect(seen.outside === 0, `${seen.outside} nodes lie outside the tree's scrollable area`);
  expect(seen.mates > 0, 'no leaf is marked mate');
});

await step('a failing verification\'s position loads into the board with its explanation', async () => {
  await openBuiltin(page, 'krk_bratko', 'KRK');
  await page.click('#verify');
  await page.waitForFunction(() => /^FAILED/.test(document.querySelector('#verify-status').textContent), { timeout: 120000 });
  await page.$eval('#tree-title', (e) => { e.textContent = ''; });
  await page.click('#verify-result .lines button.explain');
  await page.waitForFunction(() => document.querySelector('#tree-title').textContent !== '' && document.querySelectorAll('#attempts li').length > 0,
    { timeout: 30000 });
  const fen = await page.$eval('#fen', (e) => e.value);
  const title = await page.$eval('#tree-title', (e) => e.textContent);
  await shot('lab-failure-explained.png');
  expect(/ w - - 0 1$/.test(fen), `the failing position ${fen} is not the table's side to move`);
  expect(/^rule \w+, advice \w+/.test(title), `no explanation of the table's choice: ${title}`);
  // The counts say where the failures happen, as al0 verify does.
  let report; // al0 verify exits 1 when a position is not won: its report is still on stdout
  try {
    report = execFileSync(binary, ['verify', '--table', 'krk_bratko', '--json'], { encoding: 'utf8' });
  } catch (e) {
    report = e.stdout;
  }
  const cli = JSON.parse(report);
  const counts = await page.$eval('#verify-result table.counts', (t) => t.textContent);
  const where = `${cli.failures.stalemate} (at ${cli.failing_states.stalemate} of the ${cli.states} positions walked)`;
  expect(counts.includes(where), `page: ${counts}; al0 verify: ${where}`);
  await openBuiltin(page, 'krk', 'KRK');
});

await step('choosing KPK opens its shipped table; Random, then Play, plays with it', async () => {
  await page.select('#material', 'KPK');
  await page.waitForFunction(() => document.querySelector('#table-select').value === 'builtin:kpk' &&
    document.querySelector('#check-summary').textContent.endsWith('plays KPK') && window.al0lab.materials.board === 'KPK', { timeout: 30000 });
  const said = await page.$eval('#status', (e) => e.textContent);
  expect(/KPK: the shipped table kpk/.test(said), `status: ${said}`);
  await page.click('#random-start');
  await page.waitForFunction(() => window.al0lab.materials.board === 'KPK', { timeout: 30000 });
  await page.click('#new-game');
  await page.waitForFunction(() => window.al0lab.game.reply, { timeout: 60000 }).catch(async () => {
    throw new Error(`no game: ${await page.$eval('#game-status', (e) => e.textContent)}`);
  });
  const status = await page.$eval('#game-status', (e) => e.textContent);
  const material = await page.evaluate(() => window.al0lab.game.reply.material);
  expect(material === 'KPK' && /your move/.test(status), `material ${material}, status: ${status}`);
});

await step('no horizontal overflow from 800 px up to a wide screen', async () => {
  for (const width of [800, 1000, 1400, 1920]) {
    await page.setViewport({ width, height: 1100 });
    const seen = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    if (width === 800 || width === 1400) await shot(`lab-${width}px.png`);
    expect(seen.scroll <= seen.inner, `at ${width} px the page is ${seen.scroll} px wide`);
  }
  await page.setViewport({ width: 1400, height: 1100 });
});

await step('a KPK game promotes and al0 switches to the shipped KQK table', async () => {
  await openBuiltin(page, 'kpk', 'KPK');
  expect((await page.$eval('#material', (e) => e.value)) === 'KPK', 'the material chooser does not show KPK');
  await setFen(page, '8/8/3k4/8/4K3/8/4P3/8 w - - 0 1'); // mate in 18 for White
  const ending = await playOut(page);
  const switched = await page.$$eval('#history li.switch', (l) => l.map((li) => li.textContent));
  const status = await page.$eval('#game-status', (e) => e.textContent);
  await shot('lab-kpk-promotion.png');
  expect(ending === 'mate', `the game ended in '${ending}', not mate`);
  expect(switched.length === 1 && /KQK/.test(switched[0]), `switch notes: ${switched}`);
  expect(/now plays table kqk \(KQK\)/.test(status), `status: ${status}`);
  expect(await page.$$eval('#board piece.queen', (l) => l.length) === 1, 'no queen on the board after the promotion');
});

await step('the person plays White against al0\'s KQK as Black', async () => {
  await openBuiltin(page, 'kqk', 'KQK');
  await page.select('#strong', 'black');
  await page.waitForFunction(() => / b /.test(document.querySelector('#fen').value), { timeout: 30000 });
  const ending = await playOut(page);
  const orientation = await page.evaluate(() => window.al0lab.board.state.orientation);
  const treeOrientation = await page.evaluate(() => window.al0lab.viewer.state.orientation);
  const status = await page.$eval('#game-status', (e) => e.textContent);
  await shot('lab-kqk-black.png');
  expect(orientation === 'white', `the board shows ${orientation} at the bottom`);
  expect(treeOrientation === 'white', `the tree's node board shows ${treeOrientation} at the bottom`);
  expect(ending === 'mate' && /0-1/.test(status), `status: ${status}`);
});

await step('Verify a sample of the KQK table shows its counts and histogram', async () => {
  await page.$eval('#verify-sample', (e) => { e.value = '60'; });
  await page.click('#verify');
  await page.waitForFunction(() => /^(PASSED|FAILED).*KQK/.test(document.querySelector('#verify-status').textContent), { timeout: 300000 });
  const status = await page.$eval('#verify-status', (e) => e.textContent);
  await page.waitForSelector('#verify-histogram canvas');
  await page.$eval('#verify-result', (e) => e.scrollIntoView());
  await shot('lab-verify-kqk.png');
  expect(/^PASSED: every position is won \(KQK, 60 positions sampled from \d+\)/.test(status), `status: ${status}`);
});

await step('Reach of the advice under the cursor matches al0 reach, and a line where it fails replays', async () => {
  await openBuiltin(page, 'kqk', 'KQK');
  const text = await page.evaluate(() => window.al0lab.editor.state.doc.toString());
  const at = text.indexOf('advice( mate_in_2');
  expect(at >= 0, 'no mate_in_2 in the KQK table');
  // The cursor inside the definition, past its name: the advice whose definition it is in.
  await page.evaluate((pos) => window.al0lab.editor.dispatch({ selection: { anchor: pos } }), at + 20);
  await page.click('#reach');
  await page.waitForFunction(() => /^mate_in_2 \(KQK/.test(document.querySelector('#reach-status').textContent), { timeout: 120000 })
    .catch(async () => { throw new Error(`reach: ${await page.$eval('#reach-status', (e) => e.textContent)}`); });
  const cli = JSON.parse(execFileSync(binary, ['reach', '--table', 'kqk', '--advice', 'mate_in_2', '--json'], { encoding: 'utf8' }));
  const counts = await page.$eval('#reach-result table.counts', (t) => t.textContent);
  expect(counts.includes(`${cli.roots} (rules:`) && counts.includes(`${cli.forceable} (`), `page: ${counts}; al0 reach: ${cli.roots} roots, ${cli.forceable} forceable`);
  const bars = await page.$$eval('#reach-plies tr', (rows) => rows.length);
  expect(bars === cli.plies.filter((n) => n > 0).length, `${bars} bars, al0 reach has ${cli.plies.filter((n) => n > 0).length} ply counts`);
  const line = await page.$('#reach-result .lines .line-text:not(#reach-worst)');
  expect(line, 'no line where the goal cannot be forced');
  await line.click();
  const fen = await page.$eval('#fen', (e) => e.value);
  expect(fen === cli.unforceable[0].fen, `the board shows ${fen}, not ${cli.unforceable[0].fen}`);
  await page.$eval('#reach-result', (e) => e.scrollIntoView());
  await shot('lab-reach-kqk.png');
});

await browser.close();
lab.kill();
rmSync(tables, { recursive: true, force: true });
const failed = results.filter(([, ok]) => !ok).length;
console.log(`screenshots in ${artifacts}`);
console.log(`browser test: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
