// A server on 127.0.0.1 that speaks enough of Redis's protocol (RESP2) for ioredis and node-redis
// to connect, and answers every other command with what the test says: the replies a real Redis
// never gives (wrong types, huge counts, moments far off), for the hostile-reply tests. Normal
// behaviour is tested against a real redis-server; this stands in only for a broken or hostile one.
//
//   const fake = await startFakeRedis((args) => reply)   args: the command as strings, e.g. ['EVALSHA', sha, '1', key, ...]
//   reply: null | number | string | Uint8Array | array | { status } | { error } | { raw } | { hang: true }
import { createServer } from 'node:net';

/** RESP2 encoding of a reply. */
export function encode(value) {
  if (value === null || value === undefined) return '$-1\r\n';
  if (typeof value === 'number') return Number.isInteger(value) ? `:${value}\r\n` : `$${String(value).length}\r\n${value}\r\n`;
  if (typeof value === 'string') return `$${Buffer.byteLength(value)}\r\n${value}\r\n`;
  if (Array.isArray(value)) return `*${value.length}\r\n${value.map(encode).join('')}`;
  if ('status' in value) return `+${value.status}\r\n`;
  if ('error' in value) return `-${value.error}\r\n`;
  if ('raw' in value) return value.raw;
  throw new Error(`cannot encode ${JSON.stringify(value)}`);
}

/** A RESP3 push (what a subscribed connection receives): `>` where an array has `*`. */
const push = (items) => `>${items.length}\r\n${items.map(encode).join('')}`;

/** Parses the RESP arrays of bulk strings in `buffer`; returns the commands and what is left. */
function parse(buffer) {
  const commands = [];
  let at = 0;
  for (;;) {
    const start = at;
    if (buffer[at] !== 0x2a) break; // '*'
    let end = buffer.indexOf('\r\n', at);
    if (end < 0) break;
    const n = Number(buffer.subarray(at + 1, end).toString());
    at = end + 2;
    const args = [];
    let complete = true;
    for (let i = 0; i < n; i++) {
      end = buffer.indexOf('\r\n', at);
      if (end < 0) {
        complete = false;
        break;
      }
      const length = Number(buffer.subarray(at + 1, end).toString());
      if (buffer.length < end + 2 + length + 2) {
        complete = false;
        break;
      }
      args.push(buffer.subarray(end + 2, end + 2 + length).toString());
      at = end + 2 + length + 2;
    }
    if (!complete) {
      at = start;
      break;
    }
    commands.push(args);
  }
  return { commands, rest: buffer.subarray(at) };
}

/** The handshakes of both clients: INFO (ioredis' ready check), HELLO (node-redis), CLIENT, SELECT, PING. */
function handshake(args) {
  const name = args[0].toUpperCase();
  if (name === 'INFO') return '# Server\r\nredis_version:7.0.15\r\nloading:0\r\n';
  // Both clients speak RESP3 when the server does: the replies below read the same in both.
  if (name === 'HELLO') return { raw: '%3\r\n$6\r\nserver\r\n$5\r\nredis\r\n$7\r\nversion\r\n$6\r\n7.0.15\r\n$5\r\nproto\r\n:3\r\n' };
  if (name === 'CLIENT' || name === 'SELECT' || name === 'READONLY') return { status: 'OK' };
  if (name === 'PING') return { status: 'PONG' };
  return undefined;
}

/** Starts the fake; `answer(args)` gives the reply to each command the handshake does not. */
export async function startFakeRedis(answer) {
  const sockets = new Set();
  const counts = new Map();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      const { commands, rest } = parse(Buffer.concat([pending, chunk]));
      pending = rest;
      for (const args of commands) {
        const name = args[0].toUpperCase();
        counts.set(name, (counts.get(name) ?? 0) + 1);
        if (name === 'SUBSCRIBE') {
          socket.subscribed = args.slice(1);
          for (const [i, channel] of args.slice(1).entries()) socket.write(push(['subscribe', channel, i + 1]));
          continue;
        }
        let reply = handshake(args);
        if (reply === undefined) reply = answer(args, socket);
        if (reply && typeof reply === 'object' && reply.hang) continue;
        socket.write(encode(reply));
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    /** How many times each command was received. */
    count: (name) => counts.get(name) ?? 0,
    /** Sends a pub/sub message to every subscriber of `channel`. */
    publish(channel, message) {
      for (const socket of sockets) if (socket.subscribed?.includes(channel)) socket.write(push(['message', channel, message]));
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
