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
    standard: [
      /^(show|fade|active|disabled|collapse|collapsing|visually-hidden|was-validated)$/,
      /^h[1-6]$/,
      /^col(-(sm|md|lg|xl|xxl))?(-\d+|-auto)?$/,
      /^offset(-(sm|md|lg|xl|xxl))?-\d+$/,
      /^list-group(-flush|-item|-item-action)?$/,
      /^(is-valid|is-invalid|valid-feedback|invalid-feedback|valid-tooltip|invalid-tooltip)$/,
    ],
    // The component families the screens use, with every variant and part react-bootstrap may build.
    greedy: [
      /^(modal|dropdown|dropup|dropstart|dropend|popover|bs-popover|tooltip|bs-tooltip|Toastify)/,
      /^(btn|alert|badge|card|table|nav|tab|input-group|page|pagination|spinner|container|row)$/,
      /^(btn|alert|badge|card|table|nav|tab|input-group|page|pagination|spinner|container)-/,
      /^navbar($|-(brand|nav|text|toggler|collapse|light|dark|expand-lg))/,
      /^form-/,
      /^(bg|text-bg|text|border)-(primary|secondary|success|danger|warning|info|light|dark|body|white|black)/,
      // react-bootstrap marks the dark navbar with data-bs-theme (its toggler icon comes from there).
      /data-bs-theme/,
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
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // What every screen runs (React, the router, queries, forms, toasts and react-bootstrap's base
        // helpers) in one file: split further it came as a dozen requests of a few hundred bytes, each
        // paying its headers and a place in the browser's queue on a phone.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack|react-hook-form|react-toastify|clsx)[\\/]/,
            },
            {
              // The app's own pieces that the first screen and the lazy pages share.
              name: 'app-base',
              test: /packages[\\/]contracts[\\/]src[\\/](session|messages)\.ts|apps[\\/]web[\\/]src[\\/](lib[\\/](auth|token|api-client|product)|components[\\/]page-spinner)|react-bootstrap[\\/]esm[\\/](Spinner|ThemeProvider)\.js/,
            },
            {
              name: 'ui-base',
              test: /node_modules[\\/](@restart[\\/]hooks|prop-types|dom-helpers|react-transition-group|classnames|warning|invariant|uncontrollable)[\\/]/,
            },
          ],
        },
      },
    },
  },
}));
