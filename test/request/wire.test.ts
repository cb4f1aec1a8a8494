/**
 * `client.request()` sends exactly the request it is given: method, path with its placeholders
 * filled and encoded once, query in the service's bracket notation, the headers of the
 * credentials group it names and nothing of the others, and the body as JSON or a form. The same
 * assertions over a stand-in fetch and over a real node:http service on 127.0.0.1.
 */
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { Client, ResponseValidationError } from '../../src/index.js';
import { credentialsOf, groupHeaders, keys } from '../helpers/keys.js';
import { recorders, type Answer, type Recorder } from '../helpers/recorder.js';

let recorder: Recorder | undefined;
afterEach(async () => {
  await recorder?.close();
  recorder = undefined;
});

describe.each(recorders)('client.request over %s', (_name, start) => {
  async function clientFor(answer: Answer = () => ({ body: { id: 'camp_1' } })): Promise<{ client: Client; recorder: Recorder }> {
    recorder = await start(answer);
    return { recorder, client: new Client({ baseUrl: recorder.url, ...keys, fetch: recorder.fetch, logLevel: 'off' }) };
  }

  it('a GET: path placeholders encoded once, the query in bracket notation, the server group headers, no body', async () => {
    const { client, recorder } = await clientFor();
    const data = await client.request<{ id: string }>({
      method: 'GET',
      path: '/v1/campaigns/{campaignId}/vouchers/{code}',
      pathParams: { campaignId: 'camp 1', code: 'SUMMER/10%#?' },
      query: { limit: 5, active: true, filters: { category: { conditions: { $in: ['a', 'b'] } } }, skipped: undefined },
    });
    expect(data).toEqual({ id: 'camp_1' });
    expect(recorder.sent).toHaveLength(1);
    const [sent] = recorder.sent;
    expect(sent!.method).toBe('GET');
    expect(sent!.path).toBe('/v1/campaigns/camp%201/vouchers/SUMMER%2F10%25%23%3F');
    expect(sent!.search).toBe('limit=5&active=true&filters[category][conditions][$in][0]=a&filters[category][conditions][$in][1]=b');
    expect(credentialsOf(sent!)).toEqual(groupHeaders.server);
    expect(sent!.headers.accept).toBe('application/json');
    expect(sent!.headers['content-type']).toBeUndefined();
    expect(sent!.body).toBe('');
  });

  it('a POST with a JSON body: the body exactly as given, content type JSON', async () => {
    const { client, recorder } = await clientFor();
    const body = { name: 'Spring', metadata: { region: 'EU', tiers: [1, 2] }, note: 'café ☕' };
    await client.request({ method: 'POST', path: '/v1/campaigns', body });
    const [sent] = recorder.sent;
    expect(sent!.method).toBe('POST');
    expect(sent!.target).toBe('/v1/campaigns');
    expect(sent!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sent!.body)).toEqual(body);
    expect(sent!.body).toBe(JSON.stringify(body));
    expect(credentialsOf(sent!)).toEqual(groupHeaders.server);
  });

  it("auth 'app': the app keys only, no Authorization (as token introspection)", async () => {
    const { client, recorder } = await clientFor();
    await client.request({ method: 'POST', path: '/v1/oauth/introspect', form: { access_token: 'a b&c=d' }, auth: 'app', idempotent: true });
    const [sent] = recorder.sent;
    expect(credentialsOf(sent!)).toEqual(groupHeaders.app);
    expect(sent!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent!.body).toBe('access_token=a+b%26c%3Dd');
  });

  it("auth 'client': the client-side keys, the access token and origin, none of the app keys", async () => {
    const { client, recorder } = await clientFor();
    await client.request({ method: 'POST', path: '/client/v1/events', body: { event: 'signed_up', customer: { source_id: 'c-1' } }, auth: 'client' });
    const [sent] = recorder.sent;
    expect(sent!.target).toBe('/client/v1/events');
    expect(credentialsOf(sent!)).toEqual(groupHeaders.client);
  });

  it('PUT, PATCH and DELETE are sent with their own method; a 204 resolves with undefined', async () => {
    const { client, recorder } = await clientFor((sent) => (sent.method === 'DELETE' ? { status: 204 } : { body: { ok: sent.method } }));
    expect(await client.request({ method: 'PUT', path: '/v1/campaigns/{id}', pathParams: { id: 'c1' }, body: { name: 'x' } })).toEqual({ ok: 'PUT' });
    expect(await client.request({ method: 'PATCH', path: '/v1/campaigns/{id}', pathParams: { id: 'c1' }, body: { name: 'y' } })).toEqual({ ok: 'PATCH' });
    expect(await client.request({ method: 'DELETE', path: '/v1/campaigns/{id}', pathParams: { id: 'c1' } })).toBeUndefined();
    expect(recorder.sent.map((s) => `${s.method} ${s.target} ${s.body}`)).toEqual([
      'PUT /v1/campaigns/c1 {"name":"x"}',
      'PATCH /v1/campaigns/c1 {"name":"y"}',
      'DELETE /v1/campaigns/c1 ',
    ]);
  });

  it('a schema is checked in the client validation mode; .withResponse() gives the response', async () => {
    const { recorder } = await clientFor(() => ({ body: { id: 42 }, headers: { 'x-request-id': 'req_7' } }));
    const schema = z.object({ id: z.string() });
    const strict = new Client({ baseUrl: recorder.url, ...keys, fetch: recorder.fetch, validation: 'strict', logLevel: 'off' });
    const error = await strict.request({ method: 'GET', path: '/v1/campaigns/{id}', pathParams: { id: 'c1' }, schema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    const off = strict.withOptions({ validation: 'off' });
    const { data, response } = await off.request({ method: 'GET', path: '/v1/campaigns/c1', schema }).withResponse();
    expect(data).toEqual({ id: 42 });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('req_7');
  });
});
