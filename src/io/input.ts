/**
 * What a reader reads: a file by its path (streamed, in bounded memory), or bytes in memory with
 * a name for messages (a stream is read into such bytes first: see readStream). Either may be
 * gzip, recognised by its magic bytes.
 */
export type Input = string | { readonly name: string; readonly bytes: Uint8Array };

/** The name messages give an input: its path, or the name given with its bytes. */
export function inputName(input: Input): string {
  return typeof input === 'string' ? input : input.name;
}

/** Whether bytes start with gzip's magic bytes. */
export function hasGzipMagic(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** Formats a file may be in that the readers do not read, by their first bytes, and what to do. */
const FOREIGN: readonly (readonly [readonly number[], string])[] = [
  [[0x42, 0x5a, 0x68], 'a bzip2 file: decompress it first (bunzip2), or gzip it'],
  [[0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], 'an xz file: decompress it first (unxz), or gzip it'],
  [[0x28, 0xb5, 0x2f, 0xfd], 'a zstd file: decompress it first (unzstd), or gzip it'],
  [[0x50, 0x4b, 0x03, 0x04], 'a zip archive: extract the file first'],
  [[0xff, 0xfe], 'UTF-16 text (little-endian, by its byte order mark): save it as UTF-8 or ASCII'],
  [[0xfe, 0xff], 'UTF-16 text (big-endian, by its byte order mark): save it as UTF-8 or ASCII'],
];

/**
 * What an input's first bytes say it is when the readers cannot read it (another compression
 * than gzip, an archive, UTF-16 text), else undefined: read as text, it would give errors about
 * its first line's fields, or worse.
 * @example foreignFormat(Uint8Array.of(0x42, 0x5a, 0x68, 0x39)) // 'a bzip2 file: decompress it first (bunzip2), or gzip it'
 */
export function foreignFormat(head: Uint8Array): string | undefined {
  return FOREIGN.find(([magic]) => head.length >= magic.length && magic.every((b, i) => head[i] === b))?.[1];
}

/** A stream's bytes, read whole (its size in memory). */
export async function readStream(stream: AsyncIterable<Uint8Array | string>): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  return Buffer.concat(chunks);
}
