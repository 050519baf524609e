// Practice mode: the person plays the side to move of a won position on the board, al0 defends
// with the tablebase's longest resistance; each move is graded beside the board (a click shows
// why), Hint shows what the shipped table plays and its forcing tree, the end the summary.
import { api } from './api.js';

const $ = (id) => document.getElementById(id);

// KIND of a grade text: "best; mate in 8" -> best, "+2; ..." -> slower, draw, loses.
const kindOf = (grade) => (grade.startsWith('+') ? 'slower' : grade.split(';')[0]);

// HOOKS: show(reply) puts the position on the board, tree(hint tree) draws the forcing tree,
// say(text, isError) reports on the game status line.
export function createPractice(hooks) {
  const state = { start: null, moves: [], reply: null };

  function show(r) {
    state.reply = r;
    hooks.show(r);
    $('practice-panel').hidden = false;
    const list = $('practice-moves');
    list.replaceChildren();
    for (const m of r.history) {
      if (!m.grade) continue;
      const li = document.createElement('li');
      li.className = kindOf(m.grade);
      li.textContent = `${m.san}  {${m.grade}}`;
      li.addEventListener('click', () => { $('practice-why').textContent = m.why; });
      list.appendChild(li);
    }
    const last = [...r.history].reverse().find((m) => m.grade);
    $('practice-why').textContent = last ? last.why : '';
    $('practice-summary').textContent = r.summary ? r.summary.text : '';
    $('practice-hint').disabled = r.over;
    if (r.hint) {
      $('practice-hint-text').textContent = r.hint.error ? `No hint: ${r.hint.error}` : r.hint.text;
      hooks.tree(r.hint.tree || null);
    } else {
      $('practice-hint-text').textContent = '';
    }
    const side = r.person === 'white' ? 'White' : 'Black';
    hooks.say(r.over ? `practice over: ${r.ending} (${r.result})` : `practice: your move (${side})`, false, r.ending || '');
  }

  async function request(moves, hint) {
    try {
      const r = await api.practice(state.start, moves, hint);
      state.moves = moves;
      show(r);
    } catch (e) {
      hooks.say(e.message, true, '');
      if (state.reply) hooks.show(state.reply); // put the refused move back
    }
  }

  return {
    state,
    active: () => state.start !== null,
    begin(fen) {
      state.start = fen;
      state.reply = null;
      $('practice-hint-text').textContent = '';
      return request([], false);
    },
    move: (uci) => request([...state.moves, uci], false),
    hint: () => request(state.moves, true),
    stop() {
      state.start = null;
      state.reply = null;
      $('practice-panel').hidden = true;
      $('practice-hint').disabled = true;
    },
  };
}
