import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** A temporary directory for a test file's inputs, removed after its tests: `file(name, text)` writes one and returns its path. */
export function scratchFiles(prefix: string): { dir: string; file: (name: string, text: string | Buffer) => string } {
  const dir = mkdtempSync(join(tmpdir(), `tie-eval-${prefix}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    dir,
    file: (name, text) => {
      const p = join(dir, name);
      writeFileSync(p, text);
      return p;
    },
  };
}
