/** A latin1-decoded id (one char per byte) back to its UTF-8 text, for messages and output. */
export function latin1ToUtf8(id: string): string {
  return Buffer.from(id, 'latin1').toString('utf8');
}
