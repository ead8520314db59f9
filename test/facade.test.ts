import { describe, expect, it } from 'vitest';
import { backendInfo, evaluate, selfCheck } from '../src/index.js';
import { BACKENDS } from './backends.js';
import { unless } from './support/skip.js';
import { runChild } from './support/child.js';

const INFO = `import { backendInfo } from './src/index.ts'; console.log(JSON.stringify(backendInfo()));`;

describe('the facade', () => {
  it('chooses native, else wasm, else js, and says which', () => {
    const info = backendInfo();
    expect(info.available).toContain('js');
    expect(info.selected).toBe(process.env.TIE_EVAL_BACKEND || info.available[0]);
    for (const name of ['native', 'wasm'] as const) {
      expect(info.available.includes(name) !== (info.errors[name] !== undefined)).toBe(true);
    }
  });

  it('TIE_EVAL_BACKEND forces a backend; an unknown or unavailable one is an error at load time', () => {
    for (const name of backendInfo().available) {
      const r = runChild(INFO, { TIE_EVAL_BACKEND: name });
      expect(r.status, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).selected).toBe(name);
    }
    const bogus = runChild(INFO, { TIE_EVAL_BACKEND: 'gpu' });
    expect(bogus.status).not.toBe(0);
    expect(bogus.stderr).toMatch(/TIE_EVAL_BACKEND: unknown backend 'gpu'/);
  });

  it('the backend option picks one per call; an unknown name is an error', () => {
    for (const { name } of BACKENDS) {
      expect(evaluate({ scores: [1, 1], labels: [1, 0] }, ['RR'], { backend: name })).toEqual({ RR: 0.75 });
    }
    expect(() => evaluate({ scores: [1], labels: [1] }, ['RR'], { backend: 'cuda' as never })).toThrow(/unknown backend 'cuda'/);
  });

  it.each(BACKENDS)('selfCheck($name) finds no deviation from the reference', ({ name }) => {
    const result = selfCheck(name, 300);
    expect(result.backend).toBe(name);
    expect(result.values).toBeGreaterThan(90_000);
    expect(result.maxDeviation).toBeLessThanOrEqual(1e-12);
    expect(result.unequal).toBe(0);
  });
});

describe('small calls under auto', () => {
  unless(process.env.TIE_EVAL_BACKEND ? `TIE_EVAL_BACKEND=${process.env.TIE_EVAL_BACKEND} routes every call to one backend` : undefined).it('go to the reference below ROUTE_TO_JS_BELOW entries, and to the selected backend above', async () => {
    const { evaluateBatch } = await import('../src/index.js');
    const { ROUTE_TO_JS_BELOW } = await import('../src/backends/facade.js');
    const make = (n: number) => ({ scores: new Float64Array(n), labels: new Uint8Array(n), offsets: Uint32Array.of(0, n) });
    expect(evaluateBatch(make(ROUTE_TO_JS_BELOW - 1), ['AP']).backend).toBe('js');
    expect(evaluateBatch(make(ROUTE_TO_JS_BELOW), ['AP']).backend).toBe(backendInfo().selected);
    expect(evaluateBatch(make(1), ['AP'], { backend: backendInfo().selected }).backend).toBe(backendInfo().selected);
  });
});
