import { fileURLToPath } from 'node:url';
import type { Alias, BuildOptions } from 'vite';

const contracts = fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url));
const ui = fileURLToPath(new URL('../ui/', import.meta.url));
const webCore = fileURLToPath(new URL('./index.ts', import.meta.url));

/**
 * Both apps' Vite and Vitest aliases: the contracts compile from their TypeScript sources (their dist
 * may not be built), and `@mboa/ui` / `@mboa/web-core` are plain folders under libs/.
 */
export const sharedAliases: Alias[] = [
  { find: /^@mboa\/contracts$/, replacement: contracts },
  { find: /^@mboa\/ui$/, replacement: `${ui}index.ts` },
  { find: /^@mboa\/ui\/(.*)$/, replacement: `${ui}$1` },
  { find: /^@mboa\/web-core$/, replacement: webCore },
];

/**
 * The contracts library only declares values; nothing runs on import. Saying so lets the bundler
 * drop the zod schemas (and zod) that the browser never uses: in both apps and the service worker.
 */
export const contractsDeclareOnly = { moduleSideEffects: (id: string) => !id.includes('/libs/contracts/') };

/** Both apps' production build. */
export const sharedBuild: BuildOptions = {
  // Lets scripts/bundle-size.mjs find exactly which files each app's first route loads.
  manifest: true,
  target: 'es2020',
  // Every browser we serve (Chrome/WebView 66+, Safari 17+, Firefox 115+) knows modulepreload;
  // the polyfill would be bytes on every first visit for none of them.
  modulePreload: { polyfill: false },
  rolldownOptions: {
    treeshake: contractsDeclareOnly,
    output: {
      codeSplitting: {
        groups: [
          {
            // The constants and small helpers of the contracts every screen reads (limits, values and
            // their labels, formats) as one chunk: alone, each was its own request of 0.4 to 1.7 KB,
            // and on a phone every request also costs its headers and a round trip.
            name: 'contracts',
            test: /libs[\\/]contracts[\\/]src[\\/](limits|property|roles|locale|report-reasons|rules[\\/]move-in-cost|i18n[\\/](labels|labels\.fr|language|format)|helpers[\\/]format)\.ts$/,
          },
        ],
      },
    },
  },
};
