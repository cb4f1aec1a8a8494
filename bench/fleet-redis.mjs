// A real `redis-server` (Debian's package) for the fleet benchmark and the Redis limiter's tests:
// started on 127.0.0.1 on a free port, no persistence, its working directory a temporary one.
// It can be killed and started again on the same port (empty, as a restarted Redis without
// persistence is), frozen (SIGSTOP) and thawed (SIGCONT), and is stopped by its pid. With
// `{ cluster: true }` it is a Redis Cluster of one node that serves every slot. `connectRedis`
// connects either client to it, the way a user would.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const binary = process.env.REDIS_SERVER ?? 'redis-server';

/** Starts redis-server; fails (never skips) when it is not installed. */
export async function startRedis({ cluster = false } = {}) {
  const probe = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(`${binary} is not installed: the Redis limiter is tested against a real Redis (Debian: apt-get install redis-server; .ci/run installs it)`);
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'promokit-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no'];
  // A lone node does not know its own address until another node tells it: announce it.
  if (cluster) args.push('--cluster-enabled', 'yes', '--cluster-config-file', 'nodes.conf', '--cluster-announce-ip', '127.0.0.1');
  let child = await launch(args);
  if (cluster) await assignAllSlots(port);

  /** Stops the server by its pid (thawing it first: a stopped process ignores SIGTERM) and waits for its exit. */
  const end = async (signal) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGCONT');
    child.kill(signal);
    await exited;
  };

  return {
    port,
    get pid() {
      return child.pid;
    },
    /** Kills the server at once (SIGKILL): its connections drop, its data is gone. */
    kill: () => end('SIGKILL'),
    /** Starts it again, empty, on the same port; resolves once it accepts connections. */
    restart: async () => {
      await end('SIGKILL');
      child = await launch(args);
    },
    /** Freezes it: connections stay open, nothing is answered. */
    freeze: () => child.kill('SIGSTOP'),
    /** Lets it run again. */
    thaw: () => child.kill('SIGCONT'),
    stop: async () => {
      await end('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Spawns redis-server with `args` and resolves once it is ready for connections. */
async function launch(args) {
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server did not start within 10 s:\n${output}`));
    }, 10_000);
    const onData = (chunk) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.stderr.off('data', onData);
        child.stdout.resume();
        child.stderr.resume();
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${output}`));
    });
  });
  return child;
}

/** Makes a one-node cluster serve all 16,384 slots, and waits until it says so. */
async function assignAllSlots(port) {
  const cli = (...args) => spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], { encoding: 'utf8' });
  const added = cli('CLUSTER', 'ADDSLOTSRANGE', '0', '16383');
  if (added.error || added.stdout.trim() !== 'OK')
    throw new Error(`redis-cli CLUSTER ADDSLOTSRANGE failed: ${added.error?.message ?? added.stdout + added.stderr}`);
  for (let i = 0; i < 100; i++) {
    if (cli('CLUSTER', 'INFO').stdout.includes('cluster_state:ok')) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the one-node cluster did not reach cluster_state:ok within 5 s');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A connected client of `which` ('ioredis' or 'node-redis') to 127.0.0.1:`port`, and how to end
 * it (`quit()`, `close()`). `cluster: true` gives the client's cluster instead.
 */
export async function connectRedis(which, port, { cluster = false } = {}) {
  if (which === 'ioredis') {
    const { Cluster, Redis } = await import('ioredis');
    const redis = cluster ? new Cluster([{ host: '127.0.0.1', port }]) : new Redis({ host: '127.0.0.1', port, lazyConnect: true });
    // The client's own errors while Redis is away (the outage tests) are expected here.
    redis.on('error', () => undefined);
    if (!cluster) await redis.connect();
    // quit() while the client reconnects (Redis just came back) resolves without ending it: disconnect() does.
    return {
      redis,
      quit: () =>
        redis
          .quit()
          .catch(() => undefined)
          .finally(() => redis.disconnect()),
    };
  }
  if (which === 'node-redis') {
    const { createClient, createCluster } = await import('redis');
    const redis = cluster ? createCluster({ rootNodes: [{ socket: { host: '127.0.0.1', port } }] }) : createClient({ socket: { host: '127.0.0.1', port } });
    redis.on('error', () => undefined);
    await redis.connect();
    return { redis, quit: () => redis.close().catch(() => redis.destroy()) };
  }
  throw new Error(`no such Redis client: ${which} (ioredis or node-redis)`);
}
