/**
 * `Transport`: from an operation record, positional path parameters and one params object to the
 * exact request, over a stand-in fetch that records what it is given. Every field goes to the
 * path, the query or the body as the operation says; the caller's params are never changed.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { Credentials } from '../../src/core/credentials.js';
import { pipelineConfig } from '../../src/core/config.js';
import { ConfigurationError, InvalidRequestError, ResponseValidationError } from '../../src/core/errors.js';
import { array, integer, object, oneOf, required, text, type Rule } from '../../src/core/inputs.js';
import { operation, operations, type Operation, type ResponseTable, type UnnamedOperation } from '../../src/core/call.js';
import type { Strategy } from '../../src/core/pagination.js';
import { idCursor } from '../../src/core/page-strategies.js';
import { Transport } from '../../src/core/transport.js';
import { CallError, ConnectionError, AbortError, TimeoutError, InternalServerError } from '../../src/index.js';
import * as clientSide from '../../src/client-side.js';
import { recordingFetch, type Sent } from '../helpers/recorder.js';

/** A transport whose fetch records each request and answers `status` with a JSON body. */
function transportFor(status = 200): { transport: Transport; sent: Sent[] } {
  const recorder = recordingFetch(() => ({ status, body: status === 200 ? { data: [], has_more: false } : {} }));
  const credentials = new Credentials({ appId: 'app', appToken: 'token', accessToken: 'access' });
  const config = pipelineConfig({ baseUrl: recorder.url, fetch: recorder.fetch, validation: 'off', maxRetryDelay: 0 }, credentials, 'Client');
  return { transport: new Transport(config), sent: recorder.sent };
}

const schema = () => ({ safeParse: (data: unknown) => ({ success: true as const, data }) });

interface MemberParams {
  campaign_id?: string | undefined;
  limit?: number | undefined;
}

/** A record named as the registry names it: by its key in a table, its response schema in a table loaded on its first call. */
const named = <T, I>(name: string, op: UnnamedOperation<T, I>) =>
  operations(async () => ({ [name]: schema }), { [name]: op })[name] as unknown as Operation<T, I> & { readonly paging: Strategy<I> };

const member = named('test.member', operation<unknown, MemberParams>({ method: 'GET', path: '/v1/loyalties/{campaign_id?}/members/{memberId}' }));

interface RollbackParams {
  reason?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
}

const rollback = named(
  'test.rollback',
  operation<unknown, RollbackParams>({
    method: 'POST',
    path: '/v1/redemptions/{id}/rollbacks',
    effect: 'spend',
    trace: 'no-rollback-read',
    query: ['reason'],
  }),
);

