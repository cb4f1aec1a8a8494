import { describe, expect, it, vi } from 'vitest';
import { ResponseValidationError } from '../../src/index.js';
import { json, respond, testClient, useMockApi } from '../helpers/mock-api.js';

useMockApi();

const action = {
  id: 'aa_1',
  type: 'CAMPAIGN.VOUCHERS_IMPORT',
  status: 'DONE',
  operation_status: 'SUCCESS',
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:05Z',
  request_id: 'req_1',
  processing_time: 5000,
  progress: 100,
  object: 'async_action',
};

function logger() {
  return { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}

describe('response validation modes', () => {
  it('keeps unknown fields and accepts unknown values of open enums in strict mode', async () => {
    const body = { ...action, type: 'CAMPAIGN.SOMETHING_NEW', operation_status: 'PARTIAL', brand_new_field: { nested: true } };
    respond('get', '/v1/async-actions/aa_1', json(body));
    const result = await testClient({ validation: 'strict' }).asyncActions.get('aa_1');
    expect(result).toEqual(body);
  });

  it('a closed discriminator with an unknown value throws naming the field, in strict and in warn mode: promokit decides on it', async () => {
    const body = { ...action, status: 'PAUSED_NEW_STATE' };
    respond('get', '/v1/async-actions/aa_1', json(body), json(body));
    for (const validation of ['strict', 'warn'] as const) {
      const error = await testClient({ validation, logLevel: 'off' })
        .asyncActions.get('aa_1')
        .catch((e: unknown) => e);
      expect(error, validation).toBeInstanceOf(ResponseValidationError);
      expect(
        (error as ResponseValidationError).issues.map((i) => i.path.join('.')),
        validation,
      ).toEqual(['status']);
    }
  });

  it('warn: a field promokit decides on with the wrong type is an error, so no branch is taken on it', async () => {
    const validation = { code: 'SUMMER-10', valid: 'false', reason: 'expired' };
    respond('post', '/v1/vouchers/SUMMER-10/validate', json(validation));
    const error = await testClient({ logLevel: 'off' })
      .vouchers.validate('SUMMER-10')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues.map((i) => i.path.join('.'))).toContain('valid');
    expect((error as ResponseValidationError).outcome).toBe('unknown');
  });

  it.each([null, [], 'ok', 42])('warn: a 200 body of %j for a record method is an error, not the record', async (body) => {
    respond('get', '/v1/async-actions/aa_1', json(body));
    await expect(testClient({ logLevel: 'off' }).asyncActions.get('aa_1')).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it('warn: an invalid validation without `error` (only reason and code, as real answers come) is read, in strict mode too', async () => {
    const body = { code: 'SUMMER-10', valid: false, reason: 'voucher expired', tracking_id: 'track_1' };
    respond('post', '/v1/vouchers/SUMMER-10/validate', json(body), json(body));
    for (const validation of ['strict', 'warn'] as const) {
      const result = await testClient({ validation }).vouchers.validate('SUMMER-10');
      expect(result.valid).toBe(false);
      if (!result.valid) expect(result.error?.key ?? result.reason).toBe('voucher expired');
    }
  });

  it('accepts null in optional fields in strict mode', async () => {
    const body = { ...action, updated_at: null, request_id: null, progress: null };
    respond('get', '/v1/async-actions/aa_1', json(body));
    await expect(testClient({ validation: 'strict' }).asyncActions.get('aa_1')).resolves.toEqual(body);
  });

  it('strict: a wrong-typed required field throws ResponseValidationError with the path, issues and raw body', async () => {
    const body = { ...action, id: 42 };
    respond('get', '/v1/async-actions/aa_1', json(body));
    const error = await testClient({ validation: 'strict' })
      .asyncActions.get('aa_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    const e = error as ResponseValidationError;
    expect(e.issues[0]!.path).toEqual(['id']);
    expect(e.body).toEqual(body);
    expect(e.operation).toBe('asyncActions.get');
    expect(e.message).toContain('id');
  });

  it('warn (the default): logs one warning naming the operation and field path and returns the data untouched', async () => {
    const body = { ...action, progress: 'half' };
    respond('get', '/v1/async-actions/aa_1', json(body));
    const log = logger();
    const result = await testClient({ logger: log, logLevel: 'warn' }).asyncActions.get('aa_1');
    expect(result).toEqual(body);
    expect(log.warn).toHaveBeenCalledTimes(1);
    const message = log.warn.mock.calls[0]![0] as string;
    expect(message).toContain('asyncActions.get');
    expect(message).toContain('progress');
  });

  it('off: skips parsing entirely', async () => {
    const body = { not: 'an async action' };
    respond('get', '/v1/async-actions/aa_1', json(body));
    const log = logger();
    await expect(testClient({ validation: 'off', logger: log, logLevel: 'debug' }).asyncActions.get('aa_1')).resolves.toEqual(body);
    expect(log.warn).not.toHaveBeenCalled();
  });
});
