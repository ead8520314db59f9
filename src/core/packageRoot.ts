import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let found: { readonly root: string; readonly manifest: { readonly name: string; readonly version: string } } | undefined;

/** The package's root folder and its package.json, found once (see packageRoot). */
function locate(): NonNullable<typeof found> {
  if (found !== undefined) return found;
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    const path = join(dir, 'package.json');
    const manifest = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as { name: string; version: string }) : undefined;
    if (manifest?.name === 'tie-eval') return (found = { root: dir, manifest });
    if (dirname(dir) === dir) throw new Error(`tie-eval: no package.json of tie-eval above ${start}`);
  }
}

/**
 * The package's root directory: the nearest folder above this module holding tie-eval's
 * package.json. Found by walking up, so the same code serves from the sources, from a bundle
 * (dist/index.js, dist/index.cjs, dist/cli/bin.js) or from an installed copy.
 * @throws when no such folder is found (the package's files were moved apart)
 */
export function packageRoot(): string {
  return locate().root;
}

/** The package's version, from the package.json packageRoot found. */
export function packageVersion(): string {
  return locate().manifest.version;
}
