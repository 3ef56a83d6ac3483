import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import type { ChunkingContext, OutputChunk } from 'rolldown';
import react from '@vitejs/plugin-react';
import purgeCss from '@fullhuman/postcss-purgecss';
import { VitePWA } from 'vite-plugin-pwa';
import { pureDeclarations } from './src/build/pure-declarations.ts';
import { scriptsAfterFirstPaint } from './src/build/scripts-after-first-paint.ts';
import { stylesheetsAfterShell } from './src/build/stylesheets-after-shell.ts';

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

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The screens people open straight from a link or a bookmark, with the page module each one shows
 * (as in src/app/router.tsx). For these the server's HTML already names every file the page needs,
 * so a phone fetches them beside the first screen's code instead of a round trip after it.
 */
const preloadedScreens: Array<{ path: RegExp; modules: string[] }> = [
  { path: /^\/$/, modules: ['src/app/layout.tsx', 'src/features/home/pages/home-page.tsx'] },
  { path: /^\/invoices$/, modules: ['src/features/invoices/pages/invoices-page.tsx'] },
  {
    path: /^\/invoices\/\d+\/edit$/,
    modules: ['src/app/layout.tsx', 'src/features/invoices/pages/edit-invoice-page.tsx'],
  },
  {
    path: /^\/estimates\/\d+\/edit$/,
    modules: ['src/app/layout.tsx', 'src/features/estimates/pages/edit-estimate-page.tsx'],
  },
  { path: /^\/invoices\/\d+\/sign$/, modules: ['src/features/public-sign/pages/sign-invoice-page.tsx'] },
  {
    path: /^\/estimates\/\d+\/review$/,
    modules: ['src/features/public-estimate/pages/review-estimate-page.tsx'],
  },
];

/**
 * The technician's screens, which the service worker keeps on the phone (precached) so they open
 * without a network: the menu frame, the home with the day's visits, the order list and screen, the
 * signing page the customer signs on, and the profile (where notifications are switched on). Other
 * screens' files are fetched when first opened, as without a service worker.
 */
const offlineModules = [
  'src/app/layout.tsx',
  'src/features/home/pages/home-page.tsx',
  'src/features/invoices/pages/invoices-page.tsx',
  'src/features/invoices/pages/edit-invoice-page.tsx',
  'src/features/public-sign/pages/sign-invoice-page.tsx',
  'src/features/profile/pages/profile-page.tsx',
  // Loaded by the first screen when a question is first asked ('Concluir?'), so also offline.
  'src/components/confirm-modal.tsx',
];
/** The files of the first screen and of offlineModules with all they import; set by screenPreloads. */
const offlineFiles = new Set<string>();

/** The files `files` import statically, all the way down, themselves included, each with a file importing it. */
function staticImports(byFile: Map<string, OutputChunk>, files: string[]): Map<string, string> {
  const seen = new Map<string, string>();
  const visit = (file: string, from: string) => {
    if (seen.has(file)) return;
    seen.set(file, from);
    for (const next of byFile.get(file)?.imports ?? []) visit(next, file);
  };
  for (const file of files) visit(file, file);
  return seen;
}

/**
 * Writes preload.json: for each screen above, its URL pattern and the files (the page's own and all
 * they import) that the first screen's HTML does not load already. The server names them in the HTML
 * it sends for such a URL, and the page's start script fetches them with the first files.
 */
