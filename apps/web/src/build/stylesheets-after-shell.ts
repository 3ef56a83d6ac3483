import type { Plugin } from 'vite';

/** Where index.html wants the stylesheets: right after the loading line, before anything that needs them. */
export const STYLESHEETS_MARK = '<!-- stylesheets -->';

/**
 * Moves the build's `<link rel="stylesheet">` tags from the head to the mark in the body.
 *
 * In the head a stylesheet holds back every paint of the page until it has arrived, so the "Carregando…"
 * line, which needs none of it (its few rules are inline in the head), was first painted only after
 * 19 KiB of CSS: on a slow phone network, a blank screen for a round trip and more. In the body, after
 * the loading line, a stylesheet holds back only what follows it: the browser paints the loading line at
 * once, and the app starts only once the styles are there (scripts-after-first-paint.ts waits for them),
 * so no screen is ever drawn unstyled.
 */
export function moveStylesheets(html: string): string {
  const links: string[] = [];
  const head = html.slice(0, html.indexOf('</head>'));
  const rest = html.slice(head.length);
  const kept = head.replace(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g, (tag) => {
    links.push(tag.trim());
    return '';
  });
  if (!links.length) return html;
  if (!rest.includes(STYLESHEETS_MARK)) throw new Error(`index.html has no ${STYLESHEETS_MARK} for its stylesheets`);
  return kept + rest.replace(STYLESHEETS_MARK, links.join('\n    '));
}

export function stylesheetsAfterShell(): Plugin {
  return {
    name: 'stylesheets-after-shell',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: moveStylesheets },
  };
}
