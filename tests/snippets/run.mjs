// Proof by execution: every snippet keylab writes runs for real against dynalite on
// 127.0.0.1, and prints exactly the items keylab's evaluator returns, in order:
//   AWS CLI (bash), boto3 client and resource (Python), JS SDK v3 client and
//   DocumentClient (Node), Rust aws-sdk-dynamodb (compiled in tests/snippets/rust-runner);
//   Go is checked with gofmt (Go modules cannot be fetched here).
// Values are hostile on purpose: quotes, backslashes, $(...), backticks, ${...}, #{...},
// newlines, control characters, emoji, bidi marks, 1000 bytes, number look-alikes. A
// canary file proves nothing they contain was executed.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDynalite, createTable, putAll } from '../support/dynalite.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const work = path.join(root, 'target', 'snippets');
const runnerDir = path.join(here, 'rust-runner');
const runnerTarget = path.join(root, 'target', 'snippet-runner');
const canary = path.join(os.tmpdir(), `keylab-canary-${process.pid}`);

const hostile = [
  `quote' double" back\\slash`,
  `$(touch ${canary})`,
  `\`touch ${canary}\``,
  '${IFS}${PATH}',
  `#{\`touch ${canary}\`}`,
  'new\nline\ttab\r\u0007bell\u001b[31m',
  'emoji 😀 rtl \u200F\u202E mark',
  `${'x'.repeat(996)}-1kb`, // exactly 1000 bytes
  '1e3',
  '0x1F',
  '-0',
  '007',
  `'; touch ${canary}; echo '`,
];

const schema = {
  version: 1,
  separator: '|',
  table: {
    name: 'Snippets',
    attributes: { PK: 'S', SK: 'S', GSI1PK: 'S', GSI1SK: 'S' },
    primary: { partition: 'PK', sort: 'SK' },
    indexes: [{ name: 'GSI1', partition: 'GSI1PK', sort: 'GSI1SK' }],
  },
  entities: [{
    name: 'Run',
    fields: {
      season: { kind: 'text' },
      score: { kind: 'uint', width: 4, order: 'desc' },
      at: { kind: 'timestamp', unit: 's', width: 10 },
      player: { kind: 'text' },
    },
    keys: {
      PK: [{ literal: 'SEASON' }, { field: 'season' }],
      SK: [{ field: 'score' }, { field: 'at' }, { field: 'player' }],
      GSI1PK: [{ literal: 'PLAYER' }, { field: 'player' }],
      GSI1SK: [{ field: 'at' }, { field: 'score' }],
    },
  }],
};

const T0 = 1_700_000_000;
const hostileSeason = `s'"$(touch ${canary})`;
const items = [];
hostile.forEach((player, i) => {
  items.push({ entity: 'Run', id: `a${i}`, values: { season: 'spring', score: (i * 37) % 100, at: T0 + i, player } });
  items.push({ entity: 'Run', id: `b${i}`, values: { season: hostileSeason, score: (i * 53) % 100, at: T0 + 2 * i, player } });
});
items.push({ entity: 'Run', id: 'tie', values: { season: 'spring', score: 37, at: T0 + 1, player: 'zz' } });

const P = (sort, extra = {}) => ({ entity: 'Run', partition: { season: 'spring' }, ...(sort ? { sort } : {}), ...extra });
const cases = [
  P(null),
  P(null, { scanIndexForward: false, limit: 2 }),
  { entity: 'Run', partition: { season: hostileSeason } },
  P({ equal: { score: 37, at: T0 + 1, player: hostile[1] } }),
  P({ equal: { score: 37 } }, { children: true }),
  P({ range: { field: 'score', op: 'ge', value: 20 } }),
  P({ range: { field: 'score', op: 'lt', value: 50 } }, { scanIndexForward: false }),
  P({ range: { field: 'score', op: 'between', value: 10, to: 60 } }, { limit: 3 }),
  P({ range: { field: 'score', op: 'eq', value: 11 } }),
  P({ equal: { score: 37 }, range: { field: 'at', op: 'le', value: T0 + 1 } }),
  P({ equal: { score: 74, at: T0 + 2 }, range: { field: 'player', op: 'begins_with', value: '$(tou' } }),
  { entity: 'Run', index: 'GSI1', partition: { player: hostile[4] }, sort: { range: { field: 'at', op: 'gt', value: T0 } } },
  { entity: 'Run', index: 'GSI1', partition: { player: hostile[7] }, scanIndexForward: false, limit: 1 },
].map((pattern) => ({ pattern }));

const env = {
  ...process.env,
  AWS_ACCESS_KEY_ID: 'keylab',
  AWS_SECRET_ACCESS_KEY: 'keylab',
  AWS_DEFAULT_REGION: 'us-east-1',
  AWS_REGION: 'us-east-1',
  AWS_EC2_METADATA_DISABLED: 'true',
  NODE_NO_WARNINGS: '1',
  AWS_CONFIG_FILE: '/dev/null',
  AWS_SHARED_CREDENTIALS_FILE: '/dev/null',
  PATH: `${path.join(root, '.venv', 'bin')}:${process.env.PATH}`,
};

