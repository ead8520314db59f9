import { runCli } from '../../src/cli/main.js';

/** Runs the command line in-process and collects what it writes. */
export async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

/** As cli, with `input` as standard input (a file named `-`). */
export async function cliWithStdin(input: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  async function* stdin(): AsyncIterable<Uint8Array> {
    yield new TextEncoder().encode(input);
  }
  const code = await runCli(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), stdin: stdin() });
  return { code, stdout, stderr };
}
