// The lab's JSON API (tools/lab/server/lab_routes.cpp): every call resolves to the reply object or throws
// an Error with the server's message.

async function call(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const reply = await response.json();
  if (!response.ok) throw new Error(reply.error || `HTTP ${response.status}`);
  return reply;
}

export const api = {
  tables: () => call('GET', '/api/tables'),
  readTable: (name) => call('GET', `/api/tables/${encodeURIComponent(name)}`),
  saveTable: (name, text) => call('PUT', `/api/tables/${encodeURIComponent(name)}`, { text }),
  check: (text) => call('POST', '/api/check', { text }),
  advise: (table, fen) => call('POST', '/api/advise', { table, fen }),
  play: (table, start, moves) => call('POST', '/api/play', { table, start, moves }),
  practice: (start, moves, hint) => call('POST', '/api/practice', { start, moves, hint }),
  moves: (fen) => call('POST', '/api/moves', { fen }),
  start: (material, seed, strong) => call('POST', '/api/start', { material, seed, strong }),
  verify: (table, sample) => call('POST', '/api/verify', sample ? { table, sample } : { table }),
  reach: (table, advice, constraints) => call('POST', '/api/reach', { table, advice, constraints }),
  verifyStatus: () => call('GET', '/api/verify'),
  verifyCancel: () => call('POST', '/api/verify/cancel'),
};
