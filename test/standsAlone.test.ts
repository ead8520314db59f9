import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What a clone holds that the package, its tests, scripts, benches, docs and CI may read. */
const TREES = ['test', 'src', 'scripts', 'bench', 'docs', 'web', 'examples', '.ci', 'assembly', 'native', 'README.md', 'package.json', 'vitest.config.ts'];
/** The folder beside the clone in the workplace the package was made in: a clone elsewhere lacks it. */
const OUTSIDE = ['..', 'shared'].join('/');

function* files(path: string): Generator<string> {
  if (statSync(path).isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'build') continue;
    yield* files(join(path, entry.name));
  }
}

describe('a clone stands alone', () => {
  it(`no file of the package, its tests, scripts, benches, docs or CI names ${OUTSIDE}`, () => {
    const naming: string[] = [];
    let read = 0;
    for (const tree of TREES) {
      for (const path of files(join(ROOT, tree))) {
        if (path.endsWith('.gz')) continue;
        read++;
        if (readFileSync(path, 'latin1').includes(OUTSIDE)) naming.push(relative(ROOT, path));
      }
    }
    expect(read).toBeGreaterThan(100);
    expect(naming).toEqual([]);
  });
});
