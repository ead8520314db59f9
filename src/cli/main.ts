#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import { addEvaluateCommand } from './evaluateCommand.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

const program = new Command('tie-eval').version(version).description('Information-retrieval measures that stay correct when scores tie.');
addEvaluateCommand(program);

program.parseAsync(process.argv).catch((e: unknown) => {
  if (e instanceof InvalidArgumentError) program.error(e.message);
  process.stderr.write(`tie-eval: error: ${(e as Error).message}\n`);
  process.exitCode = 1;
});
