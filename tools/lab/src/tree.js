// The forcing tree as a picture (d3-hierarchy's tidy tree): White's and Black's moves on the
// edges, the line played so far highlighted, leaves marked mate or goal, every node shown on
// the small board on hover and kept there by a click; zoom buttons and drag to pan.
import { hierarchy, tree as tidyTree } from 'd3-hierarchy';

const SVG = 'http://www.w3.org/2000/svg';
const ROW = 30; // vertical room per leaf
const COLUMN = 96; // horizontal room per ply
const MIN_HEIGHT = 120; // a one-move tree still reads as a picture
let zoom = 1;

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
  const width = (root.height + 1) * COLUMN + 80;
  const height = Math.max(maxX - minX + ROW * 2, MIN_HEIGHT);
  const svg = el('svg', { viewBox: `0 0 ${width} ${height}`, class: 'tree-svg' }, container);
  svg.dataset.width = width;
  svg.dataset.height = height;
  // A new tree starts fitted to the panel's width, but never below half size: past that it scrolls.
  zoom = Math.max(0.5, Math.min(1, (container.clientWidth - 4) / width));
  applyZoom(svg);
  const g = el('g', { transform: `translate(24,${(height - (maxX - minX)) / 2 - minX})` }, svg);
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
    const c = el('circle', { cx: n.y, cy: n.x, r: 7, class: cls, 'data-fen': n.data.fen }, g);
    const title = el('title', {}, c);
    title.textContent = n.data.fen;
    c.addEventListener('mouseenter', () => onSelect(n.data));
    c.addEventListener('click', () => {
      g.querySelectorAll('circle.selected').forEach((x) => x.classList.remove('selected'));
      c.classList.add('selected');
      onSelect(n.data);
    });
    if (!n.children) {
      const edge = n.data.edge;
      const mark = edge && edge.san.endsWith('#') ? 'mate' : better && better.holds ? 'goal' : '';
      if (mark) el('text', { x: n.y + 12, y: n.x + 4, class: `leaf-mark ${mark}` }, g).textContent = mark;
    }
  });
  if (tree.root.truncated) {
    const note = document.createElement('div');
    note.textContent = 'The tree is cut here: it is larger than the page draws.';
    container.appendChild(note);
  }
}

function applyZoom(svg) {
  svg.setAttribute('width', Math.round(Number(svg.dataset.width) * zoom));
  svg.setAttribute('height', Math.round(Number(svg.dataset.height) * zoom));
}

// Zoom buttons (ZOOM_IN, ZOOM_OUT, FIT: elements) and drag-to-pan for the tree in CONTAINER.
export function setUpTreeView(container, { zoomIn, zoomOut, fit }) {
  const rezoom = (factor) => {
    const svg = container.querySelector('svg');
    if (!svg) return;
    zoom = factor ? Math.min(3, Math.max(0.2, zoom * factor)) : Math.min(1.5, (container.clientWidth - 4) / Number(svg.dataset.width));
    applyZoom(svg);
  };
  zoomIn.addEventListener('click', () => rezoom(1.25));
  zoomOut.addEventListener('click', () => rezoom(0.8));
  fit.addEventListener('click', () => rezoom(0));
  let drag = null;
  container.addEventListener('mousedown', (e) => {
    if (e.target.closest('circle')) return;
    drag = { x: e.clientX, y: e.clientY, left: container.scrollLeft, top: container.scrollTop };
    container.classList.add('panning');
  });
  window.addEventListener('mousemove', (e) => {
    if (!drag) return;
    container.scrollLeft = drag.left - (e.clientX - drag.x);
    container.scrollTop = drag.top - (e.clientY - drag.y);
  });
  window.addEventListener('mouseup', () => {
    drag = null;
    container.classList.remove('panning');
  });
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
