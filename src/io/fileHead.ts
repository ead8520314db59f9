import { open } from 'node:fs/promises';

/** How many first bytes fileHead reads: enough for every magic number foreignFormat knows. */
const HEAD_BYTES = 6;

/** A file's first bytes (fewer for a shorter file), for its format's magic numbers. Rejects when it cannot be opened or read. */
export async function fileHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