function screenPreloads(): Plugin {
  return {
    name: 'screen-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (files: string[]) => new Set(staticImports(byFile, files).keys());
      const initial = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
      const chunkOf = (m: string) => {
        const chunk = chunks.find((c) => c.facadeModuleId === here(m) || c.moduleIds.includes(here(m)));
        if (!chunk) throw new Error(`screen-preloads: no chunk holds ${m}`);
        return chunk.fileName;
      };
      offlineFiles.clear();
      // What those screens load later by themselves (import()) counts too; the first screen's own
      // import()s are every page of the router, so only its static imports are followed.
      const withLazy = (files: string[]): Set<string> => {
        const seen = closure(files);
        const lazy = [...seen]
          .filter((f) => !initial.has(f))
          .flatMap((f) => byFile.get(f)?.dynamicImports ?? [])
          .filter((f) => !seen.has(f));
        return lazy.length ? withLazy([...seen, ...lazy]) : seen;
      };
      for (const file of [...initial, ...withLazy(offlineModules.map(chunkOf))]) {
        offlineFiles.add(file);
        for (const css of byFile.get(file)?.viteMetadata?.importedCss ?? []) offlineFiles.add(css);
      }
      const screens = preloadedScreens.map(({ path, modules }) => {
        const files = modules.map(chunkOf);
        return { path: path.source, files: [...closure(files)].filter((f) => !initial.has(f)).sort() };
      });
      this.emitFile({ type: 'asset', fileName: 'preload.json', source: JSON.stringify(screens, null, 2) });
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

/**
 * The installable app: its manifest (pt-BR) and the service worker built from src/sw.ts, into which
 * Workbox writes the list of files to keep (the app shell and the technician's screens, see
 * offlineModules; a file's revision is its content hash). The page registers the worker itself
 * (lib/pwa.ts) once someone is signed in, so a customer opening a signing link installs nothing.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  manifestFilename: 'manifest.webmanifest',
  includeAssets: [],
  // The icons are in the glob below already.
  includeManifestIcons: false,
  manifest: {
    name: 'Ordem Certa — ordens de serviço',
    short_name: 'Ordem Certa',
    description: 'Ordens de serviço, visitas e assinatura do cliente, também sem internet.',
    lang: 'pt-BR',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: '#0d3b66',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,svg,png}'],
    globIgnores: ['sw.js', 'icons/apple-touch-icon.png'],
    // Hashed file names are their own revision: no cache-busting query on them.
    dontCacheBustURLsMatching: /^assets\//,
    manifestTransforms: [
      async (entries) => ({
        manifest: entries.filter((e) => !/^assets\/.+\.(js|css)$/.test(e.url) || offlineFiles.has(e.url)),
        warnings: offlineFiles.size ? [] : ['no offline file list: screenPreloads did not run'],
      }),
    ],
  },
});
/** The screens a technician works in on a phone: the menu frame, home and the order. */
const fieldScreens = ['src/main.tsx', 'src/app/layout.tsx', 'src/features/home/pages/home-page.tsx'].concat(
  'src/features/invoices/pages/edit-invoice-page.tsx',
);
/**
 * What those screens never run, though the contracts' index names it: the phone rules of the customer and
 * company forms, and the libraries of the office's forms (input masks, the signing pad).
 */
const notField =
  /packages[\\/]contracts[\\/]src[\\/](party|phone|phone-metadata)\.ts$|node_modules[\\/](libphonenumber-js|imask|react-imask|signature_pad)[\\/]/;
/**
 * zod, which the technician's screens load only when a form first checks a field (see lazySchema in
 * src/lib/schema-source.ts): a module that imports it is not the technician's either.
 */
const zodModule = /node_modules[\\/]zod[\\/]/;
const contractsIndex = here('../../packages/contracts/src/index.ts');

/** `make`, worked out once per build (the chunking context) however many modules ask. */
function perBuild<T>(make: (ctx: ChunkingContext) => T): (ctx: ChunkingContext) => T {
  const cache = new WeakMap<object, T>();
  return (ctx) => {
    if (!cache.has(ctx)) cache.set(ctx, make(ctx));
    return cache.get(ctx)!;
  };
}

/**
 * The modules the technician's screens import (statically, all the way down), found once per build,
 * less every module that leads to what they never run: a contract built on the party schemas goes with
 * them, so the technician's shared file never imports the office's. The contracts' index names every
 * contract but the bundle keeps only what is used, so the walk does not go through it.
 */
const fieldModules = perBuild((ctx) => {
  const leads = new Map<string, boolean>();
  const leadsAway = (id: string, path: Set<string>): boolean => {
    if (notField.test(id) || zodModule.test(id)) return true;
    const known = leads.get(id);
    if (known !== undefined) return known;
    if (id === contractsIndex || path.has(id)) return false;
    path.add(id);
    const result = (ctx.getModuleInfo(id)?.importedIds ?? []).some((next) => leadsAway(next, path));
    path.delete(id);
    leads.set(id, result);
    return result;
  };
  const found = new Set<string>();
  const queue = fieldScreens.map((m) => here(m));
  while (queue.length) {
    const id = queue.pop()!;
    if (found.has(id) || leadsAway(id, new Set())) continue;
    found.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
});

/**
 * The module the order screen's forms load their schemas from when a field is first checked (see
 * src/lib/schema-source.ts). What it imports (zod, the contracts' schemas) goes to a file of its own
 * instead of the technician's shared file, which the order screen needs before it can paint.
 */
const formSchemas = here('src/lib/form-schemas.ts');
/** zod's form resolver, which every form loads on its first check (see contractResolver). */
const formResolver = /node_modules[\\/]@hookform[\\/]resolvers[\\/]/;

/**
 * The contract files that export the names a module imports from the contracts' index: the index names
 * every contract, so following it would take all of them.
 */
function contractsUsedBy(ctx: ChunkingContext, id: string): string[] {
  const code = ctx.getModuleInfo(id)?.code ?? '';
  const names = new Set(
    [...code.matchAll(/(?:import|export)\s*\{([^}]*)\}\s*from\s*['"]@ordem-certa\/contracts['"]/g)].flatMap((m) =>
      m[1]!.split(',').map(
        (n) =>
          n
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!,
      ),
    ),
  );
  return (ctx.getModuleInfo(contractsIndex)?.importedIds ?? []).filter((c) =>
    ctx.getModuleInfo(c)?.exports.some((e) => names.has(e)),
  );
}

/**
 * The modules `root` imports, all the way down (through the contracts' index by the names imported), less
 * those in `taken` (already in another file) and the office's form libraries (party and phone rules, masks).
 */
function importedFrom(ctx: ChunkingContext, root: string, taken: Set<string>): Set<string> {
  const found = new Set<string>();
  const queue = [root];
  while (queue.length) {
    const id = queue.pop()!;
    if (found.has(id) || taken.has(id) || notField.test(id)) continue;
    found.add(id);
    const imported = ctx.getModuleInfo(id)?.importedIds ?? [];
    queue.push(...imported.filter((next) => next !== contractsIndex));
    if (imported.includes(contractsIndex)) queue.push(...contractsUsedBy(ctx, id));
  }
  return found;
}

/** What form-schemas.ts imports beyond the technician's shared file: zod and the order's schemas. */
const formModules = perBuild((ctx) => importedFrom(ctx, formSchemas, fieldModules(ctx)));

/**
 * The order list, a technician's screen too, and what it imports beyond the technician's and the forms'
 * files (its filter and pagination): in a file of its own, the list loads none of the office's forms.
 */
const listScreen = here('src/features/invoices/pages/invoices-page.tsx');
const listModules = perBuild((ctx) =>
  importedFrom(ctx, listScreen, new Set([...fieldModules(ctx), ...formModules(ctx)])),
);

/**
 * Stops the build when the order screen, or what it needs to paint, imports zod statically: the phone
 * would again wait for the validation library (about 25 KiB on its network, and its start-up work)
 * before it draws the order. It happens when a module the screen imports statically uses a schema:
 * take the schema through lazySchema instead, or move the plain value it needs (a label, a limit) to a
 * contract file without zod.
 */
function fieldFilesWithoutZod(): Plugin {
  return {
    name: 'field-files-without-zod',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const roots = chunks.filter((c) => c.isEntry || fieldScreens.some((m) => c.facadeModuleId === here(m)));
      const files = staticImports(
        byFile,
        roots.map((c) => c.fileName),
      );
      for (const [file, from] of files) {
        const zod = Object.keys(byFile.get(file)?.modules ?? {}).find((id) => zodModule.test(id));
        if (zod)
          this.error(`${file} (imported by ${from}) holds ${zod}: the order screen would load zod before it paints`);
      }
    },
  };
}

export default defineConfig(({ command }) => ({
  // The contracts' top level only builds values (schemas, labels), so what no screen uses is left out.
  plugins: [
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
              name: (id, ctx) =>
                fieldModules(ctx).has(id)
                  ? 'pages-shared'
                  : formModules(ctx).has(id) || formResolver.test(id)
                    ? 'forms-shared'
                    : listModules(ctx).has(id)
                      ? 'list-shared'
                      : 'office-shared',
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
