import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { VitePWA, type ManifestOptions, type VitePWAOptions } from 'vite-plugin-pwa';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type BuildManifest = Record<string, ManifestChunk>;

/**
 * The routes the shell precaches beside the home page (the entry): the page a shared link opens,
 * and the favourites (1 KB), which offline is how one gets back to the listings kept.
 */
const PRECACHED_ROUTES = ['src/pages/PropertyDetails.tsx', 'src/pages/Favourites.tsx'];

/**
 * The files of the offline shell: index.html and the logo, the entry with its static imports and CSS, and the
 * details route's chunks. Not the other routes, and not the language texts: the page hands the
 * worker the one language it loaded (web/src/offline/register.ts), so a French phone never
 * downloads the English texts for nothing.
 */
export function shellFiles(manifest: BuildManifest): Set<string> {
  // The navigation's logo is the favicon (170 bytes).
  const files = new Set<string>(['index.html', 'favicon.svg']);
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) add(key);
  for (const route of PRECACHED_ROUTES) add(route);
  return files;
}

/** Installable: French first (most of our users), the name is the brand in both languages. */
const webManifest: Partial<ManifestOptions> = {
  name: 'Mboa Rentals',
  short_name: 'Mboa Rentals',
  description: 'Maisons, chambres, appartements, boutiques et bureaux à louer au Cameroun, en contact direct avec le bailleur.',
  lang: 'fr',
  dir: 'ltr',
  id: '/',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  // --brand and --bg of libs/ui/ui.css
  theme_color: '#0f766e',
  background_color: '#f8fafc',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * vite-plugin-pwa for the public app (docs/architecture.md#offline-and-installable), reading the
 * build manifest from wherever this build writes (dist/, or the browser tests' own folder).
 */
export function webPwa(treeshake: NonNullable<InjectManifestRollup['treeshake']>): Plugin[] {
  let outDir = '';
  const where: Plugin = {
    name: 'mboa-pwa-out-dir',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
  };
  return [where, ...VitePWA(pwaOptions(() => outDir, treeshake))];
}

type InjectManifestRollup = NonNullable<NonNullable<VitePWAOptions['injectManifest']>['rollupOptions']>;

/** `treeshake`: as the apps' own build (the worker reads a few constants of the contracts, never their schemas). */
function pwaOptions(outDir: () => string, treeshake: NonNullable<InjectManifestRollup['treeshake']>): Partial<VitePWAOptions> {
  return {
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    // Registered by the app itself, after load and when idle (web/src/offline/register.ts).
    injectRegister: false,
    manifest: webManifest,
    // The icons are fetched by the browser when someone installs, not by every visitor.
    includeManifestIcons: false,
    injectManifest: {
      rollupOptions: { treeshake },
      globPatterns: ['index.html', 'favicon.svg', 'assets/*.{js,css}'],
      manifestTransforms: [
        (entries) => {
          const manifest = JSON.parse(readFileSync(path.join(outDir(), '.vite', 'manifest.json'), 'utf8')) as BuildManifest;
          const shell = shellFiles(manifest);
          return { manifest: entries.filter((entry) => shell.has(entry.url)), warnings: [] };
        },
      ],
    },
  };
}
