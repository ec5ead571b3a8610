// moto's DynamoDB server on 127.0.0.1 (pinned in .venv by scripts/bootstrap.sh), for the
// tests that run what the page gives against an engine with TransactWriteItems, which
// dynalite lacks.
import { spawn } from 'node:child_process';
import { createServer, connect } from 'node:net';
import { resolve } from 'node:path';

/** A port free on 127.0.0.1 now. */
async function freePort() {
  const server = createServer();
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  await new Promise((done) => server.close(done));
  return port;
}

/** Whether something accepts connections on the port. */
function listening(port) {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => { socket.destroy(); done(true); });
    socket.once('error', () => done(false));
  });
}

/** Starts moto's server and returns once it accepts connections (30 s at most). */
export async function startMoto() {
  const port = await freePort();
  const server = spawn(resolve('.venv/bin/moto_server'), ['-H', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  let exited = null;
  server.once('exit', (code) => { exited = code; });
  const deadline = Date.now() + 30_000;
  while (!(await listening(port))) {
    if (exited !== null) throw new Error(`moto_server exited with ${exited} before listening`);
    if (Date.now() > deadline) { server.kill(); throw new Error('moto_server did not listen within 30 s'); }
    await new Promise((done) => setTimeout(done, 50));
  }
  const stop = async () => {
    if (exited !== null) return;
    const gone = new Promise((done) => server.once('exit', done));
    server.kill();
    await gone;
  };
  return { endpoint: `http://127.0.0.1:${port}`, stop };
}
