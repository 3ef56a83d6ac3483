import { VitePWA } from 'vite-plugin-pwa';
import { offlineFiles } from './screen-preloads.ts';

/**
 * The installable app: its manifest (pt-BR) and the service worker built from src/sw.ts, into which
 * Workbox writes the list of files to keep (the app shell and the technician's screens, see
 * offlineModules; a file's revision is its content hash). The page registers the worker itself
 * (lib/pwa.ts) once someone is signed in, so a customer opening a signing link installs nothing.
 */
export const pwa = VitePWA({
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
