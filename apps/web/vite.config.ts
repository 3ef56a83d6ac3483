import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import purgeCss from '@fullhuman/postcss-purgecss';

/**
 * Writes a .br (brotli, best) and a .gz (gzip -9) beside every text file of the build, once, so
 * the server sends the smallest encoding the browser accepts without compressing per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const data = readFileSync(file);
        // Tiny files gain nothing from an encoding; the server then sends them as they are.
        if (data.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * Bootstrap's rules whose classes no screen uses are dropped from the built CSS. Class names our
 * code writes literally are found in the sources; react-bootstrap builds its classes from a prefix
 * and a variant (`btn-${variant}`, `${prefix}-dialog`), so the families of the components we use stay
 * whole. A screen that starts using another Bootstrap component (offcanvas, accordion, toast...) adds
 * its family to the safelist.
 */
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const bootstrapPurge = purgeCss({
  content: [here('index.html'), here('src/**/*.{ts,tsx}')],
  safelist: {
    standard: [/^(show|fade|active|disabled|collapse|collapsing|visually-hidden)$/, /^h[1-6]$/],
    // The component families the screens use, with every variant and part react-bootstrap may build.
    greedy: [
      /^(modal|dropdown|dropup|dropstart|dropend|popover|bs-popover|tooltip|bs-tooltip|Toastify)/,
      /^(btn|alert|badge|card|table|nav|navbar|tab|form|input-group|list-group|page|pagination|spinner)/,
      /^(is-valid|is-invalid|valid-|invalid-|was-validated|col|row|g-|gx-|gy-|container|btn-close)/,
      /^(bg|text-bg|text|border|link)-(primary|secondary|success|danger|warning|info|light|dark|body|white|black)/,
    ],
  },
});

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress()],
  css: command === 'build' ? { postcss: { plugins: [bootstrapPurge] } } : {},
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` },
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 800 },
}));
