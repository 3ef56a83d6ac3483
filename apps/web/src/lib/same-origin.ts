/**
 * The path of `target` when it points inside this app's origin, else null: a `redirectUrl` from a link
 * is followed only within our own origin, never to another site, a protocol-relative
 * '//host' or a 'javascript:' URL.
 */
export function sameOriginPath(target: string | null | undefined, origin = window.location.origin): string | null {
  if (!target) return null;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
