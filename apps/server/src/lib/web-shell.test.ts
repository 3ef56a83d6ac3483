import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineScriptSources, webShell } from './web-shell.ts';

const dist = mkdtempSync(join(tmpdir(), 'oficina-shell-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const index =
  '<!doctype html><html><head><script type="module" src="/assets/index-a.js"></script></head><body></body></html>';

describe('the SPA shell', () => {
  it('is not made without the build’s preload.json (index.html goes as built)', () => {
    writeFileSync(join(dist, 'index.html'), index);
    expect(webShell(dist)).toBeUndefined();
  });

  it('names the files of a screen opened by its URL, and nothing for other URLs', () => {
    writeFileSync(
      join(dist, 'preload.json'),
      JSON.stringify([
        { path: '^\\/invoices\\/\\d+\\/edit$', files: ['assets/page-b.js', 'assets/shared-c.js'] },
        { path: '^\\/$', files: ['assets/home-d.js'] },
      ]),
    );
    const shell = webShell(dist)!;
    const order = shell('/invoices/42/edit')!;
    expect(order).toContain('<meta name="screen-modules" content="/assets/page-b.js /assets/shared-c.js">');
    expect(order).not.toContain('home-d.js');
    // In the head, read by the page's start script once the page is parsed.
    expect(order.indexOf('shared-c.js')).toBeLessThan(order.indexOf('</head>'));
    expect(order).toContain('<script type="module" src="/assets/index-a.js">');
    expect(shell('/')).toContain('/assets/home-d.js');
    expect(shell('/invoices/42/edit/x')).toBeUndefined();
    expect(shell('/customers')).toBeUndefined();
  });
});

describe('the page icon', () => {
  it('is a real file the build copies (public/), not a data URL an HTML validator refuses', () => {
    const web = join(import.meta.dirname, '..', '..', '..', 'web');
    const html = readFileSync(join(web, 'index.html'), 'utf8');
    const links = [...html.matchAll(/<link\b[^>]*\brel="icon"[^>]*>/g)].map((m) => m[0]);
    expect(links).toHaveLength(1);
    const href = /\bhref="([^"]*)"/.exec(links[0]!)![1]!;
    expect(href).toBe('/favicon.svg');
    expect(existsSync(join(web, 'public', href))).toBe(true);
    expect(readFileSync(join(web, 'public', href), 'utf8')).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });

  it("gives the Content-Security-Policy hash of each script written in the page, and of no file's", () => {
    const other = mkdtempSync(join(tmpdir(), 'oficina-shell-'));
    try {
      expect(inlineScriptSources(other)).toEqual([]);
      writeFileSync(
        join(other, 'index.html'),
        '<html><head><script>window.x = 1;</script><script type="module" src="/assets/a.js"></script>' +
          '<script src="/b.js"></script></head><body><script>\n  go();\n</script></body></html>',
      );
      // sha256 of 'window.x = 1;', as `openssl dgst -sha256 -binary | base64` gives it.
      expect(inlineScriptSources(other)).toEqual([
        "'sha256-U1BU0BfAhaBREBgsEDDctSYokOF3U7hQUIj6mrtukfw='",
        expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/),
      ]);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
