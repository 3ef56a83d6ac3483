/**
 * `attachment; filename="…"` for a file that downloads under `name`: an ASCII fallback for old clients
 * (accents dropped, other characters and quotes as '_') and the UTF-8 name (RFC 6266).
 */
export function attachmentDisposition(name: string) {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
