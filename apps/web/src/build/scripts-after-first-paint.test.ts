import { describe, expect, it } from 'vitest';
import { SCREEN_MODULES_META, startAfterFirstPaint, startScript } from './scripts-after-first-paint.ts';

const built = `<!doctype html>
<html>
  <head>
    <script>early()</script>
    <script type="module" crossorigin src="/assets/framework-a.js"></script>
    <script type="module" crossorigin src="/assets/initial-b.js"></script>
  </head>
  <body>
    <div id="root"></div>
    <link rel="stylesheet" crossorigin href="/assets/initial-c.css">
  </body>
</html>`;

const files = ['/assets/framework-a.js', '/assets/initial-b.js'];

describe('startAfterFirstPaint', () => {
  it('takes the module scripts out and puts the start script at the end of the head; other scripts stay', () => {
    const html = startAfterFirstPaint(built, '/assets/initial-b.js');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<script>early()</script>');
    expect(html).toContain(`${startScript(files, '/assets/initial-b.js')}\n  </head>`);
  });

  it('refuses a page whose entry it cannot find, rather than a page that never starts', () => {
    expect(() => startAfterFirstPaint(built, '/assets/index-x.js')).toThrow('/assets/index-x.js');
  });
});

describe('the start script', () => {
  const tick = () => new Promise((r) => setTimeout(r, 10));

  it("after the first frame fetches the app's and the screen's files, and starts once the styles are in", async () => {
    document.head.innerHTML = `<meta name="${SCREEN_MODULES_META}" content="/assets/page-d.js /assets/shared-e.js">`;
    document.body.innerHTML = '<link rel="stylesheet" href="/x.css">';
    const link = document.querySelector('link')!;
    const frames: FrameRequestCallback[] = [];
    const raf = window.requestAnimationFrame;
    window.requestAnimationFrame = (cb) => frames.push(cb);
    const preloads = () =>
      [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));
    const entry = () => document.querySelector('script[type="module"]');
    try {
      new Function(/<script>([\s\S]*)<\/script>/.exec(startScript(files, '/assets/initial-b.js'))![1]!)();
      await tick();
      expect(frames).toHaveLength(1);
      expect(preloads()).toEqual([]); // nothing asked for before the first frame
      frames[0]!(0);
      await tick();
      expect(preloads()).toEqual([...files, '/assets/page-d.js', '/assets/shared-e.js']);
      expect(entry()).toBeNull(); // the stylesheet is still on its way
      link.dispatchEvent(new Event('load'));
      await tick();
      expect(entry()?.getAttribute('src')).toBe('/assets/initial-b.js');
      expect(document.querySelectorAll('script[type="module"]')).toHaveLength(1);
    } finally {
      window.requestAnimationFrame = raf;
      document.head.innerHTML = '';
      document.body.innerHTML = '';
    }
  });
});
