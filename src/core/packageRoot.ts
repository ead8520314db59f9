import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/**
 * The package's root directory: the nearest folder above this module holding tie-eval's
 * package.json. Found by walking up, so the same code serves from the sources, from a bundle
 * (dist/index.js, dist/index.cjs, dist/cli/bin.js) or from an installed copy.
 * @throws when no such folder is found (the package's files were moved apart)
 */
export function packageRoot(): string {
  if (root !== undefined) return root;
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'tie-eval') return (root = dir);
    if (dirname(dir) === dir) throw new Error(`tie-eval: no package.json of tie-eval above ${start}`);
  }
}
