import { describe, expect, it, vi } from 'vitest';
import { serverProcesses } from './cluster.ts';

describe('serverProcesses', () => {
  const pg = { DATABASE_URL: 'postgres://x@127.0.0.1/db' };
  it('runs one process per core on PostgreSQL unless WEB_CONCURRENCY says', () => {
    expect(serverProcesses(pg, 4)).toBe(4);
    expect(serverProcesses({ ...pg, WEB_CONCURRENCY: '2' }, 4)).toBe(2);
    expect(serverProcesses({ ...pg, WEB_CONCURRENCY: '1' }, 4)).toBe(1);
  });
  it('always runs one process on the embedded database, saying so when more were asked', () => {
    const warn = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(serverProcesses({}, 4)).toBe(1);
    expect(warn).not.toHaveBeenCalled();
    expect(serverProcesses({ WEB_CONCURRENCY: '3' }, 4)).toBe(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('WEB_CONCURRENCY ignorado'));
    warn.mockRestore();
  });
  it('refuses a value that is not a whole number ≥ 1', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => {
      throw new Error('exit');
    });
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const bad of ['0', '-1', 'two', '1.5']) {
      expect(() => serverProcesses({ ...pg, WEB_CONCURRENCY: bad }, 4)).toThrow('exit');
    }
    expect(err).toHaveBeenCalledWith(expect.stringContaining('WEB_CONCURRENCY deve ser'));
    exit.mockRestore();
    err.mockRestore();
  });
});
