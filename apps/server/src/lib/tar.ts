/**
 * Just enough of the tar format (POSIX ustar, regular files only) to write and read backup
 * archives that `tar -tzf` can also list.
 */
export interface TarEntry {
  name: string;
  data: Buffer;
}

const BLOCK = 512;

function header(name: string, size: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`name too long for tar: ${name}`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  h.write(base, 0, 100, 'utf8');
  h.write('0000644\0', 100, 'ascii');
  h.write('0000000\0', 108, 'ascii');
  h.write('0000000\0', 116, 'ascii');
  h.write(size.toString(8).padStart(11, '0') + '\0', 124, 'ascii');
  h.write(
    Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0') + '\0',
    136,
    'ascii',
  );
  h.write('        ', 148, 'ascii');
  h.write('0', 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'ascii');
  return h;
}

export function writeTar(entries: TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    parts.push(header(e.name, e.data.length), e.data);
    const pad = (BLOCK - (e.data.length % BLOCK)) % BLOCK;
    if (pad) parts.push(Buffer.alloc(pad));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}

export function readTar(archive: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let at = 0;
  const text = (from: number, len: number) => archive.toString('utf8', from, from + len).replace(/\0.*$/s, '');
  while (at + BLOCK <= archive.length) {
    if (archive.subarray(at, at + BLOCK).every((b) => b === 0)) break;
    const name = text(at, 100);
    const size = parseInt(text(at + 124, 12).trim(), 8);
    const type = text(at + 156, 1);
    const prefix = text(at + 345, 155);
    const start = at + BLOCK;
    if (type === '0' || type === '') {
      entries.push({ name: prefix ? `${prefix}/${name}` : name, data: archive.subarray(start, start + size) });
    }
    at = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
}
