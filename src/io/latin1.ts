/** A latin1-decoded id (one char per byte) back to its UTF-8 text, for messages and output. */
export function latin1ToUtf8(id: string): string {
  // ASCII reads the same either way, and nearly every id is ASCII: skip the two copies (a loop
  // over the units: a regular expression took twice as long on 28k short ids, 6x on the first call)
  for (let i = 0; i < id.length; i++) if (id.charCodeAt(i) > 0x7f) return Buffer.from(id, 'latin1').toString('utf8');
  return id;
}
