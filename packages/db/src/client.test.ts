import { describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_SHARED_BUFFERS } from './client.ts';

// The embedded database starts with a small page cache (PostgreSQL's 128 MB default was taken whole at
// start and was most of an idle server's memory); a server may ask for another size.
describe('embedded page cache', () => {
  const sharedBuffers = async (opts: { sharedBuffers?: string }) => {
    const database = await openDatabase(opts);
    try {
      const [row] = await database.rawTransaction((raw) =>
        raw.query<{ shared_buffers: string }>('SHOW shared_buffers'),
      );
      return row!.shared_buffers;
    } finally {
      await database.close();
    }
  };

  it('is 32MB unless told, and the size asked for when told', async () => {
    expect(PGLITE_SHARED_BUFFERS).toBe('32MB');
    expect(await sharedBuffers({})).toBe('32MB');
    expect(await sharedBuffers({ sharedBuffers: '16MB' })).toBe('16MB');
  }, 60_000);

  it('a size PostgreSQL would not take is refused before the database starts', async () => {
    await expect(openDatabase({ sharedBuffers: 'lots' })).rejects.toThrow('shared_buffers inválido: lots');
    await expect(openDatabase({ sharedBuffers: '32' })).rejects.toThrow('shared_buffers inválido');
  });
});
