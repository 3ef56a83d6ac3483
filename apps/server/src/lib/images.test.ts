import { describe, expect, it } from 'vitest';
import { withImageSlot } from './images.ts';

// Image work is bounded process-wide, so uploads cannot hold every worker thread logins need.
describe('image work slots', () => {
  it('runs at most two image jobs at once; the rest wait their turn and all finish', async () => {
    let now = 0;
    let peak = 0;
    const job = (n: number) =>
      withImageSlot(async () => {
        peak = Math.max(peak, ++now);
        await new Promise((r) => setTimeout(r, 20));
        now--;
        return n;
      });
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map(job));
    expect(results).toEqual([1, 2, 3, 4, 5, 6]);
    expect(peak).toBe(2);
  });

  it('a failing job frees its slot', async () => {
    await expect(withImageSlot(() => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await expect(withImageSlot(() => Promise.reject(new Error('y')))).rejects.toThrow('y');
    await expect(withImageSlot(() => Promise.reject(new Error('z')))).rejects.toThrow('z');
    expect(await withImageSlot(async () => 'ok')).toBe('ok');
  });
});
