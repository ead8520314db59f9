/** A latin1-decoded id (one char per byte) back to its UTF-8 text, for messages and output. */
export function latin1ToUtf8(id: string): string {
  // ASCII reads the same either way, and nearly every id is ASCII: skip the two copies
  return /^[\x00-\x7f]*$/.test(id) ? id : Buffer.from(id, 'latin1').toString('utf8');
}
