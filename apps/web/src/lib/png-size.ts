/**
 * The pixel size written in a PNG data URL's header (its first 24 bytes), or undefined for anything
 * else. An <img> given its size up front keeps its place while the picture decodes, so the content
 * below it does not jump when it appears.
 */
export function pngSize(dataUrl: string | null | undefined): { width: number; height: number } | undefined {
  const prefix = 'data:image/png;base64,';
  if (!dataUrl?.startsWith(prefix)) return undefined;
  let head: string;
  try {
    head = atob(dataUrl.slice(prefix.length, prefix.length + 32));
  } catch {
    return undefined;
  }
  if (head.length < 24 || head.slice(1, 4) !== 'PNG' || head.slice(12, 16) !== 'IHDR') return undefined;
  const u32 = (at: number) =>
    ((head.charCodeAt(at) << 24) |
      (head.charCodeAt(at + 1) << 16) |
      (head.charCodeAt(at + 2) << 8) |
      head.charCodeAt(at + 3)) >>>
    0;
  const width = u32(16);
  const height = u32(20);
  return width > 0 && height > 0 ? { width, height } : undefined;
}
