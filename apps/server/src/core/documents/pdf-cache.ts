import { createHash } from 'node:crypto';

/**
 * The PDFs of the signed links, kept in memory for as long as the link lives: opening the same link
 * again (a reload, a replay) gets the same bytes without rendering anything. The key holds the token
 * (hashed) and the version of what it prints (the record's updated_at, bumped by every change), so a
 * change is rendered anew. Least recently used first out, bounded in bytes; requests for a document being
 * rendered wait for that rendering instead of starting another.
 */
export class PdfCache {
  private readonly entries = new Map<string, Buffer>();
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  static key(token: string, ...version: Array<string | number | boolean | Date | null>) {
    const hash = createHash('sha256').update(token).digest('base64url');
    return [hash, ...version.map((v) => (v instanceof Date ? v.toISOString() : String(v)))].join('|');
  }

  async get(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit); // now the most recently used
      return hit;
    }
    const running = this.inFlight.get(key);
    if (running) return running;
    const made = make().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, made);
    const pdf = await made;
    this.put(key, pdf);
    return pdf;
  }

  private put(key: string, pdf: Buffer) {
    // A document bigger than a quarter of the cache is not kept: it would push out everything else.
    if (pdf.length > this.maxBytes / 4 || this.entries.has(key)) return;
    this.entries.set(key, pdf);
    this.bytes += pdf.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.length;
    }
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}

/** The process's cache of link PDFs: 64 MB. */
export const pdfCache = new PdfCache(64 * 1024 * 1024);
