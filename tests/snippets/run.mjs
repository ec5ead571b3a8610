// Proof by execution: every snippet keylab writes runs for real against dynalite on
// 127.0.0.1, and prints exactly the items keylab's evaluator returns, in order; and
// every "write these items" program fills a table the query programs then read:
//   AWS CLI (bash), boto3 client and resource (Python), JS SDK v3 client and
//   DocumentClient (Node), Rust aws-sdk-dynamodb (compiled in tests/snippets/rust-runner),
//   Go (built against Debian's AWS SDK for Go v2 in GOPATH mode, as tests/migrate does:
//   Go modules cannot be fetched here; every Go program is also checked with gofmt).
// A pattern that promises the first N items prints exactly N on every target, and its
// twin without N (Limit alone, what keylab wrote before N was its own) prints more.
// Values are hostile on purpose: quotes, backslashes, $(...), backticks, ${...}, #{...},
// newlines, control characters, emoji, bidi marks, 1000 bytes, number look-alikes. A
// canary file proves nothing they contain was executed.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ScanCommand } from '@aws-sdk/client-dynamodb';
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
  `${'x'.repeat(990)}-1kb`, // 994 bytes: the sort key with its prefixes and separators is 1019 of 1024
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
      // Labels glued to values, as ElectroDB writes them: every range, equal and
      // begins_with below runs through a prefix.
      SK: [{ field: 'score', prefix: 'score_' }, { field: 'at' }, { field: 'player', prefix: 'by:' }],
      GSI1PK: [{ literal: 'PLAYER' }, { field: 'player' }],
      GSI1SK: [{ field: 'at', prefix: 't=' }, { field: 'score' }],
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
];
// "N means N": patterns that promise the first N items. Limit is only DynamoDB's page
// size, so each one's twin, with the same page size and no N, is what keylab wrote
// before N was its own: a program that follows LastEvaluatedKey to the last page.
const FIRST_N = [
  P({}, { first: 3 }), // the Leaderboard's top 3: highest scores first, Limit 3
  P({}, { first: 3, limit: 2 }), // pages of 2: the reader stops inside the second
  { entity: 'Run', index: 'GSI1', partition: { player: hostile[7] }, scanIndexForward: false, first: 1 },
];
const TOP_3 = cases.length;
const withoutN = ({ first, ...rest }) => ({ ...rest, limit: rest.limit ?? first });
cases.push(...FIRST_N, ...FIRST_N.map(withoutN));
cases.forEach((pattern, i) => { cases[i] = { pattern }; });

/** Cases whose programs also read each target's own written table. */
const WRITTEN_CASES = [0, 1, 7, 11, TOP_3];

/** Every item of a table, by Scan. */
async function scanAll(client, TableName) {
  const out = [];
  let ExclusiveStartKey;
  do {
    const page = await client.send(new ScanCommand({ TableName, ExclusiveStartKey }));
    out.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
}

// No region is configured: a program pointed at a local endpoint must start without one
// (it falls back to AWS_REGION, else us-east-1, the same in every target).
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !['AWS_REGION', 'AWS_DEFAULT_REGION', 'AWS_PROFILE'].includes(k))),
  AWS_ACCESS_KEY_ID: 'keylab',
  AWS_SECRET_ACCESS_KEY: 'keylab',
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
// A program whose connection to dynalite broke under it (seen once on a saturated
// machine: the Go SDK read "use of closed network connection" after a 200) says
// nothing about the code keylab wrote: it is run once more, and the retry is counted
// in the summary. Anything else it printed or failed with is the program's.
const TRANSPORT = /use of closed network connection|ECONNRESET|connection reset by peer|socket hang up|EPIPE/;
let retried = 0;
const stdout = async (cmd, args, opts) => {
  try {
    return (await run(cmd, args, opts)).stdout;
  } catch (e) {
    if (!TRANSPORT.test(String(e))) throw e;
    retried++;
    console.error(`retried once, its connection to dynalite broke: ${cmd} ${args.join(' ')}\n${String(e).slice(0, 400)}`);
    return (await run(cmd, args, opts)).stdout;
  }
};

