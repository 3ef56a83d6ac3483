import type SharpModule from 'sharp';
import { fileMessages, THUMBNAIL_HEIGHT, type ImageContentType } from '@ordem-certa/contracts';
import { invalid } from './errors.ts';
import { onFirstUse } from './on-first-use.ts';

/** A phone photo is ~12 MP; anything far above is not a photo of a job and would cost memory to decode. */
const MAX_INPUT_PIXELS = 50_000_000;
/**
 * A drawing on a phone or tablet pad: the largest tablet screen at its pixel ratio is ~5.6 MP (2048 x
 * 2732). Drawn signatures and uploaded signature images above this are refused before decoding.
 */
export const SIGNATURE_MAX_PIXELS = 6_000_000;
/** A logo or a signature image is printed a few centimetres wide: the same 6 MP cap as a drawing. */
export const COMPANY_IMAGE_MAX_PIXELS = SIGNATURE_MAX_PIXELS;

/**
 * Image work at the same time, process-wide. sharp runs on libuv's worker threads (4 by default), the
 * same threads password hashing uses: without a bound, a few large uploads at once hold them all and
 * every login waits. Two leave room for the rest; further image jobs queue here.
 */
const IMAGE_JOBS = 2;
let running = 0;
const waiting: Array<() => void> = [];

/**
 * sharp (libvips, about 11 MB of the process's memory) is loaded by the first image job, not at start:
 * most processes serve many requests before the first upload or PDF with a photo. Every image job goes
 * through withImageSlot, which loads it first.
 */
const loadSharp = onFirstUse(() => import('sharp').then((m) => m.default));
let sharpModule: typeof SharpModule | undefined;
const sharp = ((...args: Parameters<typeof SharpModule>) => {
  if (!sharpModule) throw new Error('image work outside withImageSlot');
  return sharpModule(...args);
}) as typeof SharpModule;

