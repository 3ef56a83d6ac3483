const PDF_MAGIC = Buffer.from('%PDF-');
const PDF_END = Buffer.from('%%EOF');

/**
 * A PDF by its bytes: it starts with `%PDF-` and carries the `%%EOF` marker near its end (where a
 * writer puts it; some add a few bytes after). A text file renamed .pdf has neither.
 */
export function isPdf(data: Buffer): boolean {
  if (data.length < 16 || !data.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return false;
  return data.subarray(Math.max(0, data.length - 1024)).includes(PDF_END);
}
