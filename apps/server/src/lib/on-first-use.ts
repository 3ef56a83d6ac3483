/**
 * `load` run once, on the first call; every call gets its promise. For the libraries only some requests
 * need (images, rich text, mail, web push): imported then, so an idle server does not hold them.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}
