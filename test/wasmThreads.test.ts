import { describe, expect, it } from 'vitest';
import { WasmThreads } from '../src/backends/wasmThreads.js';
import { workerHost } from '../src/backends/workerHost.js';

// A module whose only import, env.missing, no worker can give it: its instance fails to load.
const UNLOADABLE = Uint8Array.of(
  ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
  ...[0x01, 0x04, 0x01, 0x60, 0x00, 0x00],
  ...[0x02, 0x0f, 0x01, 0x03, ...Buffer.from('env'), 0x07, ...Buffer.from('missing'), 0x00, 0x00],
);

describe('the WASM worker threads', () => {
  it('a worker that cannot load the module is given up, and no other is tried: the calling thread does the work', () => {
    const module = new WebAssembly.Module(UNLOADABLE);
    const memory = new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true });
    const threads = new WasmThreads(module, memory, [], [], workerHost);
    expect(threads.reserve(2)).toBe(0);
    expect(threads.reserve(3)).toBe(0);
  });
});
