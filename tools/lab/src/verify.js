// The Verify panel: start, progress (cancellable), then the counts, a histogram of moves to
// mate against optimal play (uPlot), and the failing positions and worst lines, each clickable.
import uPlot from 'uplot';
import { api } from './api.js';

const $ = (id) => document.getElementById(id);

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
      width: 460,
      height: 220,
      title: 'Positions by moves to mate (worst case)',
      scales: { x: { time: false } },
      axes: [{ label: 'moves to mate' }, { label: 'positions', size: 60 }],
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
}

function lineList(parent, title, lines, onReplay) {
  if (!lines || lines.length === 0) return;
  const h = document.createElement('h3');
  h.textContent = title;
  parent.appendChild(h);
  const list = document.createElement('ul');
  list.className = 'lines';
  for (const line of lines) {
    const li = document.createElement('li');
    li.textContent = `${line.fen}  ${line.text}`;
    li.title = 'Replay on the board';
    li.addEventListener('click', () => onReplay(line));
    list.appendChild(li);
  }
  parent.appendChild(list);
}

function showResult(result, onReplay) {
  const out = $('verify-result');
  out.replaceChildren();
  const summary = document.createElement('table');
  summary.className = 'counts';
  const rows = [['positions', result.positions], ['won', result.won]];
  for (const [kind, n] of Object.entries(result.failures)) if (n > 0) rows.push([kind.replace(/_/g, ' '), n]);
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
    lineList(out, `Fails: ${kind.replace(/_/g, ' ')}`, lines, onReplay);
  lineList(out, 'Worst lines (longest resistance)', result.worst_lines, onReplay);
}

export function setUpVerify(tableText, onReplay, say) {
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
      showResult(r, onReplay);
    } else say($('verify-status'), s.state === 'failed' ? s.error : `verification ${s.state}`, s.state === 'failed');
  };
  $('verify').addEventListener('click', async () => {
    $('verify-result').replaceChildren();
    try {
      await api.verify(tableText(), Number($('verify-sample').value) || 0);
    } catch (e) {
      say($('verify-status'), e.message, true);
      return;
    }
    $('verify').disabled = true;
    $('verify-cancel').disabled = false;
    timer = setInterval(poll, 150);
  });
  $('verify-cancel').addEventListener('click', async () => {
    try {
      await api.verifyCancel();
    } catch (e) {
      say($('verify-status'), e.message, true);
    }
  });
}
