import { crc32, deflateRawSync } from 'node:zlib';
import type { TaskAnswer } from './task-pool.ts';

/** The raw deflate of a file for a ZIP entry, with the CRC-32 and size of what it holds. */
export interface Deflated {
  data: Uint8Array<ArrayBuffer>;
  crc: number;
  size: number;
}

/** Deflates one file, in a task thread (zip.ts asks): the compressed bytes move back without a copy. */
export async function deflateTask(input: Uint8Array): Promise<{ answer: TaskAnswer }> {
  const compressed = deflateRawSync(input, { level: 6 });
  const data = new Uint8Array(compressed.buffer, compressed.byteOffset, compressed.byteLength).slice();
  const result: Deflated = { data, crc: crc32(input) >>> 0, size: input.byteLength };
  return { answer: { result, transfer: [data.buffer] } };
}
