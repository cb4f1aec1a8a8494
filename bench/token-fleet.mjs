// Starts a fleet of processes (bench/fleet-token-worker.mjs) that share one token, and one limit
// when asked, through Redis, and drives them together. Used by bench/fleet-tokens.mjs and the
// Redis token store's tests.
import { fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * `size` processes named p0, p1, …, each with `settings` (see fleet-token-worker.mjs). Resolves
 * once all are connected and ready.
 */
export async function startTokenFleet(size, settings) {
  const workers = Array.from({ length: size }, (_, i) =>
    fork(join(here, 'fleet-token-worker.mjs'), [JSON.stringify({ ...settings, name: `p${i}` })], {
      cwd: join(here, '..'),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const exits = workers.map((w) => new Promise((done) => w.once('exit', done)));
  await Promise.all(
    workers.map(
      (w) =>
        new Promise(
          (ready, fail) => (w.once('message', ready), w.once('exit', (code) => fail(new Error(`a fleet process exited with ${code} before it was ready`)))),
        ),
    ),
  );
  /** Sends `message` to `targets` and resolves their answers. */
  const ask = (message, targets = workers) => Promise.all(targets.map((w) => new Promise((done) => (w.once('message', done), w.send(message)))));
  return {
    /** `n` calls at once in every process. */
    burst: (n, targets) => ask({ burst: n }, targets),
    /** A call every `every` ms for `ms` in every process. */
    steady: (ms, every, targets) => ask({ steady: { ms, every } }, targets),
    /** The process named `p<i>`, to drive alone. */
    worker: (i) => workers[i],
    /** The processes' ids. */
    pids: () => workers.map((w) => w.pid),
    /** Ends every process; resolves their exit codes. */
    async done() {
      for (const w of workers) if (w.connected) w.send('done');
      const timer = setTimeout(() => workers.forEach((w) => w.exitCode === null && w.kill()), 10_000);
      const codes = await Promise.all(exits);
      clearTimeout(timer);
      return codes;
    },
    kill: () => workers.forEach((w) => w.exitCode === null && w.kill()),
  };
}
