import sharp from 'sharp';
import { fileMessages, THUMBNAIL_HEIGHT, type ImageContentType } from '@oficina/contracts';
import { invalid } from '../plugins/errors.ts';

/** A phone photo is ~12 MP; anything far above is not a photo of a job and would cost memory to decode. */
const MAX_INPUT_PIXELS = 50_000_000;
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

const decoder = (data: Buffer) => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });

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
    const meta = await decoder(data).metadata();
    const expected = contentType === 'image/png' ? 'png' : 'jpeg';
    if (meta.format !== expected || !meta.width || !meta.height) throw new Error('not the declared format');
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
  } catch {
    throw invalid({ [field]: fileMessages.notAnImage });
  }
}

/** True when a drawn signature has no stroke: every channel holds one value (a blank pad). */
export async function isBlankImage(data: Buffer): Promise<boolean> {
  const { channels } = await decoder(data).stats();
  return channels.every((c) => c.min === c.max);
}

/**
 * An image made small and opaque for the PDF: pdfkit decodes PNGs in JavaScript, so a phone-sized
 * signature (1000 x 2000 px, RGBA) would cost more than the rest of the document. Signatures are
 * trimmed to their strokes.
 */
export async function forPdf(data: Buffer, opts: { maxWidth: number; maxHeight: number; trim?: boolean }) {
  const make = (trim: boolean) => {
    let img = decoder(data).rotate().flatten({ background: '#ffffff' });
    if (trim) img = img.trim({ background: '#ffffff', threshold: 20 });
    return img
      .resize({ width: opts.maxWidth, height: opts.maxHeight, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 6, palette: true })
      .toBuffer();
  };
  // Trimming an image with nothing to keep fails; the untrimmed one is printed then.
  return opts.trim ? make(true).catch(() => make(false)) : make(false);
}
