import { statSync } from 'node:fs';

/** Inputs smaller than this finish before a bar would be worth drawing. */
const SHOW_ABOVE = 32 * 2 ** 20;

/**
 * A progress bar on stderr over the bytes of the given files, only when stderr is a terminal
 * and the files are large; otherwise nothing is drawn. Returns the per-file byte callback and
 * a function that removes the bar (cli-progress is loaded only to draw one).
 */
export async function progressOver(paths: readonly string[]): Promise<{ forFile(index: number): ((bytes: number) => void) | undefined; stop(): void }> {
  const sizes = paths.map((p) => {
    try {
      return statSync(p).size;
    } catch {
      return 0;
    }
  });
  const total = sizes.reduce((a, b) => a + b, 0);
  if (!process.stderr.isTTY || total < SHOW_ABOVE) return { forFile: () => undefined, stop: () => undefined };
  // loaded only to draw: most runs are read before a bar would show
  const { default: cliProgress } = await import('cli-progress');
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: 'tie-eval |{bar}| {percentage}% | {value}/{total} MiB | eta {eta_formatted}', hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  const mib = (bytes: number): number => Math.round(bytes / 2 ** 20);
  bar.start(mib(total), 0);
  return {
    forFile(index) {
      const before = sizes.slice(0, index).reduce((a, b) => a + b, 0);
      return (bytes) => bar.update(mib(before + bytes));
    },
    stop: () => bar.stop(),
  };
}
