import { describe, expect, expectTypeOf, it } from 'vitest';
import { NotFoundError, ResponseValidationError, type MetadataSchema } from '../../src/index.js';
import { metadataSchema, metadataSchemaList } from '../fixtures/every-field.js';
import { json, respond, seen, serverHeaders, testClient, useMockApi } from '../helpers/mock-api.js';
import { rejection } from './rejections.js';

useMockApi();

describe('metadataSchemas.list', () => {
  it('GETs /v1/metadata-schemas and reads the schemas under `schemas`, as data_ref says (the spec requires a `data` it never defines: D15)', async () => {
    respond('get', '/v1/metadata-schemas', json(metadataSchemaList));
    const list = await testClient({ validation: 'strict' }).metadataSchemas.list();
    expect([seen[0]!.method, seen[0]!.path, seen[0]!.search]).toEqual(['GET', '/v1/metadata-schemas', '']);
    expect(seen[0]!.headers).toMatchObject(serverHeaders);
    expect(list).toEqual(metadataSchemaList);
    expect(list.schemas?.map((s) => s.related_object)).toEqual(['order', 'Payment']);
    expectTypeOf(list.schemas![0]!).toEqualTypeOf<MetadataSchema>();
  });

  it('a schema without related_object or properties fails in every mode but off: promokit relies on both', async () => {
    const broken = { ...metadataSchemaList, schemas: [{ ...metadataSchema, properties: undefined }] };
    respond('get', '/v1/metadata-schemas', json(broken));
    const error = await rejection(testClient({ validation: 'warn' }).metadataSchemas.list(), ResponseValidationError);
    expect(error.issues.map((i) => i.path.join('.'))).toEqual(['schemas.0.properties']);
  });
});

describe('metadataSchemas.get', () => {
  it('GETs /v1/metadata-schemas/{resource}, a custom name encoded once', async () => {
    respond('get', '/v1/metadata-schemas/:resource', json(metadataSchema));
    const schema = await testClient({ validation: 'strict' }).metadataSchemas.get('Payment details');
    expect(seen[0]!.path).toBe('/v1/metadata-schemas/Payment%20details');
    expect(schema.properties.channel?.eq).toEqual(['web', 'pos']);
  });

  it("maps 404 (resource_type 'metadata schema') to NotFoundError", async () => {
    respond(
      'get',
      '/v1/metadata-schemas/nothing',
      json({ code: 404, key: 'not_found', message: 'Resource not found', resource_type: 'metadata schema', resource_id: 'nothing' }, 404),
    );
    await rejection(testClient().metadataSchemas.get('nothing'), NotFoundError);
  });
});