export async function withImageSlot<T>(job: () => Promise<T>): Promise<T> {
  sharpModule ??= await loadSharp();
  if (running >= IMAGE_JOBS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await job();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}
/** The long side of the copy printed in PDFs: sharp on paper at the size a PDF shows a photo. */
const PRINT_MAX_SIDE = 1000;

export interface ProcessedPhoto {
  width: number;
  height: number;
  /** JPEG, upright, at most PRINT_MAX_SIDE px on its long side. */
  print: Buffer;
  /** JPEG data URL, THUMBNAIL_HEIGHT px high (at most 3x as wide). */
  thumbnail: string;
}

const decoder = (data: Buffer, maxPixels = MAX_INPUT_PIXELS) =>
  sharp(data, { limitInputPixels: maxPixels, failOn: 'error' });

/**
 * The header of a PNG/JPEG (already told by its magic bytes): its real format must be the declared one
 * and its size within `maxPixels`. Reads the header only, so an oversized image costs nothing.
 */
async function readHeader(data: Buffer, contentType: ImageContentType, maxPixels: number) {
  const meta = await sharp(data).metadata();
  const expected = contentType === 'image/png' ? 'png' : 'jpeg';
  if (meta.format !== expected || !meta.width || !meta.height) throw new Error('not the declared format');
  if (meta.width * meta.height > maxPixels) throw new Error('too many pixels');
  return meta;
}

/**
 * The one check every stored image passes (logo, signature image, drawn signatures; photos through
 * processPhoto): the declared format by its header, at most `maxPixels`, and every pixel decodes.
 * Answers whether the image is blank (one colour: an empty signature pad). Anything else is refused on
 * `field` with the same message as a file that is not an image.
 */
export async function checkImage(
  data: Buffer,
  contentType: ImageContentType,
  field: string,
  maxPixels = MAX_INPUT_PIXELS,
): Promise<{ width: number; height: number; blank: boolean }> {
  try {
    return await withImageSlot(async () => {
      const meta = await readHeader(data, contentType, maxPixels);
      const { channels } = await decoder(data, maxPixels).stats();
      return { width: meta.width!, height: meta.height!, blank: channels.every((c) => c.min === c.max) };
    });
  } catch {
    throw invalid({ [field]: fileMessages.notAnImage });
  }
}

/**
 * A drawing sent as a PNG data URL (the signature pads): its bytes, checked like any stored image and
 * capped at what a pad produces. Any failure is `message` on `field`.
 */
export async function checkDrawing(dataUrl: string, field: string, message: string) {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  try {
    const { blank } = await checkImage(bytes, 'image/png', field, SIGNATURE_MAX_PIXELS);
    return { bytes, blank };
  } catch {
    throw invalid({ [field]: message });
  }
}

/**
 * Checks that a PNG/JPEG (already told by its magic bytes) really decodes, and makes its thumbnail and
 * print copy. Phone photos carry their orientation in EXIF: both copies are turned upright. A file that
 * only starts like an image is refused on `field` with the same message as any non-image.
 */
export async function processPhoto(
  data: Buffer,
  contentType: ImageContentType,
  field: string,
): Promise<ProcessedPhoto> {
  try {
    return await withImageSlot(() => photoCopies(data, contentType));
  } catch {
    throw invalid({ [field]: fileMessages.notAnImage });
  }
}

async function photoCopies(data: Buffer, contentType: ImageContentType): Promise<ProcessedPhoto> {
  const meta = await readHeader(data, contentType, MAX_INPUT_PIXELS);
  const upright = () => decoder(data).rotate().flatten({ background: '#ffffff' });
  const [print, thumb] = await Promise.all([
    upright()
      .resize({ width: PRINT_MAX_SIDE, height: PRINT_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer(),
    upright()
      .resize({ height: THUMBNAIL_HEIGHT, width: THUMBNAIL_HEIGHT * 3, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 72 })
      .toBuffer(),
  ]);
  const swapped = (meta.orientation ?? 1) >= 5; // EXIF 5-8: the picture is turned a quarter
  return {
    width: swapped ? meta.height : meta.width,
    height: swapped ? meta.width : meta.height,
    print,
    thumbnail: `data:image/jpeg;base64,${thumb.toString('base64')}`,
  };
}

/**
 * An image made small and opaque for the PDF: pdfkit decodes PNGs in JavaScript, so a phone-sized
 * signature (1125 x 2200 px) would cost more than the rest of the document. `trim` cuts a signature to
 * its strokes; it runs on a shrunk copy (trimming the full pad took ~220 ms, the shrunk one ~30 ms).
 */
export function forPdf(data: Buffer, opts: { maxWidth: number; maxHeight: number; trim?: boolean }) {
  return withImageSlot(() => pdfCopy(data, opts));
}

async function pdfCopy(data: Buffer, opts: { maxWidth: number; maxHeight: number; trim?: boolean }) {
  const opaque = (input: Buffer) => decoder(input).rotate().flatten({ background: '#ffffff' });
  const fit = { width: opts.maxWidth, height: opts.maxHeight, fit: 'inside', withoutEnlargement: true } as const;
  if (!opts.trim) return opaque(data).resize(fit).png({ compressionLevel: 6 }).toBuffer();
  const shrunk = await opaque(data)
    .resize({ width: opts.maxWidth * 1.5, height: opts.maxWidth * 1.5, fit: 'inside', withoutEnlargement: true })
    .png({ compressionLevel: 0 })
    .toBuffer();
  // Trimming an image with nothing to keep fails; the untrimmed one is printed then.
  return decoder(shrunk)
    .trim({ background: '#ffffff', threshold: 20 })
    .resize(fit)
    .png({ compressionLevel: 6 })
    .toBuffer()
    .catch(() => decoder(shrunk).resize(fit).png({ compressionLevel: 6 }).toBuffer());
}

/** The box a signature is printed in on the PDF (at 2x for print sharpness). */
export const SIGNATURE_PRINT_BOX = { maxWidth: 500, maxHeight: 140, trim: true };

/**
 * PDF-ready copies of files that never change under their key (uploads get a new key each time), kept
 * in memory so a logo is shrunk once, not for every PDF. Bounded: the oldest entries go first.
 */
const pdfImages = new Map<string, Promise<Buffer>>();
const PDF_IMAGE_CACHE_MAX = 200;
export function cachedForPdf(
  key: string,
  load: () => Promise<Buffer | null>,
  opts: Parameters<typeof forPdf>[1],
  onBadImage: (err: unknown) => void,
) {
  const cacheKey = `${key}:${opts.maxWidth}x${opts.maxHeight}:${opts.trim ? 't' : ''}`;
  let hit = pdfImages.get(cacheKey);
  if (!hit) {
    // A stored image that does not decode (kept before uploads were checked, or damaged) is left
    // out of the PDF and reported, never a failed PDF.
    hit = load()
      .then((data) => (data ? forPdf(data, opts) : Buffer.alloc(0)))
      .catch((err: unknown) => {
        onBadImage(err);
        return Buffer.alloc(0);
      });
    pdfImages.set(cacheKey, hit);
    if (pdfImages.size > PDF_IMAGE_CACHE_MAX) pdfImages.delete(pdfImages.keys().next().value!);
  }
  return hit.then((b) => (b.length ? b : null));
}
