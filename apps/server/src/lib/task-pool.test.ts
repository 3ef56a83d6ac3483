import { afterAll, describe, expect, it } from 'vitest';
import { TaskFailed, TaskPool, TaskRefused } from './task-pool.ts';

// The task pool's caps: per key (an organization) and per process, the rest waiting oldest first.
const pool = new TaskPool({
  entry: new URL('../../test/stub-task-worker.mjs', import.meta.url),
  lanes: { import: { perKey: 1, total: 2 }, csv: { perKey: 1, total: 2 } },
  threads: 3,
  memoryMb: 64,
  idleMs: 1000,
});
afterAll(() => pool.close());

/** Whether the promise has settled after the pool had its turn. */
const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
  return done;
};

describe('TaskPool', () => {
  it('one per organization and two per process at a time; the others wait, oldest first', async () => {
    const a1 = await pool.session('import', 1, 'echo', 'a1');
    expect(a1.initial).toBe('a1');
    expect(await a1.call('again', { n: 1 })).toEqual({ n: 1 });
    const a2 = pool.session('import', 1, 'echo', 'a2');
    const b1 = await pool.session('import', 2, 'echo', 'b1');
    const c1 = pool.session('import', 3, 'echo', 'c1');
    expect(await settled(a2)).toBe(false);
    expect(await settled(c1)).toBe(false);
    expect(pool.state('import', 1)).toEqual({ running: 1, waiting: 1 });
    expect(pool.state('import', 3)).toEqual({ running: 0, waiting: 1 });
    // Another lane has room of its own.
    expect(await pool.run('csv', 1, 'echo', 'csv')).toBe('csv');

    a1.close();
    const second = await a2;
    expect(second.initial).toBe('a2');
    expect(await settled(c1)).toBe(false);
    b1.close();
    expect((await c1).initial).toBe('c1');
    second.close();
    (await c1).close();
    expect(pool.state('import', 1)).toEqual({ running: 0, waiting: 0 });
  });

  it("a task's refusal comes back with its status; a thread that dies fails its task and frees its place", async () => {
    const refused = await pool.run('import', 4, 'fail', null).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TaskRefused);
    expect((refused as TaskRefused).detail).toEqual({ statusCode: 422, errors: { file: ['x'] } });
    await expect(pool.run('import', 4, 'crash', null)).rejects.toBeInstanceOf(TaskFailed);
    expect(pool.state('import', 4)).toEqual({ running: 0, waiting: 0 });
    expect(await pool.run('import', 4, 'echo', 'depois')).toBe('depois');
  });
});
