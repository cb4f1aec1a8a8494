import { describe, expect, it } from 'vitest';
import { NotFoundError, PaginationLimitError, PermissionDeniedError } from '../../src/index.js';
import { campaign, campaignList } from '../fixtures/every-field.js';
import { json, respond, secrets, seen, testClient, useMockApi } from '../helpers/mock-api.js';
import { refusal, rejection } from './rejections.js';

useMockApi();

describe('campaigns.get', () => {
  it('GETs /v1/campaigns/{campaignId} with the server keys and parses every field', async () => {
    respond('get', '/v1/campaigns/camp_JlsseNSDO7l4neFtev6p6945', json(campaign));
    const read = await testClient({ validation: 'strict' }).campaigns.get('camp_JlsseNSDO7l4neFtev6p6945');
    const req = seen[0]!;
    expect([req.method, req.path, req.search, req.body]).toEqual(['GET', '/v1/campaigns/camp_JlsseNSDO7l4neFtev6p6945', '', '']);
    expect(req.headers).toMatchObject({ 'x-app-id': secrets.appId, 'x-app-token': secrets.appToken, authorization: `Bearer ${secrets.accessToken}` });
    expect(read).toEqual(campaign);
    expect(read.promotion?.tiers?.[0]?.id).toBe('promo_2Qm7Ra0LpXc');
    expect(read.voucher?.code_config?.pattern).toBe('20OFF-########-X');
  });

  it("reads a campaign by a name with spaces, '$' and '%', sent as one percent-encoded segment", async () => {
    respond('get', '/v1/campaigns/:campaignId', json(campaign));
    await testClient().campaigns.get('3% OFF $20 / Entire Order?');
    expect(seen[0]!.path).toBe('/v1/campaigns/3%25%20OFF%20%2420%20%2F%20Entire%20Order%3F');
    expect(seen[0]!.search).toBe('');
  });

  it('parses a campaign without categories, null dates and statuses it does not know, in strict mode', async () => {
    const { categories: _c, ...withoutCategories } = campaign;
    const answer = { ...withoutCategories, start_date: null, creation_status: 'ARCHIVED', type: 'BULK', campaign_type: 'SOMETHING_NEW', promotion: null };
    respond('get', '/v1/campaigns/:campaignId', json(answer));
    const read = await testClient({ validation: 'strict' }).campaigns.get('camp_1');
    expect(read).toEqual(answer);
  });

  it('maps 403 to PermissionDeniedError and 404 to NotFoundError', async () => {
    respond('get', '/v1/campaigns/camp_elsewhere', json({ code: 403, key: 'forbidden', message: 'Forbidden', resource_type: 'campaign' }, 403));
    respond('get', '/v1/campaigns/camp_gone', json({ code: 404, key: 'not_found', message: 'Resource not found', resource_type: 'campaign' }, 404));
    expect(await rejection(testClient().campaigns.get('camp_elsewhere'), PermissionDeniedError)).toMatchObject({ status: 403, key: 'forbidden' });
    expect(await rejection(testClient().campaigns.get('camp_gone'), NotFoundError)).toMatchObject({ status: 404, key: 'not_found' });
  });

  it.each(['', '.', '..'])('refuses the campaign ID %j, with nothing sent', async (id) => {
    const error = await refusal(testClient().campaigns.get(id));
    expect(error.issues.map((i) => i.path.join('.'))).toEqual(['campaignId']);
    expect(seen).toHaveLength(0);
  });
});

describe('campaigns.list', () => {
  it('GETs /v1/campaigns with every filter in the query, and reads the records under campaigns', async () => {
    respond('get', '/v1/campaigns', json(campaignList));
    const page = await testClient({ validation: 'strict' }).campaigns.list({
      limit: 5,
      page: 2,
      campaign_type: 'GIFT_VOUCHERS',
      expand: 'category',
      campaign_status: 'DONE',
      is_referral_code: false,
      order: 'updated_at',
      filters: { campaigns: { conditions: { $is: 'Gift Cards' } }, active: { conditions: { $enabled: '' } } },
      access_settings: { filter: { areas_ids: ['ar_1'] } },
    });
    const req = seen[0]!;
    expect([req.method, req.path, req.body]).toEqual(['GET', '/v1/campaigns', '']);
    expect(new URLSearchParams(req.search).toString().split('&').map(decodeURIComponent)).toEqual([
      'limit=5',
      'page=2',
      'campaign_type=GIFT_VOUCHERS',
      'expand=category',
      'campaign_status=DONE',
      'is_referral_code=false',
      'order=updated_at',
      'filters[campaigns][conditions][$is]=Gift Cards'.replace(' ', '+'),
      'filters[active][conditions][$enabled]=',
      'access_settings[filter][areas_ids][0]=ar_1',
    ]);
    expect(page.data).toEqual(campaignList.campaigns);
    expect(page.total).toBe(1);
  });

  it('walks page by page to page 100 and stops there', async () => {
    respond('get', '/v1/campaigns', () =>
      json({ ...campaignList, campaigns: [{ ...campaignList.campaigns[0]!, id: `camp_${seen.at(-1)!.query.page}` }], total: 1_000 }),
    );
    const pages = testClient().campaigns.list({ limit: 1, page: 99 }).pages();
    expect((await pages.next()).value?.data[0]?.id).toBe('camp_99');
    expect((await pages.next()).value?.data[0]?.id).toBe('camp_100');
    await expect(pages.next()).rejects.toBeInstanceOf(PaginationLimitError);
  });

  it('without total, walks until a page past the end answers an empty list', async () => {
    respond('get', '/v1/campaigns', () =>
      json({ ...campaignList, total: undefined, campaigns: seen.at(-1)!.query.page === '1' ? campaignList.campaigns : [] }),
    );
    expect(await testClient().campaigns.list({ limit: 5, page: 1 }).toArray()).toEqual(campaignList.campaigns);
    expect(seen.map((r) => r.query.page)).toEqual(['1', '2']);
  });

  it.each([
    [{ page: 101 }, 'page'],
    [{ limit: 0 }, 'limit'],
    [{ campaign_type: 'GIFT_VOUCHER' }, 'campaign_type'],
    [{ campaign_status: 'done' }, 'campaign_status'],
    [{ expand: 'categories' }, 'expand'],
    [{ is_referral_code: 'true' }, 'is_referral_code'],
    [{ order: 'name' }, 'order'],
    [{ filters: 'active' }, 'filters'],
    [{ access_settings: ['ar_1'] }, 'access_settings'],
  ])('refuses %j naming %s, with nothing sent', async (params, field) => {
    const error = await refusal(testClient().campaigns.list(params as never));
    expect(error.issues.map((i) => i.path.join('.'))).toEqual([field]);
    expect(seen).toHaveLength(0);
  });
});
