// Set-up mode's tools beside the board: a palette of pieces to drag on (a piece dragged off the
// board is removed), the side to move, and Clear. Nothing here sends a move to the engine.
import { EMPTY_BOARD, editPosition, stopEditing } from './board.js';

const ROLES = [['king', 'k'], ['queen', 'q'], ['rook', 'r'], ['bishop', 'b'], ['knight', 'n'], ['pawn', 'p']];

// Builds the palette into PALETTE; onPosition(fen) gets every edited position (its side to move
// from the TURN chooser).
export function setUpEditing(board, { palette, turn, clear, toggle }, onPosition) {
  const fenOf = (placement) => `${placement} ${turn.value} - - 0 1`;
  const changed = () => onPosition(fenOf(board.getFen()));
  for (const color of ['white', 'black']) {
    const row = document.createElement('div');
    row.className = 'palette-row';
    for (const [role, letter] of ROLES) {
      const piece = document.createElement('piece');
      piece.className = `${color} ${role}`;
      piece.title = `drag a ${color} ${role} onto the board`;
      piece.dataset.piece = color === 'white' ? letter.toUpperCase() : letter;
      const start = (e) => {
        if (!toggle.checked) return;
        e.preventDefault();
        board.dragNewPiece({ color, role }, e, true);
      };
      piece.addEventListener('mousedown', start);
      piece.addEventListener('touchstart', start, { passive: false });
      row.appendChild(piece);
    }
    palette.appendChild(row);
  }
  const enable = (on) => {
    palette.closest('.setup').classList.toggle('editing', on);
    if (on) editPosition(board, () => changed());
    else stopEditing(board);
  };
  toggle.addEventListener('change', () => enable(toggle.checked));
  turn.addEventListener('change', () => toggle.checked && changed());
  clear.addEventListener('click', () => {
    board.set({ fen: EMPTY_BOARD, lastMove: undefined });
    changed();
  });
  // Leaves set-up mode (a game starts): the position stays as edited.
  return () => {
    toggle.checked = false;
    enable(false);
  };
}