// Asynchronous on purpose: dynalite answers from this process's event loop, so a
// blocking spawn would wait forever for it.
function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { env, encoding: 'utf8', maxBuffer: 64 << 20, timeout: 300_000, ...opts }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${cmd} ${args.join(' ')} failed (${err.code ?? err.signal}): ${stderr || err.message}`));
      else resolve({ stdout, stderr });
    });
  });
}
const stdout = async (cmd, args, opts) => (await run(cmd, args, opts)).stdout;

// Items as {attribute: text}, whatever shape a client printed them in.
const plain = (item) => Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => {
  if (v && typeof v === 'object') return [k, v.S ?? v.N ?? v.Value ?? JSON.stringify(v)];
  return [k, String(v)];
}));
const lines = (out) => out.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));

async function main() {
  fs.rmSync(canary, { force: true });
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });

  const { endpoint, client, close } = await startDynalite();
  let passed = 0;
  let failed = 0;
  let compared = 0;
  let nonEmpty = 0;
  const fail = (what, detail) => { failed++; console.error(`FAIL ${what}\n${detail}\n`); };
  try {
    const emitted = JSON.parse(execFileSync(path.join(root, 'target', 'debug', 'examples', 'snippets'), {
      input: JSON.stringify({ schema, items, cases, endpoint }), encoding: 'utf8', maxBuffer: 64 << 20,
    }));
    await createTable(client, schema);
    await putAll(client, schema.table.name, emitted.items);

    // Rust: every case's program becomes a binary of the runner crate; one cargo build.
    const bins = path.join(runnerDir, 'src', 'bin');
    fs.rmSync(bins, { recursive: true, force: true });
    fs.mkdirSync(bins, { recursive: true });
    emitted.cases.forEach((c, i) => fs.writeFileSync(path.join(bins, `case_${i}.rs`), c.snippets.rust.program));
    await run('cargo', ['build', '--quiet', '--manifest-path', path.join(runnerDir, 'Cargo.toml'), '--bins'], { env: { ...env, CARGO_TARGET_DIR: runnerTarget } });

    const executions = {
      'aws-cli': async (file) => (JSON.parse(await stdout('bash', [file])).Items ?? []),
      'boto3-client': async (file) => lines(await stdout(path.join(root, '.venv', 'bin', 'python'), [file])),
      'boto3-resource': async (file) => lines(await stdout(path.join(root, '.venv', 'bin', 'python'), [file])),
      'js-client': async (file) => lines(await stdout('node', [file])),
      'js-document-client': async (file) => lines(await stdout('node', [file])),
    };
    const ext = { 'aws-cli': 'sh', 'boto3-client': 'py', 'boto3-resource': 'py', 'js-client': 'mjs', 'js-document-client': 'mjs', go: 'go' };

    for (const [i, c] of emitted.cases.entries()) {
      const expected = c.expected.map(plain);
      if (expected.length) nonEmpty++;
      const label = (t) => `case ${i} ${t}: ${JSON.stringify(cases[i].pattern)}`;
      const check = (target, got) => {
        const printed = got.map(plain);
        compared += expected.length;
        if (JSON.stringify(printed) === JSON.stringify(expected)) passed++;
        else fail(label(target), `expected ${JSON.stringify(expected.map((x) => x.id))}\nprinted  ${JSON.stringify(printed.map((x) => x.id))}`);
      };
      for (const [target, exec] of Object.entries(executions)) {
        const s = c.snippets[target];
        if (s.unsupported) { fail(label(target), `unsupported: ${s.unsupported}`); continue; }
        const file = path.join(work, `case_${i}_${target}.${ext[target]}`);
        fs.writeFileSync(file, s.program);
        try { check(target, await exec(file)); } catch (e) { fail(label(target), String(e)); }
        // The parameter-only form must at least be valid code of its language.
        const paramsFile = path.join(work, `case_${i}_${target}_params.${ext[target]}`);
        fs.writeFileSync(paramsFile, s.params);
        try {
          if (target === 'aws-cli') await run('bash', ['-n', paramsFile]);
          else if (target.startsWith('boto3')) await run(path.join(root, '.venv', 'bin', 'python'), ['-c', 'import ast,sys; ast.parse(open(sys.argv[1]).read())', paramsFile]);
          else await run('node', ['--check', paramsFile]);
          passed++;
        } catch (e) { fail(`${label(target)} (parameters)`, String(e)); }
      }
      try { check('rust', lines(await stdout(path.join(runnerTarget, 'debug', `case_${i}`), []))); } catch (e) { fail(label('rust'), String(e)); }
      const goFile = path.join(work, `case_${i}.go`);
      fs.writeFileSync(goFile, c.snippets.go.program);
      try {
        const gofmt = await run('gofmt', ['-l', '-e', goFile]);
        if (gofmt.stdout.trim() === '' && gofmt.stderr.trim() === '') passed++;
        else fail(label('go'), `not in gofmt's layout:\n${(await run('gofmt', ['-d', goFile])).stdout}`);
      } catch (e) { fail(label('go'), String(e)); }
    }
    if (fs.existsSync(canary)) fail('canary', `${canary} exists: a value was executed as code`);
    else passed++;
    // A corpus whose queries return nothing would prove nothing.
    if (nonEmpty < emitted.cases.length - 2) fail('corpus', `only ${nonEmpty} of ${emitted.cases.length} cases return items`);
    console.log(`snippets: ${emitted.cases.length} access patterns, ${nonEmpty} returning items; ${compared} printed items compared`);
  } finally {
    await close();
  }
  console.log(`snippets: ${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => { console.error(e); process.exit(1); });
