// The forcing tree as a picture (d3-hierarchy's tidy tree): White's and Black's moves on the
// edges, the line played so far highlighted, every node clickable.
import { hierarchy, tree as tidyTree } from 'd3-hierarchy';

const SVG = 'http://www.w3.org/2000/svg';
const ROW = 26; // vertical room per leaf
const COLUMN = 92; // horizontal room per ply

function el(name, attributes, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
  parent.appendChild(e);
  return e;
}

// Draws TREE (the API's {root, rule, advice}) into CONTAINER; PLAYED is the UCI line played
// from its root; onSelect(node) is called with a clicked node's data.
export function drawTree(container, tree, played, onSelect) {
  container.replaceChildren();
  if (!tree) return;
  const root = hierarchy(tree.root, (d) => d.children.map((c) => ({ ...c.node, edge: c })));
  // Mark the played line: follow each played move from the root while the tree covers it.
  let at = root;
  at.data.played = true;
  for (const uci of played || []) {
    const next = (at.children || []).find((c) => c.data.edge.uci === uci);
    if (!next) break;
    next.data.played = true;
    at = next;
  }
  tidyTree().nodeSize([ROW, COLUMN])(root);
  let minX = Infinity;
  let maxX = -Infinity;
  root.each((n) => {
    minX = Math.min(minX, n.x);
    maxX = Math.max(maxX, n.x);
  });
  const width = (root.height + 1) * COLUMN + 40;
  const height = maxX - minX + ROW * 2;
  const svg = el('svg', { width, height, class: 'tree-svg' }, container);
  const g = el('g', { transform: `translate(20,${ROW - minX})` }, svg);
  for (const link of root.links()) {
    const { source: s, target: t } = link;
    const cls = t.data.played ? 'edge played' : 'edge';
    el('path', {
      d: `M${s.y},${s.x}C${(s.y + t.y) / 2},${s.x} ${(s.y + t.y) / 2},${t.x} ${t.y},${t.x}`,
      class: cls,
    }, g);
    const label = el('text', { x: (s.y + t.y) / 2, y: (s.x + t.x) / 2 - 5, class: `${cls} label` }, g);
    label.textContent = t.data.edge.san;
  }
  root.each((n) => {
    const better = n.data.goals.find((x) => x.role === 'better');
    const cls = `node ${n.data.kind}${better && better.holds ? ' goal' : ''}${n.data.played ? ' played' : ''}`;
    const c = el('circle', { cx: n.y, cy: n.x, r: 6, class: cls, 'data-fen': n.data.fen }, g);
    const title = el('title', {}, c);
    title.textContent = n.data.fen;
    c.addEventListener('click', () => {
      g.querySelectorAll('circle.selected').forEach((x) => x.classList.remove('selected'));
      c.classList.add('selected');
      onSelect(n.data);
    });
  });
  if (tree.root.truncated) {
    const note = document.createElement('div');
    note.textContent = 'The tree is cut here: it is larger than the page draws.';
    container.appendChild(note);
  }
}

// Lists which goals of the advice hold at NODE.
export function describeNode(target, node) {
  target.replaceChildren();
  const fen = document.createElement('div');
  fen.className = 'fen';
  fen.textContent = node.fen;
  target.appendChild(fen);
  const list = document.createElement('ul');
  list.className = 'goals';
  for (const g of node.goals) {
    const li = document.createElement('li');
    li.className = g.holds ? 'holds' : 'fails';
    li.textContent = `${g.holds ? '✓' : '✗'} ${g.role}: ${g.goal}`;
    list.appendChild(li);
  }
  target.appendChild(list);
}
