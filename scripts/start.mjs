// `npm start`: builds everything (engine + web bundles) and serves dist/ on localhost with a tiny static
// server (no dependency). Exported `serve()` is reused by the browser tests and the widget benchmark.
import { createServer } from 'node:http';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.csv': 'text/csv; charset=utf-8',
};

/**
 * Serves the folders in `mounts` ({ '/': dir, '/extra/': dir2 }) on 127.0.0.1:`port` (0 = any free port).
 * `headers` are added to every response (the CSP test serves a strict Content-Security-Policy); `types`
 * replaces the Content-Type of some extensions ({ '.js': 'text/javascript' }: the browser tests serve
 * pages and scripts without a UTF-8 charset, as many hosts do). Resolves to { server, port, url, close() }.
 * With `gzip`, text files go out gzip-compressed to clients that accept it, as a real host sends them (the
 * widget benchmark measures phone loading over a throttled network with it). Paths never escape their folder.
 */
export function serve(mounts, { port = 0, host = '127.0.0.1', quiet = true, headers = {}, types = {}, gzip = false } = {}) {
  const contentTypes = { ...TYPES, ...types };
  const table = Object.entries(typeof mounts === 'string' ? { '/': mounts } : mounts).sort((a, b) => b[0].length - a[0].length);
  // each open connection with how many of its requests are being answered (see close() below)
  const open = new Map();
  let closing = false;
  const server = createServer((req, res) => {
    open.set(req.socket, (open.get(req.socket) ?? 0) + 1);
    res.on('close', () => {
      if (!open.has(req.socket)) return;
      const busy = open.get(req.socket) - 1;
      open.set(req.socket, busy);
      if (closing && busy === 0) req.socket.destroy();
    });
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    const mount = table.find(([prefix]) => pathname.startsWith(prefix));
    if (!mount || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(mount ? 405 : 404).end();
      return;
    }
    const base = resolve(mount[1]);
    let file = normalize(join(base, pathname.slice(mount[0].length)));
    if (file !== base && !file.startsWith(base + sep)) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const type = contentTypes[extname(file)] ?? 'application/octet-stream';
    const zipped = gzip && /^(text\/|application\/(json|wasm)|image\/svg)/.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const body = zipped ? gzipSync(readFileSync(file)) : null;
    res.writeHead(200, {
      'content-type': type,
      'content-length': body ? body.length : statSync(file).size,
      ...(body ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
      ...headers,
    });
    if (req.method === 'HEAD') res.end();
    else if (body) res.end(body);
    else createReadStream(file).pipe(res);
    if (!quiet) console.log(`${req.method} ${pathname}`);
  });
  return new Promise((resolvePromise, reject) => {
    server.on('connection', (socket) => {
      open.set(socket, 0);
      socket.on('close', () => open.delete(socket));
    });
    server.once('error', reject);
    server.listen(port, host, () => {
      const actual = server.address().port;
      resolvePromise({
        server,
        port: actual,
        url: `http://${host}:${actual}/`,
        // Stops listening, lets the answers under way finish and ends every connection then. server.close()
        // alone waits for a connection that never sent a request: Chromium opens a spare one with a
        // navigation, and keeps it for minutes when the page's requests all go out on the first one.
        close: () =>
          new Promise((r) => {
            closing = true;
            server.close(() => r());
            for (const [socket, busy] of open) if (busy === 0) socket.destroy();
          }),
      });
    });
  });
}

async function main() {
  const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit', cwd: root });
  if (build.status !== 0) process.exit(build.status ?? 1);
  if (!existsSync(join(root, 'dist/index.html'))) {
    // build.mjs runs build-web.mjs when present; make sure the demo exists even if it did not
    const web = spawnSync(process.execPath, [join(root, 'scripts/build-web.mjs')], { stdio: 'inherit', cwd: root });
    if (web.status !== 0) process.exit(web.status ?? 1);
  }
  const wanted = Number(process.env.PORT ?? 8080);
  let s;
  for (let p = wanted; p < wanted + 20; p++) {
    try {
      s = await serve(join(root, 'dist'), { port: p });
      break;
    } catch (err) {
      if (err.code !== 'EADDRINUSE') throw err;
    }
  }
  if (!s) s = await serve(join(root, 'dist'), { port: 0 });
  console.log(`\nposenc demo lesson: ${s.url}`);
  console.log(`part 2 (beyond sinusoidal): ${s.url}methods.html · part 3 (your model): ${s.url}model.html`);
  console.log(`single-file version (works from disk, no server): ${join(root, 'dist/posenc-demo.html')}`);
  console.log(`one widget for an iframe: ${s.url}embed.html?widget=posenc-heatmap&d-model=64&length=20`);
  if (existsSync(join(root, 'dist/examples/reveal/index.html'))) console.log(`the widgets in a reveal.js deck: ${s.url}examples/reveal/`);
  console.log(`the one-tag script for course pages: ${join(root, 'dist/posenc-widgets.iife.js')}`);
  console.log(`the same in parts, lighter for a page with a few widgets (the core alone loads the scripts of the widgets a page shows from beside itself; list them after it to save a round trip): ${join(root, 'dist/tag/')}`);
  console.log('Press Ctrl+C to stop.');
  const stop = () => s.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
