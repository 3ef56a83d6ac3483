import { Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough, type ZipInputFile } from 'fflate';
import type { Deflated } from './zip-deflate.ts';

/** One file of a ZIP archive. */
export interface ZipEntry {
  /** Its path inside the archive ('fotos/12-antes.jpg'). */
  name: string;
  data: Uint8Array;
  /** Deflated (text such as JSON); files that are already compressed (JPEG, PNG) are stored as they are. */
  compress?: boolean;
}

/** Deflates a file somewhere else (a task thread: src/tasks.ts), with its CRC-32 and size. */
export type Deflater = (data: Uint8Array) => Promise<Deflated>;

/**
 * A ZIP archive written while it is read (fflate: small, no dependencies, and streams): each entry is
 * asked for, and its bytes read, only once the reader has taken what came before, so an archive of
 * many photos never sits whole in memory and a slow download holds at most one file. With `deflate`
 * the files to compress are compressed by it, off the event loop, and only framed here.
 */
export function zipStream(entries: AsyncIterable<ZipEntry>, deflate?: Deflater): Readable {
  return Readable.from(zipChunks(entries, deflate), { objectMode: false });
}

/** An entry whose bytes were deflated elsewhere: fflate frames them as they are (method 8). */
function deflatedFile(name: string, deflated: Deflated, mtime: Date): ZipInputFile & { push(): void } {
  const file: ZipInputFile & { push(): void } = {
    filename: name,
    size: deflated.size,
    crc: deflated.crc,
    compression: 8,
    mtime,
    push: () => file.ondata!(null, deflated.data, true),
  };
  return file;
}

async function* zipChunks(entries: AsyncIterable<ZipEntry>, deflate?: Deflater): AsyncGenerator<Buffer> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  // Entries are added whole and synchronously, so the archive's bytes for each arrive before push returns.
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else ready.push(chunk);
  });
  const mtime = new Date();
  const drain = function* () {
    if (failure) throw failure;
    for (const chunk of ready.splice(0)) yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  };
  for await (const entry of entries) {
    if (entry.compress && deflate) {
      const file = deflatedFile(entry.name, await deflate(entry.data), mtime);
      zip.add(file);
      file.push();
    } else {
      const file = entry.compress ? new ZipDeflate(entry.name, { level: 6 }) : new ZipPassThrough(entry.name);
      file.mtime = mtime;
      zip.add(file);
      file.push(entry.data, true);
    }
    yield* drain();
  }
  zip.end();
  yield* drain();
}
