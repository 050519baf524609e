// The Verify panel: start, progress (cancellable), then the counts, a histogram of moves to
// mate against optimal play (uPlot), and the failing positions and worst lines, each clickable.
import uPlot from 'uplot';
import { api } from './api.js';

const $ = (id) => document.getElementById(id);
// What the panel shows, for the browser test and the curious.
const view = { chart: null };

// Moves are whole: the x axis steps by whole moves only, its labels without decimals.
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100];

function legendOf(result) {
  const legend = document.createElement('div');
  legend.className = 'chart-legend';
  const entry = (cls, text) => {
    const span = document.createElement('span');
    span.className = cls;
    span.textContent = text;
    legend.appendChild(span);
  };
  entry('ours', `this table: worst ${result.worst}, mean ${result.mean.toFixed(2)} moves`);
  entry('best', `optimal play: worst ${result.optimal_worst}, mean ${result.optimal_mean_won.toFixed(2)} moves`);
  return legend;
}

function histogramChart(parent, result) {
  const table = result.histogram;
  const optimal = result.optimal_histogram;
  const most = Math.max(...Object.keys(table).map(Number), ...Object.keys(optimal).map(Number), 1);
  const xs = [];
  const ours = [];
  const best = [];
  for (let n = 1; n <= most; ++n) {
    xs.push(n);
    ours.push(table[n] || 0);
    best.push(optimal[n] || 0);
  }
  // Side by side: the table's bar left of each x, optimal play's right of it.
  const left = uPlot.paths.bars({ size: [0.4, 40], align: -1 });
  const right = uPlot.paths.bars({ size: [0.4, 40], align: 1 });
  const chart = new uPlot(
    {
      width: Math.max(280, Math.min(parent.parentElement.clientWidth - 8, 560)),
      height: 220,
      title: 'Positions by moves to mate (worst case)',
      legend: { show: false },
      scales: { x: { time: false, range: [0.5, most + 0.5] } },
      axes: [
        { label: 'moves to mate', incrs: WHOLE_STEPS, values: (u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : '')) },
        { label: 'positions', size: 60 },
      ],
      series: [
        { label: 'moves' },
        { label: 'this table', stroke: '#2d6cdf', fill: 'rgba(45,108,223,0.6)', paths: left, points: { show: false } },
        { label: 'optimal play', stroke: '#d0652b', fill: 'rgba(208,101,43,0.6)', paths: right, points: { show: false } },
      ],
    },
    [xs, ours, best],
    parent,
  );
  chart.root.id = 'verify-histogram';
  parent.appendChild(legendOf(result));
  view.chart = chart;
}

// Lists LINES under TITLE: a click replays one on the board; with onExplain, a button beside
// each loads the position where it fails and explains it.
export function lineList(parent, title, lines, onReplay, onExplain) {
  if (!lines || lines.length === 0) return;
  const h = document.createElement('h3');
  h.textContent = title;
  parent.appendChild(h);
  const list = document.createElement('ul');
  list.className = 'lines';
  for (const line of lines) {
    const li = document.createElement('li');
    const text = document.createElement('span');
    text.className = 'line-text';
    text.textContent = `${line.fen}  ${line.text}`;
    text.title = 'Replay on the board';
    text.addEventListener('click', () => onReplay(line));
    li.appendChild(text);
    if (onExplain) {
      const why = document.createElement('button');
      why.className = 'explain';
      why.textContent = 'where it fails';
      why.title = 'Load the last position where the table moves, and explain its choice there';
      why.addEventListener('click', () => onExplain(line));
      li.appendChild(why);
    }
    list.appendChild(li);
  }
  parent.appendChild(list);
}

function showResult(result, onReplay, onExplain) {
  const out = $('verify-result');
  out.replaceChildren();
  const summary = document.createElement('table');
  summary.className = 'counts';
  const rows = [['positions', result.positions], ['won', result.won]];
  // A start fails when any failure is reachable from it; where they happen says how many holes.
  const where = (kind) => result.failing_states
    ? ` (at ${result.failing_states[kind]} of the ${result.states} positions walked)` : '';
  for (const [kind, n] of Object.entries(result.failures))
    if (n > 0) rows.push([kind.replace(/_/g, ' '), `${n}${where(kind)}`]);
  rows.push(['worst case (moves)', `${result.worst} (optimal ${result.optimal_worst})`]);
  rows.push(['mean (won positions)', `${result.mean.toFixed(2)} (optimal ${result.optimal_mean_won.toFixed(2)})`]);
  for (const [k, v] of rows) {
    const tr = summary.insertRow();
    tr.insertCell().textContent = k;
    tr.insertCell().textContent = v;
  }
  out.appendChild(summary);
  const chart = document.createElement('div');
  out.appendChild(chart);
  histogramChart(chart, result);
  for (const [kind, lines] of Object.entries(result.examples))
    lineList(out, `Fails: ${kind.replace(/_/g, ' ')}`, lines, onReplay, onExplain);
  lineList(out, 'Worst lines (longest resistance)', result.worst_lines, onReplay);
}

// Sets up the panel; a finished verification the server still holds (the page was reloaded)
// is shown at once, a running one followed. Returns the panel's view.
export function setUpVerify(tableText, onReplay, say, onExplain) {
  let timer = null;
  const stop = () => {
    clearInterval(timer);
    timer = null;
    $('verify').disabled = false;
    $('verify-cancel').disabled = true;
  };
  const poll = async () => {
    let s;
    try {
      s = await api.verifyStatus();
    } catch (e) {
      stop();
      say($('verify-status'), e.message, true);
      return;
    }
    $('verify-progress').value = s.total ? s.done / s.total : 0;
    if (s.state === 'running') {
      say($('verify-status'), s.total ? `verifying: ${s.done} of ${s.total} positions` : 'verifying: loading the tablebases');
      return;
    }
    if (s.state === 'cancelling') {
      say($('verify-status'), 'cancelling: the engine is stopping');
      return;
    }
    stop();
    if (s.state === 'done') {
      const r = s.result;
      const failed = r.positions - r.won;
      const of = `${r.material}, ${r.positions} positions${r.sampled_from > r.positions ? ` sampled from ${r.sampled_from}` : ''}`;
      say($('verify-status'), failed ? `FAILED: ${failed} positions are not won (${of})` : `PASSED: every position is won (${of})`, failed > 0);
      showResult(r, onReplay, onExplain);
    } else say($('verify-status'), s.state === 'failed' ? s.error : `verification ${s.state}`, s.state === 'failed');
  };
  const follow = () => {
    $('verify').disabled = true;
    $('verify-cancel').disabled = false;
    timer = setInterval(poll, 150);
  };
  api.verifyStatus().then(
    (s) => {
      if (s.state === 'running' || s.state === 'cancelling') follow();
      else if (s.state === 'done' || s.state === 'failed') poll();
    },
    () => {}, // the first poll of a click says what is wrong
  );
  $('verify').addEventListener('click', async () => {
    $('verify-result').replaceChildren();
    try {
      await api.verify(tableText(), Number($('verify-sample').value) || 0);
    } catch (e) {
      say($('verify-status'), e.message, true);
      return;
    }
    follow();
  });
  $('verify-cancel').addEventListener('click', async () => {
    try {
      await api.verifyCancel();
    } catch (e) {
      say($('verify-status'), e.message, true);
    }
  });
  return view;
}
