// The lab's page: a board to set up and play on, the forcing tree, the table editor with its
// diagnostics, and verification. All engine work is done by al0 through the JSON API.
import 'chessground/assets/chessground.base.css';
import 'chessground/assets/chessground.brown.css';
import 'chessground/assets/chessground.cburnett.css';
import 'uplot/dist/uPlot.min.css';
import './style.css';
import { api } from './api.js';
import { createBoard, createViewer, showPosition, splitFen, playUci, EMPTY_BOARD } from './board.js';
import { setUpEditing } from './setup.js';
import { createEditor, setText } from './editor.js';
import { drawTree, describeNode, setUpTreeView } from './tree.js';
import { setUpVerify } from './verify.js';
import { setUpReach } from './reach.js';
import { createPractice } from './practice.js';

const $ = (id) => document.getElementById(id);
const BOOK_START = '8/8/4R3/8/3K4/8/2k5/8 w - - 0 1';

function say(element, text, isError = false) {
  element.textContent = text;
  element.classList.toggle('error', isError);
}

const game = { start: BOOK_START, moves: [], reply: null };
// Counts what the board shows; a slow reply for an older board must not overwrite a newer one.
let boardVersion = 0;
// The material of the table in the editor (from its check) and of the position on the board.
const materials = { table: null, board: null };
// In set-up mode a drag edits the position; only outside it is a drag the person's move (in
// practice, the strong side's).
const board = createBoard($('board'), (from, to) =>
  $('edit-mode').checked || (practice.active() ? practice.move(moveOf(from, to)) : playPerson(moveOf(from, to))));
const viewer = createViewer($('node-board'));
const leaveSetup = setUpEditing(
  board,
  { palette: $('palette'), turn: $('setup-turn'), clear: $('setup-clear'), toggle: $('edit-mode') },
  (fen) => positionChanged(fen),
);
const editor = createEditor($('editor'), showCheck);
setUpTreeView($('tree'), { zoomIn: $('tree-zoom-in'), zoomOut: $('tree-zoom-out'), fit: $('tree-fit') });
const tableText = () => editor.state.doc.toString();

// --- the table: check results, loading and saving ---

function showCheck(reply, error) {
  const list = $('diagnostics');
  list.replaceChildren();
  if (error) return say($('check-summary'), error, true);
  for (const d of reply.diagnostics) {
    const li = document.createElement('li');
    li.className = d.severity;
    li.dataset.line = d.line;
    li.textContent = `line ${d.line}:${d.column} ${d.severity}: ${d.message}`;
    list.appendChild(li);
  }
  const errors = reply.diagnostics.filter((d) => d.severity === 'error').length;
  tableMaterial(reply.material);
  say($('check-summary'), reply.ok ? `${reply.domain} table: ${reply.rules} rules, ${reply.advice} pieces of advice` +
    (reply.diagnostics.length ? `, ${reply.diagnostics.length} warnings` : '') +
    (reply.material ? `; plays ${reply.material}` : '') : `${errors} errors`, !reply.ok);
}

// The editor's table plays MATERIAL: the chooser follows it, and a board of another material
// gets a start position of this one.
function tableMaterial(material) {
  if (!material || material === materials.table) return;
  materials.table = material;
  const box = $('material');
  if (![...box.options].some((o) => o.value === material)) box.add(new Option(material, material));
  box.value = material;
  if (materials.board && materials.board !== material) randomStart();
}

// The built-in table of each material that has one ({KRK: 'krk', ...}), from the server.
let shipped = {};

// Choosing a material opens its shipped table (unless the editor already plays it) and draws a
// won position of it.
async function chooseMaterial() {
  const material = $('material').value;
  if (materials.table !== material && shipped[material]) {
    materials.table = material; // the check of the new text will not draw a second position
    $('table-select').value = `builtin:${shipped[material]}`;
    await openTable($('table-select').value);
    say($('status'), `${material}: the shipped table ${shipped[material]}`);
  }
  await randomStart();
}

let seed = 0;
async function randomStart() {
  try {
    const r = await api.start($('material').value, ++seed, $('strong').value);
    setFen(r.fen);
  } catch (e) {
    say($('game-status'), e.message, true);
  }
}

async function loadTables(select) {
  const reply = await api.tables();
  shipped = reply.shipped || {};
  const chooser = $('material');
  if (!chooser.options.length) for (const m of reply.materials) chooser.add(new Option(m, m));
  const box = $('table-select');
  box.replaceChildren();
  for (const t of reply.builtin) box.add(new Option(`built-in: ${t.name}`, `builtin:${t.name}`));
  for (const f of reply.files) box.add(new Option(f, `file:${f}`));
  box.dataset.builtin = JSON.stringify(reply.builtin);
  $('table-save').disabled = !reply.folder;
  box.value = [...box.options].some((o) => o.value === select) ? select : 'builtin:krk';
  await openTable(box.value);
}

// The table in the editor: its name in the header, and remembered for the next visit.
function tableOpened(value, label) {
  $('table-current').textContent = `editing ${label}`;
  try {
    localStorage.setItem('al0-lab-table', value);
  } catch {
    // a browser without storage still works, without remembering
  }
}

