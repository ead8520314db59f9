import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';

/** Debian's Chromium (apt-get install chromium), or undefined where there is none. */
/** Why the suites that need Chromium skip where it is absent. */
export const NO_CHROMIUM = 'no Chromium: apt-get install chromium; .ci/run installs it when it runs as root';

export function findChromium(): string | undefined {
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
}

/** The flags of every headless run: no sandbox (CI runs as root), nothing fetched but the page. */
export function headlessFlags(profile: string): string[] {
  return ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', `--user-data-dir=${profile}`];
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json', '.txt': 'text/plain', '.svg': 'image/svg+xml', '.css': 'text/css' };

export interface PageRun {
  /** what the page POSTed to /report (JSON) */
  readonly report: unknown;
  /** Chromium's stderr, for messages when the page never reported */
  readonly log: string;
  /** every path the page asked the server for, in order */
  readonly requests: string[];
}

/**
 * Serves `files` (URL path → content) and, for any other path, the file under `root`, from
 * 127.0.0.1 (a secure context: isolation needs one), with or without the headers that make a
 * page cross-origin isolated; opens `page` in headless Chromium (a window `windowWidth` wide where
 * given: 500 at least) and resolves to the first JSON
 * body the page POSTs to /report.
 * @throws when the page does not report within `timeoutMs`
 */
export async function runPage(chromium: string, options: { readonly root: string; readonly files: ReadonlyMap<string, string | Uint8Array>; readonly page: string; readonly isolated: boolean; readonly timeoutMs?: number; readonly windowWidth?: number }): Promise<PageRun> {
  let resolveReport!: (report: unknown) => void;
  const reported = new Promise<unknown>((resolve) => (resolveReport = resolve));
  const requests: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(path);
    const headers: Record<string, string> = options.isolated ? { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' } : {};
    if (req.method === 'POST' && path === '/report') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        res.writeHead(204, headers).end();
        resolveReport(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      });
      return;
    }
    const local = normalize(join(options.root, path));
    const body = options.files.get(path) ?? (local.startsWith(options.root) && existsSync(local) && !local.endsWith('/') ? readFileSync(local) : undefined);
    if (body === undefined) {
      res.writeHead(404, headers).end();
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const profile = mkdtempSync(join(tmpdir(), 'tie-eval-chromium-'));
  // its own process group: Chromium's helper processes end with it
  // and its temporary files in the profile, which is removed after (a killed Chromium leaves them)
  const size = options.windowWidth === undefined ? [] : [`--window-size=${options.windowWidth},900`];
  const browser = spawn(chromium, [...headlessFlags(profile), ...size, `http://127.0.0.1:${port}${options.page}`], { stdio: ['ignore', 'ignore', 'pipe'], detached: true, env: { ...process.env, TMPDIR: profile } });
  let log = '';
  browser.stderr.on('data', (d: Buffer) => (log += d.toString()));
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`the page sent no report within ${options.timeoutMs ?? 60_000} ms; Chromium said:\n${log.slice(-3000)}`)), options.timeoutMs ?? 60_000)));
    return { report: await Promise.race([reported, timeout]), log, requests };
  } finally {
    clearTimeout(timer);
    const exited = new Promise((resolve) => (browser.exitCode !== null ? resolve(null) : browser.once('exit', resolve)));
    try {
      process.kill(-browser.pid!, 'SIGKILL');
    } catch {
      // the group has ended already
    }
    await exited;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
  }
}
