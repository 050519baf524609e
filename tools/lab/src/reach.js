// The Reach panel: `al0 reach` for the piece of advice under the editor's cursor — from how
// many won positions where its rule fires its better goal can be forced, in how many plies
// (a bar per ply count), and lines from positions where it cannot, each clickable.
import { api } from './api.js';
import { lineList } from './verify.js';

const $ = (id) => document.getElementById(id);
const NAME = /[A-Za-z0-9_]/;

// Returns the advice the cursor is on in TEXT: the advice named by the word under the cursor,
// else the advice whose definition the cursor is in; null when there is none.
export function adviceAt(text, cursor) {
  const defined = [];
  const definition = /\badvice\s*\(\s*([A-Za-z_][A-Za-z0-9_]*)/g;
  for (let m; (m = definition.exec(text)); ) defined.push({ name: m[1], at: m.index });
  let from = cursor;
  let to = cursor;
  while (from > 0 && NAME.test(text[from - 1])) --from;
  while (to < text.length && NAME.test(text[to])) ++to;
  const word = text.slice(from, to);
  if (defined.some((d) => d.name === word)) return word;
  let inside = null;
  for (const d of defined) if (d.at <= cursor) inside = d.name;
  return inside;
}

function percent(part, whole) {
  return whole ? `${((100 * part) / whole).toFixed(2)}%` : '0%';
}

// Bars of the roots by the plies their shortest forcing tree needs.
function pliesBars(parent, plies) {
  const most = Math.max(1, ...plies);
  const table = document.createElement('table');
  table.className = 'plies';
  table.id = 'reach-plies';
  plies.forEach((count, p) => {
    if (!count) return;
    const tr = table.insertRow();
    tr.insertCell().textContent = p;
    tr.insertCell().textContent = count;
    const bar = document.createElement('div');
    bar.className = 'bar';
    bar.style.width = `${Math.max(1, Math.round((count / most) * 200))}px`;
    tr.insertCell().appendChild(bar);
  });
  parent.appendChild(table);
}

function showReach(r, onReplay, onPosition) {
  const out = $('reach-result');
  out.replaceChildren();
  const unit = r.up_to_symmetry ? ' (up to symmetry)' : '';
  const rows = [
    ['positions, White to move' + unit, r.positions],
    ['won (tablebase)', r.won],
    ['where its rule fires', `${r.roots} (rules: ${r.rules.length ? r.rules.join(', ') : 'none lists it'})`],
    ['goal forceable', `${r.forceable} (${percent(r.forceable, r.roots)})`],
    ['not forceable', `${r.not_forceable} (${percent(r.not_forceable, r.roots)}); ${r.holding_fails_at_root} of them fail the holding goal at the root`],
  ];
  if (r.worst >= 0)
    rows.push(['plies of the shortest tree', `worst ${r.worst}, mean ${r.mean.toFixed(2)}, median ${r.median}, 99th percentile ${r.p99}`]);
  const summary = document.createElement('table');
  summary.className = 'counts';
  for (const [k, v] of rows) {
    const tr = summary.insertRow();
    tr.insertCell().textContent = k;
    tr.insertCell().textContent = v;
  }
  out.appendChild(summary);
  if (r.worst >= 0) pliesBars(out, r.plies);
  if (r.worst_fen) {
    const worst = document.createElement('div');
    worst.className = 'lines';
    const link = document.createElement('span');
    link.className = 'line-text';
    link.id = 'reach-worst';
    link.textContent = `worst: ${r.worst_fen}`;
    link.title = 'Show it on the board';
    link.addEventListener('click', () => onPosition(r.worst_fen));
    worst.appendChild(link);
    out.appendChild(worst);
  }
  lineList(out, 'Not forceable (White keeps the holding goal as long as it can, Black escapes)', r.unforceable, onReplay);
}

// Sets up the panel over the editor VIEW; TABLETEXT returns the editor's text.
export function setUpReach(view, tableText, onReplay, onPosition, say) {
  $('reach').addEventListener('click', async () => {
    const advice = adviceAt(tableText(), view.state.selection.main.head);
    $('reach-result').replaceChildren();
    if (!advice) {
      say($('reach-status'), 'put the cursor on a piece of advice (its name or its definition)', true);
      return;
    }
    const constraints = $('reach-constraints').checked;
    say($('reach-status'), `reach of ${advice}: solving every position of the material ...`);
    $('reach').disabled = true;
    try {
      const r = await api.reach(tableText(), advice, constraints);
      say($('reach-status'), `${r.advice} (${r.material}${constraints ? ', its move constraints' : ', any legal moves'}): ` +
        `goal forceable from ${percent(r.forceable, r.roots)} of the positions where its rule fires, in ${r.seconds.toFixed(2)} s`);
      showReach(r, onReplay, onPosition);
    } catch (e) {
      say($('reach-status'), e.message, true);
    } finally {
      $('reach').disabled = false;
    }
  });
}
