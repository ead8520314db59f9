import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/child.js';

/**
 * The code blocks of README.md and docs/*.md marked runnable (a fence ```` ```js run ````) run as
 * written, in a fresh Node process in the repository's folder, importing the package by its name
 * (the built dist/); each `// → value` comment, after an expression statement on its line or
 * alone on the next line, is checked: the value, printed by util.inspect on one line, must read
 * as written, a `…` standing for more digits.
 */
const DOCS = ['README.md', ...readdirSync(new URL('../docs/', import.meta.url)).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

interface Block {
  readonly file: string;
  /** the line of the opening fence */
  readonly line: number;
  readonly code: string[];
}

function runnableBlocks(file: string): Block[] {
  const lines = readFileSync(new URL(`../${file}`, import.meta.url), 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```js run$/.test(lines[i]!)) continue;
    const start = i;
    const code: string[] = [];
    while (++i < lines.length && lines[i] !== '```') code.push(lines[i]!);
    blocks.push({ file, line: start + 1, code });
  }
  return blocks;
}

const CHECK = /^(\s*)(.*?);?\s*\/\/ → (.*)$/;
const DECLARATION = /^(?:const|let) (\w+) = /;

/** The block's code with each `// → value` turned into a check of the statement it follows. */
function instrument(block: Block): { code: string; checks: number } {
  const out: string[] = [];
  let checks = 0;
  block.code.forEach((line, i) => {
    const m = CHECK.exec(line);
    if (m === null) {
      out.push(line);
      return;
    }
    const [, indent, statement, expected] = m;
    const where = `${block.file}:${block.line + 1 + i}`;
    checks++;
    // alone on its line: it checks the statement on the line before
    const target = statement === '' ? out.pop()!.replace(/;\s*$/, '') : statement!;
    const declared = DECLARATION.exec(target.trim());
    if (declared !== null) out.push(`${target};`, `${indent}__check(${declared[1]}, ${JSON.stringify(expected)}, ${JSON.stringify(where)});`);
    else out.push(`${indent}__check(${target.trim()}, ${JSON.stringify(expected)}, ${JSON.stringify(where)});`);
  });
  const prelude = [
    "import { inspect as __inspect } from 'node:util';",
    'const __failures = [];',
    'function __check(value, expected, where) {',
    "  const shown = __inspect(value, { breakLength: Infinity, depth: 6 });",
    "  const pattern = new RegExp(`^${expected.split('…').map((part) => part.replace(/[.*+?^${}()|[\\]\\\\]/g, '\\\\$&')).join('\\\\d*')}$`);",
    '  if (!pattern.test(shown)) __failures.push(`${where}: shows ${expected}, but the value is ${shown}`);',
    '}',
  ];
  return { code: [...prelude, ...out, "process.on('exit', () => { if (__failures.length > 0) { console.error(__failures.join('\\n')); process.exitCode = 1; } });"].join('\n'), checks };
}

const BLOCKS = DOCS.flatMap(runnableBlocks);

describe('the runnable code blocks of the README and docs/', () => {
  it('are there, in the README and the library docs', () => {
    const files = new Set(BLOCKS.map((b) => b.file));
    expect([...files]).toEqual(expect.arrayContaining(['README.md', 'docs/api.md', 'docs/learning-to-rank.md']));
  });

  it.each(BLOCKS.map((b) => [`${b.file}:${b.line}`, b] as const))('%s runs as written and shows the values it says', (_, block) => {
    const { code, checks } = instrument(block);
    expect(checks, 'a runnable block shows at least one value (a // → comment)').toBeGreaterThan(0);
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
