// esbuild options for a browser bundle of the package's sources (dist/browser.js, the web page,
// the browser tests): each module with a `.browser.ts` sibling is replaced by it (those without
// `node:` imports: no addon, the WASM module fetched by ready(), Web Workers, readers of bytes),
// and Node's Buffer comes from the `buffer` package.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const browserVariants = {
  name: 'browser-variants',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\/.*\.js$/ }, (args) => {
      const variant = join(args.resolveDir, args.path.replace(/\.js$/, '.browser.ts'));
      return existsSync(variant) ? { path: variant } : undefined;
    });
  },
};

export const browserOptions = {
  bundle: true,
  platform: 'browser',
  format: 'esm',
  target: 'es2022',
  plugins: [browserVariants],
  inject: [join(dirname(fileURLToPath(import.meta.url)), 'browserShims.mjs')],
  logLevel: 'warning',
  sourcemap: false,
};
