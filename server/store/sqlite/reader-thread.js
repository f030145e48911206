// The reader thread's side (see reader.ts): its own connection to the database file, read-only by pragma,
// answering one statement per message in the order they come. Plain JavaScript on purpose: a thread that
// loads TypeScript starts Node's type stripper of its own, about 11 MB per thread.
import { parentPort, workerData } from 'node:worker_threads';
import { DatabaseSync } from 'node:sqlite';

const db = new DatabaseSync(String(workerData), { timeout: 5_000 });
// Only the main connection writes: a statement sent here by mistake fails instead of writing.
db.exec('PRAGMA query_only = 1');
const statements = new Map();

parentPort?.on('message', ({ id, sql, params }) => {
  let answer;
  try {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    answer = { id, rows: statement.all(...params) };
  } catch (error) {
    const { message, code } = error;
    answer = { id, error: { message, ...(code ? { code } : {}) } };
  }
  parentPort?.postMessage(answer);
});
