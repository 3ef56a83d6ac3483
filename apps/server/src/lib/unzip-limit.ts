import { Inflate } from 'fflate';

/**
 * How much a ZIP really holds, without trusting what it says: each entry the central directory lists
 * (the one readers such as JSZip follow) is inflated from its own bytes, a few kilobytes of input at a
 * time, with a running count of what comes out; the output is counted and dropped, never kept. The
 * count stops as soon as it passes `limit`, so an archive whose directory declares small sizes but
 * inflates to gigabytes costs at most one piece's output (~4 MB: deflate expands at most ~1032:1)
 * beyond the limit's worth of counting.
 */
export type ZipContents =
  { ok: true; names: string[]; bytes: number } | { ok: false; reason: 'too-large' | 'unreadable' };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const PIECE = 4096;

export function measureZip(zip: Uint8Array, limit: number): ZipContents {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  // The end-of-central-directory record: in the last 22 + 65,535 bytes (its comment comes after it).
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (u32(at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) return { ok: false, reason: 'unreadable' };
  const count = u16(end + 10);
  let at = u32(end + 16);
  // ZIP64 (the values 0xFFFF / 0xFFFFFFFF stand for larger ones) is not what a spreadsheet is.
  if (count === 0xffff || at === 0xffffffff) return { ok: false, reason: 'unreadable' };
  const names: string[] = [];
  let bytes = 0;
  try {
    for (let i = 0; i < count; i++) {
      if (at + 46 > zip.length || u32(at) !== CENTRAL) return { ok: false, reason: 'unreadable' };
      const method = u16(at + 10);
      const compressed = u32(at + 20);
      const nameLength = u16(at + 28);
      const local = u32(at + 42);
      names.push(new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength)));
      at += 46 + nameLength + u16(at + 30) + u16(at + 32);
      if (local + 30 > zip.length || u32(local) !== LOCAL) return { ok: false, reason: 'unreadable' };
      const start = local + 30 + u16(local + 26) + u16(local + 28);
      const data = zip.subarray(start, Math.min(zip.length, start + compressed));
      if (method === 0) {
        bytes += data.length;
      } else if (method === 8) {
        let over = false;
        const inflate = new Inflate((chunk) => {
          bytes += chunk.length;
          if (bytes > limit) over = true;
        });
        // `over` is set by the callback that each push runs.
        // oxlint-disable-next-line no-unmodified-loop-condition
        for (let piece = 0; piece < data.length && !over; piece += PIECE)
          inflate.push(data.subarray(piece, piece + PIECE), piece + PIECE >= data.length);
      } else return { ok: false, reason: 'unreadable' };
      if (bytes > limit) return { ok: false, reason: 'too-large' };
    }
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  return { ok: true, names, bytes };
}
