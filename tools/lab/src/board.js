// The board (chessground): playing the defending side against the engine with legal-move hints,
// editing a position by dragging pieces anywhere, and replaying a line move by move.
import { Chessground } from 'chessground';

// Returns chessground's dests (a Map from square to squares) of the API's legal moves.
export function destsOf(legal) {
  const dests = new Map();
  for (const m of legal) {
    if (!dests.has(m.from)) dests.set(m.from, []);
    dests.get(m.from).push(m.to);
  }
  return dests;
}

// Returns the board part of a FEN and its side to move ('white'/'black').
export function splitFen(fen) {
  const parts = fen.trim().split(/\s+/);
  return { board: parts[0], turn: parts[1] === 'b' ? 'black' : 'white' };
}

export const EMPTY_BOARD = '8/8/8/8/8/8/8/8';

// The board starts empty, from White's side; a game turns it to the person's side.
export function createBoard(element, onMove) {
  return Chessground(element, {
    fen: EMPTY_BOARD,
    orientation: 'white',
    coordinates: true,
    movable: { free: false, color: undefined, showDests: true, events: { after: onMove } },
    draggable: { enabled: true, showGhost: true },
    animation: { enabled: true, duration: 150 },
  });
}

export function createViewer(element) {
  return Chessground(element, { fen: EMPTY_BOARD, viewOnly: true, coordinates: false, orientation: 'white' });
}

// Shows FEN on the board from PERSON's side ('white' or 'black'); LEGAL (the API's legal moves)
// are the moves offered to the person when it is their turn.
export function showPosition(board, fen, legal, lastMove, person = 'black') {
  const { board: placement, turn } = splitFen(fen);
  board.set({
    fen: placement,
    orientation: person,
    turnColor: turn,
    lastMove,
    check: false,
    movable: { free: false, color: turn === person && legal.length ? person : undefined, dests: destsOf(legal) },
  });
}

const ROLES = { q: 'queen', r: 'rook', b: 'bishop', n: 'knight' };

// Plays a UCI move on the board as it stands, a promotion's pawn becoming its piece.
export function playUci(board, uci) {
  const from = uci.slice(0, 2);
  const to = uci.slice(2, 4);
  const piece = board.state.pieces.get(from);
  board.move(from, to);
  if (uci.length === 5 && piece) board.setPieces(new Map([[to, { role: ROLES[uci[4]], color: piece.color, promoted: true }]]));
}

// Lets any piece go anywhere, and off the board to remove it (setting up a position); onChange
// gets the new placement.
export function editPosition(board, onChange) {
  board.set({
    movable: { free: true, color: 'both', dests: new Map() },
    draggable: { deleteOnDropOff: true },
    events: { change: () => onChange(board.getFen()) },
  });
}

export function stopEditing(board) {
  board.set({ movable: { free: false }, draggable: { deleteOnDropOff: false }, events: { change: undefined } });
}
