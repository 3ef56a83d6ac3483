import type { Plugin } from 'vite';

/** Where the server names a screen's own files for a page opened straight on that screen (lib/web-shell.ts). */
export const SCREEN_MODULES_META = 'screen-modules';

/**
 * The script that loads and starts the app once the loading line has been painted. After the browser's
 * first frame it asks for the app's files (`modulepreload`: fetched, not yet run), with those of the
 * screen the server named in the page; once the page is parsed and its stylesheets are in (Chrome holds
 * the parser at a stylesheet in the body until it arrives), it adds the entry module, so no screen is
 * drawn unstyled. A hidden page, which draws no frames, goes on at once.
 *
 * Asked for by the HTML itself, the app's files competed with the first paint: on a fast connection they
 * were in, and sometimes running, before the browser drew its first frame, and Lighthouse's slow-phone
 * model then counted all of them in the first paint (2.3 s instead of 0.7 s, one run in three).
 */
export const startScript = (files: string[], entry: string) => `<script>
      (() => {
        const painted = new Promise((done) =>
          document.visibilityState === 'hidden' ? done() : requestAnimationFrame(() => setTimeout(done)),
        );
        const parsed = new Promise((done) =>
          document.readyState === 'loading' ? document.addEventListener('DOMContentLoaded', done) : done(),
        );
        painted.then(() => {
          const screen = document.querySelector('meta[name="${SCREEN_MODULES_META}"]')?.content.split(' ') ?? [];
          for (const href of [...${JSON.stringify(files)}, ...screen.filter(Boolean)]) {
            const link = document.createElement('link');
            link.rel = 'modulepreload';
            link.crossOrigin = '';
            link.href = href;
            document.head.append(link);
          }
        });
        Promise.all([painted, parsed])
          .then(() => {
            const styles = [...document.querySelectorAll('link[rel="stylesheet"]')].filter((link) => !link.sheet);
            return Promise.all(
              styles.map((link) => new Promise((done) => ['load', 'error'].forEach((e) => link.addEventListener(e, done)))),
            );
          })
          .then(() => {
            const script = document.createElement('script');
            script.type = 'module';
            script.crossOrigin = '';
            script.src = ${JSON.stringify(entry)};
            document.body.append(script);
          });
      })();
    </script>`;

/**
 * Takes the build's module scripts out of the page and loads them, the entry last, with startScript at
 * the end of the head.
 */
export function startAfterFirstPaint(html: string, entry: string): string {
  const files: string[] = [];
  const out = html.replace(
    /[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/g,
    (_tag, src: string) => {
      files.push(src);
      return '';
    },
  );
  if (!files.includes(entry)) throw new Error(`index.html has no module script for the entry ${entry}`);
  return out.replace('</head>', `    ${startScript(files, entry)}\n  </head>`);
}

export function scriptsAfterFirstPaint(): Plugin {
  return {
    name: 'scripts-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => {
        const main = ctx.chunk?.facadeModuleId;
        if (!main || !ctx.bundle) return html;
        // The chunk groups take the entry's code out of its own file (left empty and dropped): the entry is
        // the file that now holds the entry module.
        const entry = Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.moduleIds.includes(main));
        if (!entry) throw new Error(`no file of the build holds ${main}`);
        return startAfterFirstPaint(html, `/${entry.fileName}`);
      },
    },
  };
}
