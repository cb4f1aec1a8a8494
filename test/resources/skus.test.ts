import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src/index.js';
import { catalogSku } from '../fixtures/every-field.js';
import { json, respond, seen, serverHeaders, testClient, useMockApi } from '../helpers/mock-api.js';
import { refusal, rejection } from './rejections.js';

useMockApi();

describe('skus.get', () => {
  it('GETs /v1/skus/{skuId} with the server keys, a source ID encoded once, and parses the SKU', async () => {
    respond('get', '/v1/skus/:skuId', json(catalogSku));
    const sku = await testClient({ validation: 'strict' }).skus.get('flat white/large oat');
    expect([seen[0]!.method, seen[0]!.path, seen[0]!.search, seen[0]!.body]).toEqual(['GET', '/v1/skus/flat%20white%2Flarge%20oat', '', '']);
    expect(seen[0]!.headers).toMatchObject(serverHeaders);
    expect(sku).toEqual(catalogSku);
  });

  it('parses a SKU with nulls where the service allows them, in strict mode', async () => {
    const sparse = { ...catalogSku, source_id: null, sku: null, price: null, currency: null, image_url: null, updated_at: null };
    respond('get', '/v1/skus/:skuId', json(sparse));
    expect(await testClient({ validation: 'strict' }).skus.get('sku_1')).toEqual(sparse);
  });

  it('maps 404 to NotFoundError', async () => {
    respond('get', '/v1/skus/sku_gone', json({ code: 404, key: 'not_found', message: 'Resource not found', resource_type: 'sku' }, 404));
    expect(await rejection(testClient().skus.get('sku_gone'), NotFoundError)).toMatchObject({ status: 404, key: 'not_found' });
  });

  it.each(['', '.', '..'])('refuses the SKU ID %j, with nothing sent', async (id) => {
    const error = await refusal(testClient().skus.get(id));
    expect(error.issues.map((i) => i.path.join('.'))).toEqual(['skuId']);
    expect(seen).toHaveLength(0);
  });
});
