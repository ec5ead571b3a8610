// Trunk's post_build hook: names the page's second module (js/ with its `page` feature,
// built by Trunk as a worker-type asset, whose files Trunk does not hash) by its
// content's hash, so a repeat visit takes it from the browser's cache and a new build is
// never mixed with an old one, and tells the page its name in a <meta>
// (src/browser/second_module.rs reads it).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('name-second-module: run by Trunk (TRUNK_STAGING_DIR is not set)');
const js = path.join(dir, 'keylab-js.js');
const wasm = path.join(dir, 'keylab-js_bg.wasm');
for (const f of [js, wasm]) {
  if (!fs.existsSync(f)) throw new Error(`name-second-module: Trunk did not write ${path.basename(f)}`);
}
const hash = crypto.createHash('sha256').update(fs.readFileSync(wasm)).update(fs.readFileSync(js)).digest('hex').slice(0, 16);
const name = `keylab-js-${hash}`;
const glue = fs.readFileSync(js, 'utf8');
if (!glue.includes("'keylab-js_bg.wasm'")) throw new Error('name-second-module: the glue no longer names keylab-js_bg.wasm');
fs.writeFileSync(path.join(dir, `${name}.js`), glue.replace("'keylab-js_bg.wasm'", `'${name}_bg.wasm'`));
fs.renameSync(wasm, path.join(dir, `${name}_bg.wasm`));
fs.rmSync(js);
const html = path.join(dir, 'index.html');
const page = fs.readFileSync(html, 'utf8');
if (!page.includes('</head>')) throw new Error('name-second-module: index.html has no </head>');
fs.writeFileSync(html, page.replace('</head>', `<meta name="keylab-second-module" content="${name}.js"></head>`));
