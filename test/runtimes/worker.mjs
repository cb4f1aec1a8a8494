// workerd: the SDK inside a Worker (bundled by esbuild the way wrangler bundles one, no
// nodejs_compat flag). `env.MOCK` names promokit/testing's server, which scripts/runtimes.mjs
// runs in Node on 127.0.0.1: workerd has no node:http to serve it from. The Worker also loads
// promokit/testing itself and runs the same smoke against `mock.fetch` (no network).
import { createMockService } from 'promokit/testing';
import { smoke } from './smoke.mjs';

export default {
  async fetch(request, env) {
    const server = await smoke(env.MOCK);
    const mock = createMockService();
    const inWorker = await smoke({ baseUrl: mock.baseUrl, ids: mock.ids, credentials: mock.credentials, fetch: mock.fetch });
    const checks = {
      ...server,
      ...Object.fromEntries(Object.entries(inWorker).map(([k, v]) => [`mockFetch.${k}`, v])),
    };
    return Response.json({ runtime: `workerd (${navigator.userAgent})`, checks });
  },
};
