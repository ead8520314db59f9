import { runCli } from '../../src/cli/main.js';

/** Runs the command line in-process and collects what it writes. */
export async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { code, bytes, stderr } = await cliBytes(...args);
  return { code, stdout: bytes.toString('utf8'), stderr };
}

/** As cli, with standard output as the bytes written. */
export async function cliBytes(...args: string[]): Promise<{ code: number; bytes: Buffer; stderr: string }> {
  const out: Buffer[] = [];
  let stderr = '';
  const code = await runCli(args, { stdout: (t) => out.push(Buffer.from(t)), stderr: (t) => (stderr += t) });
  return { code, bytes: Buffer.concat(out), stderr };
}

/** As cli, with `input` as standard input (a file named `-`). */
export async function cliWithStdin(input: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: Buffer[] = [];
  let stderr = '';
  async function* stdin(): AsyncIterable<Uint8Array> {
    yield new TextEncoder().encode(input);
  }
  const code = await runCli(args, { stdout: (t) => out.push(Buffer.from(t)), stderr: (t) => (stderr += t), stdin: stdin() });
  return { code, stdout: Buffer.concat(out).toString('utf8'), stderr };
}
