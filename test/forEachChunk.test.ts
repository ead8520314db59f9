import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FileError } from '../src/io/fileError.js';
import { forEachChunk } from '../src/io/forEachChunk.js';
import { rng } from '../src/util/random.js';
import { scratchFiles } from './support/scratchFiles.js';

// The chunking every reader rests on: whole lines, every byte once, in order, whatever the
// read size; the two reused read buffers must never show a chunk bytes of a later read.
const { file } = scratchFiles('chunks');

/** Lines of random lengths, some far longer than a read (1 MiB), the last one without a newline. */
function randomText(seed: number): Buffer {
  const next = rng(seed);
  const lines: string[] = [];
  for (let i = 0; i < 400; i++) {
    const long = next() < 0.01;
    const length = long ? (1 << 20) + Math.floor(next() * 2 * (1 << 20)) : Math.floor(next() * 20_000);
    lines.push(String.fromCharCode(97 + (i % 26)).repeat(length));
  }
  return Buffer.from(lines.join('\n'));
}

/** The chunks as they come, each copied at once, checked to end at a newline (all but the last). */
async function chunksOf(path: string, range?: { start: number; end: number }): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  // lines longer than a read, and than the readers' line limit: no limit here
  await forEachChunk(path, (chunk) => chunks.push(Buffer.from(chunk)), undefined, range, Infinity);
  chunks.slice(0, -1).forEach((c) => expect(c[c.length - 1]).toBe(10));
  return chunks;
}

describe('forEachChunk', () => {
  const text = randomText(1);
  const plain = file('text.txt', text);

  it('gives every byte once, in order, in chunks of whole lines, lines longer than a read included', async () => {
    expect(text.length).toBeGreaterThan(6 << 20);
    const chunks = await chunksOf(plain);
    expect(chunks.length).toBeGreaterThan(3);
    expect(Buffer.concat(chunks).equals(text)).toBe(true);
  });

  it('reads the same bytes from a gzip file', async () => {
    expect(Buffer.concat(await chunksOf(file('text.gz', gzipSync(text)))).equals(text)).toBe(true);
  });

  it('reads exactly a byte range', async () => {
    const start = text.indexOf(10, 3_000_000) + 1;
    const end = text.indexOf(10, 5_500_000) + 1;
    expect(Buffer.concat(await chunksOf(plain, { start, end })).equals(text.subarray(start, end))).toBe(true);
  });

  it('reports the bytes read, reaching the file size', async () => {
    const seen: number[] = [];
    await forEachChunk(plain, () => undefined, (bytes) => seen.push(bytes), undefined, Infinity);
    expect(seen.at(-1)).toBe(text.length);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it("lets the handler's error through unwrapped, and wraps a missing file", async () => {
    const stop = new Error('stop');
    await expect(
      forEachChunk(plain, () => {
        throw stop;
      }),
    ).rejects.toBe(stop);
    await expect(forEachChunk(`${plain}.missing`, () => undefined)).rejects.toBeInstanceOf(FileError);
  });
});
