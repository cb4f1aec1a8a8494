// A commit asks the person to confirm where the client declared elicitation; the answer is
// untrusted input: only an accepted, exact `confirm: true` lets the commit be sent.
import { Client as McpClient } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { Client } from 'promokit';
import { createMockService } from 'promokit/testing';
import { describe, expect, it } from 'vitest';
import { createServer } from '../src/index.js';

/** A server on a fresh mock, and a client declaring elicitation that answers with `answer`. */
async function withAnswer(answer: () => unknown) {
  const mock = createMockService({ now: '2026-03-18T09:30:00Z' });
  const server = await createServer({ client: new Client({ fetch: mock.fetch, baseUrl: mock.baseUrl, ...mock.credentials }), allow: ['spend'] });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await (await server.factory({ era: 'legacy' })).connect(serverSide);
  const mcp = new McpClient({ name: 'asks', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  const asked: string[] = [];
  mcp.setRequestHandler('elicitation/create', async (request: any) => {
    asked.push(request.params.message);
    return answer() as never;
  });
  await mcp.connect(clientSide);
  const call = async (name: string, args: Record<string, unknown>) => ((await mcp.callTool({ name, arguments: args })) as any).structuredContent;
  const prepared = await call('prepare_redemption', {
    redeemables: [{ object: 'voucher', id: mock.ids.vouchers.valid }],
    order: { amount: 10_000, items: [{ product_id: mock.ids.products.beans, quantity: 1, price: 10_000 }] },
    customer: { id: mock.ids.customers.ada },
    operation_key: 'confirm-prepare-1',
  });
  return { mock, asked, call, preparedId: prepared.record.id as string, close: () => mcp.close() };
}

describe('confirming a commit', () => {
  it('commits once the person accepts with confirm: true, and does not ask again for the replay', async () => {
    const t = await withAnswer(() => ({ action: 'accept', content: { confirm: true } }));
    const first = await t.call('commit_redemption', { prepared_id: t.preparedId, operation_key: 'confirm-commit-1' });
    expect(first).toMatchObject({ write: 'applied' });
    expect(t.asked).toHaveLength(1);
    expect(t.asked[0]).toContain(t.preparedId);
    expect((await t.call('commit_redemption', { prepared_id: t.preparedId, operation_key: 'confirm-commit-1' })).replayed).toBe(true);
    expect(t.asked).toHaveLength(1);
    await t.close();
  });

  it.each([
    ['declined', { action: 'decline' }],
    ['cancelled', { action: 'cancel' }],
    ['accepted with confirm: false', { action: 'accept', content: { confirm: false } }],
  ])('%s: nothing sent, nothing recorded', async (_name, answer) => {
    const t = await withAnswer(() => answer);
    const r = await t.call('commit_redemption', { prepared_id: t.preparedId, operation_key: 'confirm-commit-2' });
    expect(r).toMatchObject({ write: 'not_applied', refusal: { code: 'declined_by_person' }, retry: 'same_key_now' });
    expect(t.mock.requests.filter((q) => q.operation === 'redemptions.redeem')).toHaveLength(0);
    expect((await t.call('get_operation', { tool: 'commit_redemption', operation_key: 'confirm-commit-2' })).data).toBeNull();
    await t.close();
  });
});
