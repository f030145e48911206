// The reader thread's side (see reader.ts): its own connection to the database file, read-only by pragma,
// answering one statement per message in the order they come.
import { parentPort, workerData } from 'node:worker_threads';
import { DatabaseSync } from 'node:sqlite';
import type { SQLInputValue, StatementSync } from 'node:sqlite';

export interface ReadRequest {
  id: number;
  sql: string;
  params: SQLInputValue[];
}

export type ReadAnswer =
  | { id: number; rows: Record<string, unknown>[] }
  | { id: number; error: { message: string; code?: string } };

const db = new DatabaseSync(String(workerData), { timeout: 5_000 });
// Only the main connection writes: a statement sent here by mistake fails instead of writing.
db.exec('PRAGMA query_only = 1');
const statements = new Map<string, StatementSync>();

parentPort?.on('message', ({ id, sql, params }: ReadRequest) => {
  let answer: ReadAnswer;
  try {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    answer = { id, rows: statement.all(...params) };
  } catch (error) {
    const { message, code } = error as { message: string; code?: string };
    answer = { id, error: { message, ...(code ? { code } : {}) } };
  }
  parentPort?.postMessage(answer);
});
