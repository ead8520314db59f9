import type { Input } from './input.js';

/** pathInput in a browser: a page reads no paths (the readers say so). */
export async function pathInput(path: string): Promise<Input> {
  return path;
}
