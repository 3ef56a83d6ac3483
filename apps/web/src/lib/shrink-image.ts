/**
 * A phone photo over the upload limit, re-encoded in the browser until it fits: drawn upright (the
 * camera's EXIF orientation applied, so the smaller copy needs none), at most 4000 px on its long side,
 * as JPEG at quality 0.85, then smaller steps while it is still too big. Null when the browser cannot
 * decode it or it does not fit after the last step: the caller refuses it then.
 */
export async function shrinkImage(file: File, maxBytes: number): Promise<File | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    let scale = Math.min(1, 4000 / Math.max(bitmap.width, bitmap.height));
    for (let step = 0; step < 6; step++, scale *= 0.75) {
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const ctx = canvas.getContext('2d');
      if (!ctx) return null;
      // JPEG has no transparency: a PNG's transparent parts become white, not black.
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
      if (blob && blob.size <= maxBytes) {
        const name = file.name.replace(/\.[^.]+$/, '') + '.jpg';
        return new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified });
      }
    }
    return null;
  } finally {
    bitmap.close();
  }
}

/**
 * A photo made small enough to keep on the phone and send on a weak network: upright, at most `maxSide`
 * px on its long side, JPEG at `quality`. A photo already that small is kept as it is (a PNG stays a PNG);
 * one the browser cannot decode is returned unchanged (the server checks it).
 */
export async function shrinkPhoto(file: File, maxSide = 1600, quality = 0.8): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const long = Math.max(bitmap.width, bitmap.height);
    if (long <= maxSide) return file;
    const scale = Math.min(1, maxSide / long);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (!blob) return file;
    const name = file.name.replace(/\.[^.]+$/, '') + '.jpg';
    return new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
