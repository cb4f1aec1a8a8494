/**
 * A Redis for the examples that need one: `REDIS_URL` when it is set, else a `redis-server` of
 * this machine started on 127.0.0.1 on a free port, without persistence, and stopped (by its pid)
 * when the example is done.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where Redis listens, and how to stop the one this module started. */
export interface RedisHandle {
  host: string;
  port: number;
  stop(): Promise<void>;
}

/** A free port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** `REDIS_URL`'s Redis, or a redis-server started for the example (within 10 s, or an error). */
export async function redis(): Promise<RedisHandle> {
  if (process.env.REDIS_URL) {
    const url = new URL(process.env.REDIS_URL);
    return { host: url.hostname, port: Number(url.port || 6379), stop: async () => {} };
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'promokit-example-redis-'));
  const child = spawn(
    process.env.REDIS_SERVER ?? 'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`redis-server did not start within 10 s:\n${output}`)), 10_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes('Ready to accept connections')) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.stdout.resume();
      child.stderr.resume();
      resolve();
    };
    child.stdout.on('data', onData);
    child.once('error', (error) =>
      fail(new Error(`redis-server could not be started (${error.message}): install it (Debian: apt-get install redis-server) or set REDIS_URL`)),
    );
    child.once('exit', (code) => fail(new Error(`redis-server exited with ${code}:\n${output}`)));
  });
  return {
    host: '127.0.0.1',
    port,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
