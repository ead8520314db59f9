// `npm run serve:web [-- --port N]`: serves web/dist (made by `npm run build:web`) on 127.0.0.1
// with the headers that make the page cross-origin isolated (Cross-Origin-Opener-Policy:
// same-origin, Cross-Origin-Embedder-Policy: require-corp), so it evaluates on several threads,
// which a plain static server (python3 -m http.server) cannot give. Prints the address.
import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { port: { type: 'string', default: '8080' }, root: { type: 'string', default: 'web/dist' } } });
const root = realpathSync(resolve(values.root));
if (!existsSync(join(root, 'index.html'))) {
  console.error(`serve:web: ${root}/index.html is missing: run npm run build:web first`);
  process.exit(1);
}
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm', '.txt': 'text/plain; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json' };
const HEADERS = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp', 'Cross-Origin-Resource-Policy': 'same-origin' };

/** Whether a path is root or inside it. */
const inside = (file) => file === root || file.startsWith(root + sep);

const server = createServer((request, response) => {
  let path;
  try {
    path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
  } catch {
    // a malformed escape (GET /%): the request's fault, and the server stays up
    response.writeHead(400, { ...HEADERS, 'Content-Type': 'text/plain' }).end('bad request\n');
    return;
  }
  // a path inside root only, symbolic links followed: one pointing outside it is refused too
  let file = normalize(join(root, path));
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
  if (!existsSync(file)) {
    response.writeHead(inside(file) ? 404 : 403, { ...HEADERS, 'Content-Type': 'text/plain' }).end(inside(file) ? 'not found\n' : '');
    return;
  }
  if (!inside(realpathSync(file))) {
    response.writeHead(403, HEADERS).end();
    return;
  }
  response.writeHead(200, { ...HEADERS, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
});
server.listen(Number(values.port), '127.0.0.1', () => {
  const { port } = server.address();
  console.log(`tie-eval's page: http://127.0.0.1:${port}/ (cross-origin isolated: evaluates on several threads); Ctrl-C stops`);
});
