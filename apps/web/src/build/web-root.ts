import { fileURLToPath } from 'node:url';

/** A path of the web app (apps/web), as the build's plugins name its files. */
export const fromWebRoot = (path: string) => fileURLToPath(new URL(path, new URL('../../', import.meta.url)));
