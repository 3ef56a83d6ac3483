import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { fromWebRoot } from './web-root.ts';

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
  // The customer's rating of a completed order, opened from the completion's e-mail or WhatsApp.
  { path: /^\/invoices\/\d+\/rate$/, modules: ['src/features/public-rating/pages/rate-order-page.tsx'] },
  // The sign-up (from the login page or a shared address) and its e-mailed confirmation link.
  { path: /^\/cadastro$/, modules: ['src/features/signup/pages/signup-page.tsx'] },
  { path: /^\/confirmar-email$/, modules: ['src/features/signup/pages/confirm-email-page.tsx'] },
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
export const offlineFiles = new Set<string>();

/** The files `files` import statically, all the way down, themselves included, each with a file importing it. */
export function staticImports(byFile: Map<string, OutputChunk>, files: string[]): Map<string, string> {
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
export function screenPreloads(): Plugin {
  return {
    name: 'screen-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (files: string[]) => new Set(staticImports(byFile, files).keys());
      const initial = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
      const chunkOf = (m: string) => {
        const chunk = chunks.find((c) => c.facadeModuleId === fromWebRoot(m) || c.moduleIds.includes(fromWebRoot(m)));
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
