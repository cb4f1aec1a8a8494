// Bun and Deno: promokit/testing's real HTTP server (`mock.listen()`, node:http) and the SDK in
// the same runtime. Prints one JSON line: { runtime, checks }.
import { createMockService } from 'promokit/testing';
import { smoke } from './smoke.mjs';

const runtime = globalThis.Bun
  ? `bun ${globalThis.Bun.version}`
  : globalThis.Deno
    ? `deno ${globalThis.Deno.version.deno}`
    : `node ${globalThis.process?.version}`;
const mock = createMockService();
const server = await mock.listen();
let checks;
try {
  checks = await smoke({ baseUrl: server.url, ids: mock.ids, credentials: mock.credentials });
} finally {
  await server.close();
}
console.log(JSON.stringify({ runtime, checks }));
