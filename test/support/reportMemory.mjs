// Preloaded into a child process (node --import): reports its peak resident memory on exit.
// On Linux it reads VmHWM, the peak of this process image alone: getrusage's maxRSS carries the
// parent's peak across exec, so a child of a large process would look as large as its parent.
import { readFileSync } from 'node:fs';

process.on('exit', () => {
  let kib = process.resourceUsage().maxRSS;
  try {
    kib = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))[1]);
  } catch {
    // no /proc: keep getrusage's figure
  }
  process.stderr.write(`\nMEMORY ${JSON.stringify({ maxRssMiB: Math.round(kib / 1024) })}\n`);
});