async function openTable(value) {
  tableOpened(value, value.startsWith('builtin:') ? `built-in table ${value.slice(8)}` : `${value.slice(5)} (your folder)`);
  if (value.startsWith('builtin:')) {
    const t = JSON.parse($('table-select').dataset.builtin).find((b) => `builtin:${b.name}` === value);
    setText(editor, t.text);
    $('table-name').value = `${t.name}_mine.al0`;
  } else {
    const name = value.slice(5);
    setText(editor, (await api.readTable(name)).text);
    $('table-name').value = name;
  }
}

$('table-select').addEventListener('change', (e) => openTable(e.target.value).catch((x) => say($('status'), x.message, true)));
$('table-save').addEventListener('click', async () => {
  const name = $('table-name').value.trim();
  try {
    await api.saveTable(name, tableText());
    say($('status'), `saved ${name}`);
    await loadTables(`file:${name}`);
  } catch (e) {
    say($('status'), e.message, true);
  }
});

// --- the tree and the advice tried ---

function showTree(tree, played) {
  say($('tree-title'), tree ? `rule ${tree.rule}, advice ${tree.advice}: better ${tree.goal_text.better}; holding ${tree.goal_text.holding}` : 'no forcing tree');
  if (!tree) {
    viewer.set({ fen: EMPTY_BOARD });
    $('node-info').replaceChildren();
  }
  drawTree($('tree'), tree, played, (node) => {
    viewer.set({ fen: splitFen(node.fen).board, orientation: board.state.orientation });
    describeNode($('node-info'), node);
  });
  if (tree) {
    viewer.set({ fen: splitFen(tree.root.fen).board, orientation: board.state.orientation });
    describeNode($('node-info'), tree.root);
  }
}

// "1 node", "3 root moves".
const counted = (n, noun) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function showAttempts(attempts) {
  const list = $('attempts');
  list.replaceChildren();
  for (const a of attempts) {
    const li = document.createElement('li');
    li.className = a.satisfied ? 'holds' : 'fails';
    li.textContent = `${a.advice}: ${a.reason} (${counted(a.root_moves, 'root move')}, ${counted(a.nodes, 'node')})`;
    if (a.refutations.length) {
      const why = document.createElement('ul');
      for (const r of a.refutations) why.appendChild(Object.assign(document.createElement('li'), { textContent: r }));
      li.appendChild(why);
    }
    list.appendChild(li);
  }
}

// --- the board: setting up, advising, playing ---

// Lists the legal moves with the tablebase's verdict for the side that plays them; in a game,
// a click plays the person's move.
function showLegal(moves, playable) {
  const legal = $('legal');
  legal.replaceChildren();
  for (const m of moves) {
    const v = m.verdict;
    const li = document.createElement('li');
    li.className = v.result;
    li.dataset.uci = m.uci;
    li.textContent = `${m.san}: ${v.result === 'draw' ? 'draw' : v.result === 'loss' ? `mated in ${v.mate_in}` : `wins, mate in ${v.mate_in}`}`;
    if (playable) li.addEventListener('click', () => playPerson(m.uci));
    legal.appendChild(li);
  }
}

// A new position outside a game, shown from White's side (a game turns the board to the
// person's side).
function setFen(fen) {
  practice.stop();
  showPosition(board, fen, [], undefined, 'white');
  positionChanged(fen);
}

// Everything but the board follows a new position: the FEN box, no game, its legal moves.
function positionChanged(fen) {
  $('fen').value = fen;
  game.start = fen;
  game.moves = [];
  game.reply = null;
  $('history').replaceChildren();
  $('legal').replaceChildren();
  const version = ++boardVersion;
  api.moves(fen).then(
    (r) => {
      if (version !== boardVersion) return;
      materials.board = r.material;
      showLegal(r.legal, false);
    },
    (e) => version === boardVersion && say($('game-status'), e.message, true),
  );
}

async function advise() {
  try {
    const r = await api.advise(tableText(), $('fen').value);
    showAttempts(r.attempts);
    showTree(r.tree, []);
    say($('game-status'), r.move ? `rule ${r.rule}, advice ${r.advice}: ${r.san}` : r.failure || 'no move', !r.move);
  } catch (e) {
    say($('game-status'), e.message, true);
  }
}

