import type { Db, Tx } from '@ordem-certa/db';

/** What runs once a transaction's work is committed, with the database it was committed to. */
type Callback = (db: Db) => void;
interface Queue {
  root: Db;
  callbacks: Callback[];
}

const queues = new WeakMap<object, Queue>();
const TRACKED = Symbol('afterCommitTracked');

type Transactional = { transaction: (fn: (tx: Tx) => Promise<unknown>, config?: unknown) => Promise<unknown> };

/**
 * Wraps `target.transaction` so that callbacks given to `afterCommit` inside it run when the work is
 * committed: after the outermost transaction commits, or — for a savepoint — handed to the enclosing
 * transaction when the savepoint is released. A transaction (or savepoint) that throws drops its
 * callbacks with its rows.
 */
function wrap(target: Transactional, root: Db, parent: Queue | undefined) {
  const original = target.transaction.bind(target);
  target.transaction = async (fn, config) => {
    const own: Queue = { root, callbacks: [] };
    const result = await original(async (tx) => {
      queues.set(tx, own);
      wrap(tx as unknown as Transactional, root, own);
      return fn(tx);
    }, config);
    if (parent) parent.callbacks.push(...own.callbacks);
    else for (const callback of own.callbacks) run(callback, root);
    return result;
  };
}

function run(callback: Callback, db: Db) {
  try {
    callback(db);
  } catch {
    // A callback's own failure is its business (it logs); the committed write stands.
  }
}

/** Makes `db.transaction` (and the savepoints inside it) honour `afterCommit`. Once per database object. */
export function trackCommits(db: Db) {
  const marked = db as unknown as Record<symbol, boolean>;
  if (marked[TRACKED]) return;
  marked[TRACKED] = true;
  wrap(db as unknown as Transactional, db, undefined);
}

/**
 * Runs `callback` once what `db` wrote is committed: at the commit of the transaction `db` is (synchronously,
 * right after it, before the caller sees the transaction's result), never if it rolls back. Outside a
 * transaction the statement has committed already, so it runs at once.
 */
export function afterCommit(db: Db | Tx, callback: Callback) {
  const queue = queues.get(db);
  if (queue) queue.callbacks.push(callback);
  else run(callback, db as Db);
}

/** The database a transaction (or savepoint) of a tracked database writes to; a database is its own. */
export function committedTo(db: Db | Tx): Db {
  return queues.get(db)?.root ?? (db as Db);
}
