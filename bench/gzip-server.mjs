// A static server for the benchmarks that serves dist/ as a CDN would: each file
// gzip -9 compressed (Content-Encoding), the wasm as application/wasm, the hashed files
// cached for a year and the page itself revalidated. Python's http.server sends files
// uncompressed and uncached, which is no visitor's link.
//
//   node bench/gzip-server.mjs PORT [DIR]
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const [port, dir = 'dist'] = process.argv.slice(2);
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };
const packed = new Map();
http.createServer((req, res) => {
  const name = decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/^\/$/, '/index.html');
  // normalize() folds any `..` of the URL path into it: nothing outside dir is served.
  const file = path.join(dir, path.normalize(name));
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    res.writeHead(404).end('not found');
    return;
  }
  if (!packed.has(file)) packed.set(file, zlib.gzipSync(fs.readFileSync(file), { level: 9 }));
  const hashed = /-[0-9a-f]{16}(_bg)?\.(js|wasm|css)$/.test(file);
  res.writeHead(200, {
    'Content-Type': types[path.extname(file)] ?? 'text/plain; charset=utf-8',
    'Content-Encoding': 'gzip',
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  res.end(packed.get(file));
}).listen(Number(port), '127.0.0.1');
