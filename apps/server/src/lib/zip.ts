import { Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** One file of a ZIP archive. */
export interface ZipEntry {
  /** Its path inside the archive ('fotos/12-antes.jpg'). */
  name: string;
  data: Uint8Array;
  /** Deflated (text such as JSON); files that are already compressed (JPEG, PNG) are stored as they are. */
  compress?: boolean;
}

/**
 * A ZIP archive written while it is read (fflate: small, no dependencies, and streams): each entry is
 * asked for, and its bytes read, only once the reader has taken what came before, so an archive of
 * many photos never sits whole in memory and a slow download holds at most one file.
 */
export function zipStream(entries: AsyncIterable<ZipEntry>): Readable {
  return Readable.from(zipChunks(entries), { objectMode: false });
}

async function* zipChunks(entries: AsyncIterable<ZipEntry>): AsyncGenerator<Buffer> {
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
    const file = entry.compress ? new ZipDeflate(entry.name, { level: 6 }) : new ZipPassThrough(entry.name);
    file.mtime = mtime;
    zip.add(file);
    file.push(entry.data, true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}
