import { describe, expect, it } from 'vitest';
import { moveStylesheets, STYLESHEETS_MARK } from './stylesheets-after-shell.ts';

const built = (body: string) => `<!doctype html>
<html>
  <head>
    <style>.boot{display:flex}</style>
    <script type="module" crossorigin src="/assets/initial-a.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/initial-b.css">
  </head>
  <body>
    ${body}
  </body>
</html>`;

describe('moveStylesheets', () => {
  it('puts the head’s stylesheets at the mark after the loading line, and nothing else moves', () => {
    const html = moveStylesheets(
      built(`<div id="root"><div class="boot">Carregando…</div></div>\n    ${STYLESHEETS_MARK}`),
    );
    expect(html).toBe(`<!doctype html>
<html>
  <head>
    <style>.boot{display:flex}</style>
    <script type="module" crossorigin src="/assets/initial-a.js"></script>
  </head>
  <body>
    <div id="root"><div class="boot">Carregando…</div></div>
    <link rel="stylesheet" crossorigin href="/assets/initial-b.css">
  </body>
</html>`);
  });

  it('refuses a page with stylesheets and no mark, rather than leave them where they hold back the first paint', () => {
    expect(() => moveStylesheets(built('<div id="root"></div>'))).toThrow(STYLESHEETS_MARK);
  });

  it('leaves a page without stylesheets as it is', () => {
    const html = built(`<div id="root"></div>\n    ${STYLESHEETS_MARK}`).replace(
      / *<link rel="stylesheet"[^>]*>\n/,
      '',
    );
    expect(moveStylesheets(html)).toBe(html);
  });
});
