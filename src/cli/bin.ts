#!/usr/bin/env node
import { runCli } from './main.js';

// a reader that stops early (`| head`) is not an error; a full disk is, said in one line
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  process.stderr.write(`tie-eval: error: cannot write the output (${e.code ?? e.message})\n`);
  process.exit(1);
});

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  // made when read: Node's stdin stream takes 2-3 ms to set up, which most commands never use
  stdin: { [Symbol.asyncIterator]: () => process.stdin[Symbol.asyncIterator]() },
});