describe('routing params to the path, the query and the body', () => {
  it('leaves an optional segment out, slash and all, when its params field is absent', async () => {
    const { transport, sent } = transportFor();
    await transport.request(member, { memberId: 'LOYAL 1' }, {});
    expect(sent[0]!.path).toBe('/v1/loyalties/members/LOYAL%201');
  });

  it('fills an optional segment from the params field of its name, which then goes nowhere else', async () => {
    const { transport, sent } = transportFor();
    await transport.request(member, { memberId: 'LOYAL-1' }, { campaign_id: 'camp/1', limit: 5 });
    expect(sent[0]!.path).toBe('/v1/loyalties/camp%2F1/members/LOYAL-1');
    expect(sent[0]!.search).toBe('limit=5');
  });

  it('refuses an empty optional segment rather than leaving it out, and sends nothing', async () => {
    const { transport, sent } = transportFor();
    const error = await transport.request(member, { memberId: 'LOYAL-1' }, { campaign_id: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as InvalidRequestError).issues).toEqual([{ path: ['campaign_id'], message: 'must be a non-empty string, not only spaces' }]);
    expect(sent).toHaveLength(0);
  });

  it('sends the fields a POST names in the query string there, and every other field as the JSON body', async () => {
    const { transport, sent } = transportFor();
    const params = { reason: 'returned', metadata: { a: 1 } };
    await transport.request(rollback, { id: 'r_1' }, params);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.search).toBe('reason=returned');
    expect(JSON.parse(sent[0]!.body)).toEqual({ metadata: { a: 1 } });
    expect(sent[0]!.headers['content-type']).toBe('application/json');
    // The caller's object is read, never changed.
    expect(params).toEqual({ reason: 'returned', metadata: { a: 1 } });
  });

  it('sends an empty JSON object when a POST has no body fields', async () => {
    const { transport, sent } = transportFor();
    await transport.request(rollback, { id: 'r_1' }, {});
    expect(sent[0]!.search).toBe('');
    expect(sent[0]!.body).toBe('{}');
  });

  it('encodes a form body for an operation that takes one', async () => {
    const { transport, sent } = transportFor();
    const form = named(
      'test.form',
      operation<unknown, { access_token: string }>({
        method: 'POST',
        path: '/v1/oauth/introspect',
        auth: 'app',
        effect: 'read',
        encoding: 'form',
      }),
    );
    await transport.request(form, {}, { access_token: 'a b&c' });
    expect(sent[0]!.body).toBe('access_token=a+b%26c');
    expect(sent[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('reads the params of each page of a list operation through its paging strategy', async () => {
    const { transport, sent } = transportFor();
    const list = named(
      'test.list',
      operation<unknown, { limit?: number; starting_after_id?: string }>({
        method: 'GET',
        path: '/v1/things',
        paging: idCursor,
      }),
    );
    const page = await transport.list(list, {}, { limit: 2 });
    expect(page.data).toEqual([]);
    expect(sent[0]!.search).toBe('limit=2');
  });
});

describe('the retry policy follows the operation', () => {
  it('a POST that is not idempotent is sent once on a 503; an idempotent one is retried', async () => {
    const once = transportFor(503);
    await expect(once.transport.request(rollback, { id: 'r_1' }, {}, { maxRetries: 2 })).rejects.toBeInstanceOf(InternalServerError);
    expect(once.sent).toHaveLength(1);
    const read = transportFor(503);
    await expect(read.transport.request(member, { memberId: 'm' }, {}, { maxRetries: 2 })).rejects.toBeInstanceOf(InternalServerError);
    expect(read.sent).toHaveLength(3);
  });

  it('idempotency read from the params: a validation opening a session lock is sent once', async () => {
    const validate = named(
      'test.validate',
      operation<unknown, { session?: object }>({
        method: 'POST',
        path: '/v1/v/{code}',
        effect: (params) => (params.session == null ? 'read' : 'spend'),
        trace: 'no-rollback-read',
      }),
    );
    const plain = transportFor(503);
    await plain.transport.request(validate, { code: 'A' }, {}, { maxRetries: 1 }).catch(() => undefined);
    expect(plain.sent).toHaveLength(2);
    const locked = transportFor(503);
    await locked.transport.request(validate, { code: 'A' }, { session: { type: 'LOCK' } }, { maxRetries: 1 }).catch(() => undefined);
    expect(locked.sent).toHaveLength(1);
  });
});

describe('operation records', () => {
  it('fill the defaults: server credentials, JSON; a GET reads, a PUT and a DELETE are idempotent writes, a DELETE sends no body', () => {
    expect(member).toMatchObject({ name: 'test.member', auth: 'server', encoding: 'json', effect: 'read' });
    expect(operation({ method: 'PUT', path: '/v1/x' })).toMatchObject({ effect: 'idempotent-write', encoding: 'json' });
    const gone = { resource: 'x', param: 'id' };
    expect(operation({ method: 'DELETE', path: '/v1/x/{id}', gone })).toMatchObject({ effect: 'idempotent-write', encoding: 'none', gone });
  });

  it('a DELETE that does not name the record its 404 means gone does not compile', () => {
    // @ts-expect-error: a DELETE must say which 404 resolves a retry
    const remove = () => operation({ method: 'DELETE', path: '/v1/x/{id}' });
    expectTypeOf(remove).toBeFunction();
  });

  it('a POST that does not state its effect does not compile', () => {
    // @ts-expect-error: a POST must say what it does to the service
    const post = () => operation({ method: 'POST', path: '/v1/x' });
    expectTypeOf(post).toBeFunction();
  });

  it('a POST that spends or creates without saying how reconcile finds its trace does not compile', () => {
    // @ts-expect-error: a spend must name its trace, or why there is none
    const spend = () => operation({ method: 'POST', path: '/v1/x', effect: 'spend' });
    // @ts-expect-error: so must a create
    const create = () => operation({ method: 'POST', path: '/v1/x', effect: 'create' });
    expectTypeOf(spend).toBeFunction();
    expectTypeOf(create).toBeFunction();
  });

  it('an operation that sends no body refuses a params field it would drop; nothing sent', async () => {
    const { transport, sent } = transportFor();
    const remove = named(
      'test.delete',
      operation<unknown, { force?: boolean; other?: string }>({
        method: 'DELETE',
        path: '/v1/x/{id}',
        gone: { resource: 'x', param: 'id' },
        query: ['force'],
      }),
    );
    await transport.request(remove, { id: 'a' }, { force: true });
    expect(sent[0]).toMatchObject({ method: 'DELETE', path: '/v1/x/a', search: 'force=true', body: '' });
    await expect(transport.request(remove, { id: 'a' }, { other: 'x' })).rejects.toThrow(/other: is not a field of test\.delete, which sends no body/);
    expect(sent).toHaveLength(1);
  });
});

describe('the response schemas, loaded with the first call of their group', () => {
  /** A transport in `validation`, answering every call with `body`, and a group of two operations whose loader counts its loads. */
  function group(validation: 'strict' | 'warn' | 'off', body: unknown, load?: () => Promise<ResponseTable>) {
    const recorder = recordingFetch(() => ({ status: 200, body }));
    const credentials = new Credentials({ appId: 'app', appToken: 'token', accessToken: 'access' });
    const config = pipelineConfig({ baseUrl: recorder.url, fetch: recorder.fetch, validation, maxRetryDelay: 0, logLevel: 'off' }, credentials, 'Client');
    const loads: string[] = [];
    const idSchema = () => ({
      safeParse: (data: unknown) =>
        typeof (data as { id?: unknown })?.id === 'string'
          ? { success: true as const, data }
          : { success: false as const, error: { issues: [{ path: ['id'], message: 'is required' }] } },
    });
    const table = operations(
      load ??
        (async () => {
          loads.push('group');
          return { 'test.one': idSchema, 'test.two': schema };
        }),
      {
        'test.one': operation<unknown>({ method: 'GET', path: '/v1/one' }),
        'test.two': operation<unknown>({ method: 'GET', path: '/v1/two' }),
      },
    );
    return { transport: new Transport(config), sent: recorder.sent, loads, table };
  }

  it('loads them once, with the first call of any operation of the group, and checks each response with its own', async () => {
    const { transport, loads, table } = group('strict', { id: 'a' });
    await transport.request(table['test.one'], {}, {});
    await transport.request(table['test.one'], {}, {});
    await transport.request(table['test.two'], {}, {});
    // Once per operation: each keeps its schema, built on its first call.
    expect(loads).toEqual(['group', 'group']);
    const broken = group('strict', { code: 'no id' });
    await expect(broken.transport.request(broken.table['test.one'], {}, {})).rejects.toBeInstanceOf(ResponseValidationError);
    await expect(broken.transport.request(broken.table['test.two'], {}, {})).resolves.toEqual({ code: 'no id' });
  });

  it('loads none in `off` mode, which checks no body', async () => {
    const { transport, loads, table } = group('off', { code: 'no id' });
    await expect(transport.request(table['test.one'], {}, {})).resolves.toEqual({ code: 'no id' });
    expect(loads).toEqual([]);
  });

  it("a group that cannot be loaded fails the call with the loader's error before anything is sent, and the next call tries again", async () => {
    let fail = true;
    const load = async (): Promise<ResponseTable> => {
      if (fail) throw new ConfigurationError('chunk', 'promokit could not load its test-responses module');
      return { 'test.one': schema, 'test.two': schema };
    };
    const { transport, sent, table } = group('warn', { id: 'a' }, load);
    const error = await transport.request(table['test.one'], {}, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({ option: 'chunk', outcome: 'not_sent' });
    expect(sent).toHaveLength(0);
    fail = false;
    await expect(transport.request(table['test.one'], {}, {})).resolves.toEqual({ id: 'a' });
    expect(sent).toHaveLength(1);
  });
});

describe('input rules typed against their input', () => {
  interface Input {
    name: string;
    count?: number | undefined;
    kind?: 'a' | 'b' | undefined;
    tags?: string[] | undefined;
  }

  it('accept rules written for each field type and check values at run time', () => {
    const rules: Rule<Input> = object<Input>({ name: required(text(1)), count: integer(0, 9), kind: oneOf(['a', 'b']), tags: array(3, text(1)) });
    const issues: Array<{ path: ReadonlyArray<string | number>; message: string }> = [];
    rules({ name: '', count: 10, kind: 'c', tags: ['x', '', 'y', 'z'] }, [], issues);
    expect(issues.map((i) => i.path.join('.'))).toEqual(['name', 'count', 'kind', 'tags', 'tags.1']);
  });

  it('refuse, at compile time, a misspelt field and a rule of another type than the field', () => {
    const typos = () => [
      // @ts-expect-error: `count` misspelt
      object<Input>({ cuont: integer() }),
      // @ts-expect-error: a number rule on a string field
      object<Input>({ name: integer() }),
      // @ts-expect-error: a rule admitting strings the field's type does not
      object<Input>({ kind: text() }),
    ];
    expectTypeOf(typos).toBeFunction();
  });
});

describe('CallError', () => {
  it('is the one class behind the three transport failures, in both entries', () => {
    for (const Class of [ConnectionError, TimeoutError, AbortError]) expect(new Class('x', {})).toBeInstanceOf(CallError);
    expect(clientSide.CallError).toBe(CallError);
    expect(new TimeoutError('x', {}).name).toBe('TimeoutError');
  });
});
