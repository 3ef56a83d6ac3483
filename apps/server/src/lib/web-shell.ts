import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The SPA's HTML for a client-side route. The web build writes preload.json: for the screens people
 * open straight from a link (an order, the lists, the home page), the URL pattern and the script files
 * that screen needs beyond the first screen's own. For such a URL the HTML names them in
 * <meta name="screen-modules">, and the page's start script fetches them with the first files once the
 * loading line is painted, instead of a round trip later (on 3G a round trip is more than half a
 * second). Other URLs get index.html as built. Returns undefined when the build has no preload.json
 * (the plain file is sent then).
 */
export function webShell(distDir: string): ((path: string) => string | undefined) | undefined {
  const manifest = join(distDir, 'preload.json');
  if (!existsSync(manifest)) return undefined;
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const screens = (JSON.parse(readFileSync(manifest, 'utf8')) as Array<{ path: string; files: string[] }>).map(
    ({ path, files }) => ({
      path: new RegExp(path),
      html: html.replace(
        '</head>',
        `    <meta name="screen-modules" content="${files.map((f) => `/${f}`).join(' ')}">\n  </head>`,
      ),
    }),
  );
  return (path) => screens.find((s) => s.path.test(path))?.html;
}

/**
 * The Content-Security-Policy sources ('sha256-…') of the scripts written inside the build's index.html
 * (it asks for a signed-in visit's first data while the app's files are still arriving): the policy
 * allows these exact scripts and no other inline one.
 */
export function inlineScriptSources(distDir: string): string[] {
  const file = join(distDir, 'index.html');
  if (!existsSync(file)) return [];
  return [...readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );
}