function showGame(r) {
  ++boardVersion;
  game.reply = r;
  const person = r.engine_side === 'white' ? 'black' : 'white';
  const last = r.history.length ? r.history[r.history.length - 1].uci : null;
  showPosition(board, r.fen, r.over ? [] : r.legal, last ? [last.slice(0, 2), last.slice(2, 4)] : undefined, person);
  $('fen').value = r.fen;
  const list = $('history');
  list.replaceChildren();
  // Move numbers from the start position's FEN: "1. Re3 (rule: advice)", "1... Kd2" first.
  const fields = r.start.split(' ');
  let number = Number(fields[5]) || 1;
  r.history.forEach((m, i) => {
    const li = document.createElement('li');
    li.className = m.side;
    const prefix = m.side === 'white' ? `${number}. ` : i === 0 ? `${number}... ` : '';
    if (m.side === 'black') number += 1;
    const engine = m.side === r.engine_side;
    li.textContent = prefix + (engine ? `${m.san}  (${m.rule}: ${m.advice}${m.rebuilt ? ', new tree' : ''})` : m.san);
    if (engine && m.switched) {
      li.classList.add('switch');
      li.textContent += ` the game converted: al0 now plays ${m.switched}`;
    }
    list.appendChild(li);
  });
  showLegal(r.legal, true);
  const switched = r.history.some((m) => m.switched) ? `; al0 now plays table ${r.table} (${r.material})` : '';
  const status = r.over ? `game over: ${r.ending || r.failure} (${r.result})` : `your move (${person === 'white' ? 'White' : 'Black'})`;
  say($('game-status'), status + switched, Boolean(r.failure));
  $('game-status').dataset.ending = r.ending || '';
  showAttempts(r.attempts);
  showTree(r.tree, r.played);
}

// Returns the person's UCI move from a drag: a pawn reaching the last rank promotes to the
// piece chosen beside the board.
function moveOf(from, to) {
  const reply = practice.active() ? practice.state.reply : game.reply;
  const legal = reply ? reply.legal : [];
  const promotes = legal.some((m) => m.from === from && m.to === to && m.uci.length === 5);
  return from + to + (promotes ? $('promotion').value : '');
}

async function playPerson(uci) {
  const moves = uci ? [...game.moves, uci] : game.moves;
  try {
    const r = await api.play(tableText(), game.start, moves);
    game.moves = moves;
    showGame(r);
  } catch (e) {
    say($('game-status'), e.message, true);
    if (game.reply) showGame(game.reply); // put the refused move back
  }
}

$('fen-set').addEventListener('click', () => setFen($('fen').value.trim()));
$('advise').addEventListener('click', advise);
$('new-game').addEventListener('click', () => {
  practice.stop();
  leaveSetup();
  game.start = $('fen').value.trim();
  game.moves = [];
  playPerson(null);
});
$('random-start').addEventListener('click', randomStart);

// --- practice: the person plays the strong side, al0 defends ---

const practice = createPractice({
  show(r) {
    ++boardVersion;
    const last = r.history.length ? r.history[r.history.length - 1].uci : null;
    showPosition(board, r.fen, r.over ? [] : r.legal, last ? [last.slice(0, 2), last.slice(2, 4)] : undefined, r.person);
    $('fen').value = r.fen;
    $('history').replaceChildren(...r.history.map((m) => Object.assign(document.createElement('li'), { className: m.side, textContent: m.san })));
    $('legal').replaceChildren(); // the tablebase's verdicts would give the exercise away
    showAttempts([]);
  },
  tree: (tree) => showTree(tree, []),
  say(text, isError, ending) {
    say($('game-status'), text, isError);
    $('game-status').dataset.ending = ending;
  },
});
$('practice').addEventListener('click', () => {
  leaveSetup();
  game.reply = null;
  practice.begin($('fen').value.trim());
});
$('practice-hint').addEventListener('click', () => practice.hint());
$('material').addEventListener('change', () => chooseMaterial().catch((e) => say($('status'), e.message, true)));
$('strong').addEventListener('change', randomStart);

// --- replaying a verification line ---

function replay(line) {
  setFen(line.fen);
  const box = $('replay');
  box.replaceChildren();
  let shown = 0;
  const info = document.createElement('span');
  const step = (n) => {
    shown = Math.max(0, Math.min(line.moves.length, n));
    board.set({ fen: splitFen(line.fen).board, lastMove: undefined });
    for (let i = 0; i < shown; ++i) playUci(board, line.moves[i]);
    info.textContent = ` ${shown} / ${line.moves.length}: ${line.line.slice(0, shown).join(' ')}`;
  };
  for (const [label, delta] of [['«', -1e9], ['‹', -1], ['›', 1], ['»', 1e9]]) {
    const b = document.createElement('button');
    b.textContent = label;
    b.addEventListener('click', () => step(shown + delta));
    box.appendChild(b);
  }
  box.appendChild(info);
  step(0);
  return step;
}

// A failing line: the board shows the last position on it where the table's side is to move
// (where its plan went wrong, or found nothing) and advise explains the table's choice there.
async function explainFailure(line) {
  const step = replay(line);
  const plies = line.moves.length - (line.moves.length % 2);
  step(plies);
  const fen = `${board.getFen()} ${splitFen(line.fen).turn === 'white' ? 'w' : 'b'} - - 0 1`;
  positionChanged(fen);
  await advise();
}

let remembered = null;
try {
  remembered = localStorage.getItem('al0-lab-table');
} catch {
  // no storage: start with the default table
}
const verifyView = setUpVerify(tableText, replay, say, explainFailure);
setUpReach(editor, tableText, replay, setFen, say);
setFen(BOOK_START);
loadTables(remembered || 'builtin:krk').catch((e) => say($('status'), e.message, true));
window.al0lab = { board, viewer, editor, game, materials, verifyView, practice }; // for the browser test and the curious
