// Appending another PDF's pages to a document drawn here (an annex: a laboratory's report). pdfkit
// only writes; pdf-lib reads the annex and copies its pages. Loaded on first use: most documents
// have no annex.

/** How many pages the annex has, or null when it cannot be read (damaged, or locked by a password). */
export async function annexPageCount(annex: Buffer): Promise<number | null> {
  const { PDFDocument } = await import('pdf-lib');
  try {
    const pdf = await PDFDocument.load(annex, { updateMetadata: false });
    return pdf.getPageCount();
  } catch {
    return null;
  }
}

/** `main` followed by every page of `annex`, as one PDF (the main document's title and tags kept). */
export async function appendPdf(main: Buffer, annex: Buffer): Promise<Buffer> {
  const { PDFDocument } = await import('pdf-lib');
  const [out, extra] = await Promise.all([
    PDFDocument.load(main, { updateMetadata: false }),
    PDFDocument.load(annex, { updateMetadata: false }),
  ]);
  const pages = await out.copyPages(extra, extra.getPageIndices());
  for (const page of pages) out.addPage(page);
  return Buffer.from(await out.save({ useObjectStreams: false }));
}
