// The ledger's contract in Redis, on a real redis-server, through ioredis and node-redis.
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe } from 'vitest';
import { type RedisServer, startRedis } from '../../../bench/fleet-redis.mjs';
import { RedisLedger } from '../../src/index.js';
import { ledgerContract } from '../ledger-contract.js';

let server: RedisServer;
const closers: (() => unknown)[] = [];
let prefixes = 0;
beforeAll(async () => {
  server = await startRedis();
}, 30_000);
afterAll(async () => {
  for (const close of closers) await close();
  await server?.stop();
});

describe('ioredis', () =>
  ledgerContract(async () => {
    const redis = new Redis({ host: '127.0.0.1', port: server.port });
    closers.push(() => redis.quit());
    return new RedisLedger({ redis, prefix: `{t${prefixes++}}:` });
  }));

describe('node-redis', () =>
  ledgerContract(async () => {
    const redis = createClient({ url: `redis://127.0.0.1:${server.port}` });
    await redis.connect();
    closers.push(() => redis.quit());
    return new RedisLedger({ redis: redis as never, prefix: `{t${prefixes++}}:` });
  }));
