import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Layers import downward only: no file of src/, assembly/ or native/ reaches itself through its
// imports (TypeScript and AssemblyScript `import`/`export ... from`, C++ `#include "..."`).
const ROOT = fileURLToPath(new URL('..', import.meta.url));

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => ext.test(f))
    .map((f) => normalize(join(dir, f)));
}

/** The files each file imports (relative imports only), as paths from the root. */
function graph(files: readonly string[], pattern: RegExp, resolve: (from: string, spec: string) => string): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((f) => {
      const text = readFileSync(join(ROOT, f), 'utf8');
      const targets = [...text.matchAll(pattern)].map((m) => resolve(f, m[1]!)).filter((t) => known.has(t));
      return [f, targets];
    }),
  );
}

/** Every cycle's first closing edge found by a depth-first walk, as the path around it. */
function cycles(edges: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (f: string): void => {
    state.set(f, 'open');
    stack.push(f);
    for (const t of edges.get(f) ?? []) {
      if (state.get(t) === 'open') found.push([...stack.slice(stack.indexOf(t)), t]);
      else if (!state.has(t)) visit(t);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of edges.keys()) if (!state.has(f)) visit(f);
  return found;
}

const IMPORT = /(?:import|export)\s[^;]*?from\s+'(\.[^']*)'/g;
const tsResolve = (from: string, spec: string): string => normalize(join(dirname(from), spec.replace(/\.js$/, '.ts').replace(/^(?!.*\.ts$)(.*)$/, '$1.ts')));

describe('import circles', () => {
  it.each([
    ['src', graph(filesUnder('src', /\.ts$/), IMPORT, tsResolve)],
    ['assembly', graph(filesUnder('assembly', /\.ts$/), IMPORT, tsResolve)],
    ['native', graph(filesUnder('native', /\.(hpp|cc)$/), /#include\s+"([^"]+)"/g, (from, spec) => normalize(join(dirname(from), spec)))],
  ])('%s has none', (_, edges) => {
    expect(edges.size).toBeGreaterThan(10);
    expect([...edges.values()].flat().length).toBeGreaterThan(edges.size);
    expect(cycles(edges).map((c) => c.map((f) => relative(ROOT, join(ROOT, f))).join(' > '))).toEqual([]);
  });
});
