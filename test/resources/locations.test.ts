import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src/index.js';
import { circleLocation, polygonLocation } from '../fixtures/locations.js';
import { json, respond, secrets, seen, testClient, useMockApi } from '../helpers/mock-api.js';
import { refusal, rejection } from './rejections.js';

useMockApi();

describe('locations.get', () => {
  it('GETs /v1/locations/{locationId} and parses a circle', async () => {
    respond('get', '/v1/locations/loc_Kr4kow0ld7own', json(circleLocation));
    const location = await testClient({ validation: 'strict' }).locations.get('loc_Kr4kow0ld7own');
    const req = seen[0]!;
    expect([req.method, req.path, req.search, req.body]).toEqual(['GET', '/v1/locations/loc_Kr4kow0ld7own', '', '']);
    expect(req.headers).toMatchObject({
      'x-app-id': secrets.appId,
      'x-app-token': secrets.appToken,
      authorization: `Bearer ${secrets.accessToken}`,
      accept: 'application/json',
    });
    expect(req.headers['content-type']).toBeUndefined();
    expect(location).toEqual(circleLocation);
    expect(location.shape?.distance?.center).toBe('geo:50.06143,19.93658');
  });

  it('parses a polygon with float coordinates', async () => {
    respond('get', '/v1/locations/loc_Wh4rfD1str1ct', json(polygonLocation));
    const location = await testClient({ validation: 'strict' }).locations.get('loc_Wh4rfD1str1ct');
    expect(location).toEqual(polygonLocation);
    expect(location.shape?.geojson?.type).toBe('Polygon');
  });

  it('encodes an odd location ID once', async () => {
    respond('get', '/v1/locations/:locationId', json(circleLocation));
    await testClient().locations.get('loc_a/b c%?#');
    expect(seen[0]!.path).toBe('/v1/locations/loc_a%2Fb%20c%25%3F%23');
    expect(seen[0]!.search).toBe('');
  });

  it('maps 404 to NotFoundError', async () => {
    respond('get', '/v1/locations/loc_gone', json({ code: 404, key: 'not_found', message: 'Resource not found', resource_type: 'location' }, 404));
    const error = await rejection(testClient().locations.get('loc_gone'), NotFoundError);
    expect(error).toMatchObject({ status: 404, key: 'not_found' });
  });

  it.each(['', '..'])('refuses the location ID %j, with nothing sent', async (id) => {
    const error = await refusal(testClient().locations.get(id));
    expect(error.issues.map((i) => i.path.join('.'))).toEqual(['locationId']);
    expect(seen).toHaveLength(0);
  });
});
