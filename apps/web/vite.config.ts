import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { bootstrapPurge } from './src/build/bootstrap-purge.ts';
import { fieldFilesWithoutZod } from './src/build/field-files-without-zod.ts';
import { noChunkCircles } from './src/build/no-chunk-circles.ts';
import { precompress } from './src/build/precompress.ts';
import { pureDeclarations } from './src/build/pure-declarations.ts';
import { pwa } from './src/build/pwa.ts';
import { screenPreloads } from './src/build/screen-preloads.ts';
import { scriptsAfterFirstPaint } from './src/build/scripts-after-first-paint.ts';
import { sharedChunkName } from './src/build/shared-chunks.ts';
import { stylesheetsAfterShell } from './src/build/stylesheets-after-shell.ts';

// The build's own plugins are in src/build, one a file.
export default defineConfig(({ command }) => ({
  // The contracts' top level only builds values (schemas, labels), so what no screen uses is left out.
  plugins: [
    noChunkCircles(),
    react(),
    pureDeclarations(/packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/),
    precompress(),
    screenPreloads(),
    stylesheetsAfterShell(),
    scriptsAfterFirstPaint(),
    fieldFilesWithoutZod(),
    pwa,
  ],
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
            {
              // The rest of what the first screen needs stays with it (taken here so the next group
              // cannot pull it into a file the login page would then have to load).
              name: 'initial',
              tags: ['$initial'],
            },
            {
              // What two or more lazy pages share, in four files: what a technician's screens (the menu
              // frame, home and order) load before they paint; the forms' schemas with zod, loaded on a
              // form's first check; what the order list adds; and the rest (the office's forms: phone
              // rules, input masks, the signing pad...). Left to itself the bundler made a file per combination
              // of pages (forty-odd of 1-3 KB for the order screen), and a phone on a slow network over
              // HTTP/1.1 (six connections) paid a round trip per six of them; in a single file, the
              // order screen downloaded every form's libraries too.
              name: sharedChunkName,
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
