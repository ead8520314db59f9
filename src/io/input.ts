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

/** A stream's bytes, read whole (its size in memory). */
export async function readStream(stream: AsyncIterable<Uint8Array | string>): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  return Buffer.concat(chunks);
}
