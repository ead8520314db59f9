// Preloaded into a child process (node --import): reports its peak memory on exit.
process.on('exit', () => {
  process.stderr.write(`\nMEMORY ${JSON.stringify({ maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024) })}\n`);
});