// A Go program built against Debian's AWS SDK for Go v2 (golang-github-aws-aws-sdk-go-v2-dev,
// from scripts/bootstrap.sh) in GOPATH mode: Go modules cannot be fetched here. That SDK
// predates `BaseEndpoint`, so the one line that points the client at dynalite is swapped
// for its older spelling; the rest is the program as keylab wrote it.
async function goBinary(name, program) {
  const older = program.replace(/o\.BaseEndpoint = aws\.String\(("[^"]*")\)/, 'o.EndpointResolver = dynamodb.EndpointResolverFromURL($1)');
  if (older === program) throw new Error('the Go program sets no endpoint to point at dynalite');
  const dir = path.join(work, 'go', name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'main.go'), older);
  const out = path.join(dir, name);
  await run('go', ['build', '-o', out, path.join(dir, 'main.go')], { env: { ...env, GO111MODULE: 'off', GOPATH: '/usr/share/gocode' } });
  return out;
}

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
    if (!emitted.writes.rust.unsupported) fs.writeFileSync(path.join(bins, 'writes.rs'), emitted.writes.rust.program);
    for (const i of WRITTEN_CASES) fs.writeFileSync(path.join(bins, `case_${i}_written.rs`), emitted.cases[i].snippets.rust.written);
    await run('cargo', ['build', '--quiet', '--manifest-path', path.join(runnerDir, 'Cargo.toml'), '--bins'], { env: { ...env, CARGO_TARGET_DIR: runnerTarget } });

    const executions = {
      'aws-cli': async (file) => (JSON.parse(await stdout('bash', [file])).Items ?? []),
      'boto3-client': async (file) => lines(await stdout(path.join(root, '.venv', 'bin', 'python'), [file])),
      'boto3-resource': async (file) => lines(await stdout(path.join(root, '.venv', 'bin', 'python'), [file])),
      'js-client': async (file) => lines(await stdout('node', [file])),
      'js-document-client': async (file) => lines(await stdout('node', [file])),
    };
    const ext = { 'aws-cli': 'sh', 'boto3-client': 'py', 'boto3-resource': 'py', 'js-client': 'mjs', 'js-document-client': 'mjs', go: 'go' };

    // How many items a case must print: exactly N for a pattern that promises the first
    // N, more than N for its twin without N (Limit alone never stops a reader).
    const promise = (i) => {
      const k = i - TOP_3;
      if (k < 0 || k >= 2 * FIRST_N.length) return null;
      return { n: FIRST_N[k % FIRST_N.length].first, exact: k < FIRST_N.length };
    };
    const counts = (p, count) => (p.exact ? count === p.n : count > p.n);
    const owed = (p) => (p.exact ? `exactly the first ${p.n}` : `more than ${p.n}: Limit alone reads every page`);
    for (const [i, c] of emitted.cases.entries()) {
      const expected = c.expected.map(plain);
      if (expected.length) nonEmpty++;
      const label = (t) => `case ${i} ${t}: ${JSON.stringify(cases[i].pattern)}`;
      const p = promise(i);
      if (p && !(counts(p, expected.length) && c.maxItems === (p.exact ? p.n : null))) {
        fail(label('evaluator'), `returned ${expected.length} item(s), maxItems ${c.maxItems}; owed ${owed(p)}`);
      }
      const check = (target, got) => {
        const printed = got.map(plain);
        if (p && !counts(p, printed.length)) {
          fail(label(target), `printed ${printed.length} item(s), owed ${owed(p)}`);
          return;
        }
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
      try { check('go', lines(await stdout(await goBinary(`case_${i}`, c.snippets.go.program), []))); } catch (e) { fail(label('go'), String(e)); }
    }
    // Write these items: each target's program creates a table of its own (or finds it)
    // and fills it, the table then holds exactly the items, and the same target's query
    // programs read from it what keylab's evaluator returns.
    const writers = {
      ...executions,
      'aws-cli': (file) => stdout('bash', [file]),
      'boto3-client': (file) => stdout(path.join(root, '.venv', 'bin', 'python'), [file]),
      'boto3-resource': (file) => stdout(path.join(root, '.venv', 'bin', 'python'), [file]),
      'js-client': (file) => stdout('node', [file]),
      'js-document-client': (file) => stdout('node', [file]),
      rust: () => stdout(path.join(runnerTarget, 'debug', 'writes'), []),
    };
    const wanted = emitted.items.map(plain).map((x) => JSON.stringify(x)).sort();
    for (const [target, w] of Object.entries(emitted.writes)) {
      const label = `writes ${target}`;
      if (w.unsupported) { fail(label, `unsupported: ${w.unsupported}`); continue; }
      const file = path.join(work, `writes_${target}.${ext[target] ?? 'rs'}`);
      fs.writeFileSync(file, w.program);
      fs.writeFileSync(`${file}.params`, w.params);
      if (target === 'go') {
        for (const f of [file, `${file}.params`]) {
          const gofmt = await run('gofmt', ['-l', '-e', f], {}).catch((e) => ({ stdout: String(e), stderr: '' }));
          if (gofmt.stdout.trim() === '' && gofmt.stderr.trim() === '') passed++;
          else fail(label, `not in gofmt's layout:\n${gofmt.stdout}${gofmt.stderr}`);
        }
        continue;
      }
      try {
        // Twice: the second run finds the table made by the first (as one made from Table
        // definitions would be) and writes into it.
        for (const run of ['first', 'second']) {
          const said = await writers[target](file);
          if (!said.includes(`wrote ${emitted.items.length} item(s) to ${w.table}`)) throw new Error(`the ${run} run said: ${said}`);
        }
        const held = (await scanAll(client, w.table)).map(plain).map((x) => JSON.stringify(x)).sort();
        if (JSON.stringify(held) === JSON.stringify(wanted)) passed++;
        else fail(label, `the table holds ${held.length} items, not the ${wanted.length} written`);
      } catch (e) { fail(label, String(e)); continue; }
      for (const i of WRITTEN_CASES) {
        const expected = emitted.cases[i].expected.map(plain);
        const s = emitted.cases[i].snippets[target];
        const got = target === 'rust'
          ? lines(await stdout(path.join(runnerTarget, 'debug', `case_${i}_written`), []).catch((e) => { fail(label, String(e)); return ''; }))
          : await (async () => { const f = path.join(work, `case_${i}_${target}_written.${ext[target]}`); fs.writeFileSync(f, s.written); return executions[target](f); })()
            .catch((e) => { fail(`${label} case ${i}`, String(e)); return null; });
        if (got === null) continue;
        compared += expected.length;
        if (JSON.stringify(got.map(plain)) === JSON.stringify(expected)) passed++;
        else fail(`${label} case ${i}`, `expected ${JSON.stringify(expected.map((x) => x.id))}\nprinted  ${JSON.stringify(got.map(plain).map((x) => x.id))}`);
      }
    }
    if (fs.existsSync(canary)) fail('canary', `${canary} exists: a value was executed as code`);
    else passed++;
    // A corpus whose queries return nothing would prove nothing.
    if (nonEmpty < emitted.cases.length - 2) fail('corpus', `only ${nonEmpty} of ${emitted.cases.length} cases return items`);
    console.log(`snippets: ${emitted.cases.length} access patterns, ${nonEmpty} returning items; ${compared} printed items compared`);
  } finally {
    await close();
  }
  console.log(`snippets: ${passed} passed, ${failed} failed${retried ? `, ${retried} run(s) retried after a broken connection` : ""}`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => { console.error(e); process.exit(1); });
