import { open } from 'node:fs/promises';
import { hasGzipMagic } from './input.js';

/** Whether a file starts with gzip's magic bytes. Rejects when it cannot be opened or read. */
export async function isGzip(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return hasGzipMagic(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
