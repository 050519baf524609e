// The table editor: CodeMirror 6 with AL0 highlighting, and `al0 check`'s diagnostics inline
// (underlined, in the gutter and listed below) as you type.
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, highlightActiveLine } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { StreamLanguage, syntaxHighlighting, HighlightStyle } from '@codemirror/language';
import { linter, lintGutter } from '@codemirror/lint';
import { tags } from '@lezer/highlight';
import { api } from './api.js';

const keywords = new Set(['if', 'then', 'and', 'or', 'not', 'advice', 'true', 'false', 'depth']);

// AL0 as the book writes it (docs/LANGUAGE.md §2-6): % and /* */ comments, rule :: if ... then [...].
const al0Language = StreamLanguage.define({
  startState: () => ({ inComment: false }),
  token(stream, state) {
    if (state.inComment) {
      if (stream.skipTo('*/')) {
        stream.match('*/');
        state.inComment = false;
      } else stream.skipToEnd();
      return 'comment';
    }
    if (stream.eatSpace()) return null;
    if (stream.match('%')) {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match('/*')) {
      state.inComment = true;
      return 'comment';
    }
    if (stream.match('::')) return 'operator';
    if (stream.match(/^[<>=]=?/)) return 'operator';
    if (stream.match(/^\d+/)) return 'number';
    if (stream.match(/^[A-Za-z_][A-Za-z0-9_]*/)) {
      const word = stream.current();
      if (keywords.has(word)) return 'keyword';
      return stream.match(/^\s*::/, false) ? 'definition' : 'variableName';
    }
    stream.next();
    return 'punctuation';
  },
});

const al0Highlight = HighlightStyle.define([
  { tag: tags.comment, color: '#7a7a7a', fontStyle: 'italic' },
  { tag: tags.keyword, color: '#7b2fbf', fontWeight: 'bold' },
  { tag: tags.operator, color: '#b5471b' },
  { tag: tags.number, color: '#116644' },
  { tag: tags.definition(tags.variableName), color: '#0b5fa5', fontWeight: 'bold' },
  { tag: tags.variableName, color: '#1f3b57' },
]);

// Returns the offsets of a diagnostic's line:column, underlining the word that starts there.
function rangeOf(doc, d) {
  const line = doc.line(Math.min(Math.max(d.line, 1), doc.lines));
  const from = Math.min(line.from + Math.max(d.column - 1, 0), line.to);
  const rest = doc.sliceString(from, line.to);
  const word = /^[A-Za-z0-9_]+/.exec(rest);
  return { from, to: Math.min(line.to, from + (word ? word[0].length : 1)) };
}

export function createEditor(parent, onCheck) {
  const check = linter(
    async (view) => {
      const text = view.state.doc.toString();
      let reply;
      try {
        reply = await api.check(text);
      } catch (e) {
        onCheck(null, e.message);
        return [];
      }
      if (view.state.doc.toString() !== text) return [];
      onCheck(reply, null);
      return reply.diagnostics.map((d) => ({
        ...rangeOf(view.state.doc, d),
        severity: d.severity,
        message: d.message,
      }));
    },
    { delay: 300 },
  );
  return new EditorView({
    parent,
    state: EditorState.create({
      doc: '',
      extensions: [
        lineNumbers(),
        highlightActiveLine(),
        history(),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        al0Language,
        syntaxHighlighting(al0Highlight),
        lintGutter(),
        check,
        EditorView.theme({ '&': { height: '100%' }, '.cm-scroller': { overflow: 'auto' } }),
      ],
    }),
  });
}

export function setText(view, text) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}
