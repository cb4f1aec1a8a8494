/**
 * Events that must outlive the page: `track(params, { keepalive: true })` hands fetch a request
 * with `keepalive`; `keepaliveWhenHidden` does so for every event once the page is hidden; either
 * way an event sent from a hidden page is never retried (no retry can run on a page that is gone),
 * and a body over 64 KiB, the browsers' cap for keepalive, is refused before anything is sent.
 * Over a stand-in fetch, with `document.visibilityState` stubbed; the real browser is
 * test/browser/keepalive.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientEvents, InvalidRequestError, RateLimitError, type ClientEventsOptions } from '../../src/index.js';
import { clientKeys } from '../helpers/keys.js';
import { recordingFetch, type Recorder } from '../helpers/recorder.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ack = { object: 'event', type: 'page_left', customer: { id: 'cust_1', object: 'customer' }, referral: null, loyalty: null, metadata: {} };
const event = { event: 'page_left', customer: { source_id: 'c-1' } };
/** The service refuses the first event with a 429 (retried at once), then acknowledges. */
const rateLimitedOnce = (_: unknown, n: number) => (n === 1 ? { status: 429, headers: { 'retry-after': '0' }, body: { code: 429 } } : { body: ack });

function eventsFor(recorder: Recorder, options: ClientEventsOptions = {}): ClientEvents {
  return new ClientEvents({ baseUrl: recorder.url, ...clientKeys, fetch: recorder.fetch, maxRetryDelay: 0, logLevel: 'off', ...options });
}

const page = (visibilityState: 'visible' | 'hidden') => vi.stubGlobal('document', { visibilityState });
const keptAlive = (recorder: Recorder) => recorder.sent.map((s) => s.request!.keepalive);

describe('track(params, { keepalive: true })', () => {
  it('hands fetch a keepalive request; on a visible page a 429 is still retried, with keepalive', async () => {
    page('visible');
    const recorder = recordingFetch(rateLimitedOnce);
    expect(await eventsFor(recorder).track(event, { keepalive: true })).toEqual(ack);
    expect(keptAlive(recorder)).toEqual([true, true]);
  });

  it('from a hidden page: keepalive, sent once, a 429 not retried', async () => {
    page('hidden');
    const recorder = recordingFetch(rateLimitedOnce);
    await expect(eventsFor(recorder).track(event, { keepalive: true })).rejects.toBeInstanceOf(RateLimitError);
    expect(keptAlive(recorder)).toEqual([true]);
  });

  it('without it, an event is sent as usual: no keepalive', async () => {
    const recorder = recordingFetch(() => ({ body: ack }));
    await eventsFor(recorder).track(event);
    expect(keptAlive(recorder)).toEqual([false]);
  });
});

describe('keepaliveWhenHidden', () => {
  it('on a visible page: no keepalive, a 429 retried', async () => {
    page('visible');
    const recorder = recordingFetch(rateLimitedOnce);
    expect(await eventsFor(recorder, { keepaliveWhenHidden: true }).track(event)).toEqual(ack);
    expect(keptAlive(recorder)).toEqual([false, false]);
  });

  it('once the page is hidden: every event with keepalive, sent once', async () => {
    page('hidden');
    const recorder = recordingFetch(rateLimitedOnce);
    const events = eventsFor(recorder, { keepaliveWhenHidden: true });
    await expect(events.track(event)).rejects.toBeInstanceOf(RateLimitError);
    await events.track(event);
    expect(keptAlive(recorder)).toEqual([true, true]);
  });

  it('off (the default), a hidden page changes nothing: no keepalive, a 429 retried', async () => {
    page('hidden');
    const recorder = recordingFetch(rateLimitedOnce);
    expect(await eventsFor(recorder).track(event)).toEqual(ack);
    expect(keptAlive(recorder)).toEqual([false, false]);
  });
});

describe('the 64 KiB cap of keepalive bodies', () => {
  /** An event whose JSON body is exactly `bytes` long. */
  function eventOf(bytes: number) {
    const base = JSON.stringify({ ...event, metadata: { pad: '' } }).length;
    return { ...event, metadata: { pad: 'x'.repeat(bytes - base) } };
  }

  it('a body of 65,536 bytes is sent; one byte more is refused with InvalidRequestError, nothing sent', async () => {
    const recorder = recordingFetch(() => ({ body: ack }));
    const events = eventsFor(recorder);
    await events.track(eventOf(65_536), { keepalive: true });
    expect(recorder.sent[0]!.body).toHaveLength(65_536);
    const error = await events.track(eventOf(65_537), { keepalive: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as Error).message).toContain('65536 bytes');
    expect(error).toMatchObject({ outcome: 'not_sent' });
    expect(recorder.sent).toHaveLength(1);
  });

  it('counts bytes, not characters: 2-byte characters reach the cap at half the length', async () => {
    const recorder = recordingFetch(() => ({ body: ack }));
    const wide = { ...event, metadata: { pad: 'é'.repeat(33_000) } };
    await expect(eventsFor(recorder).track(wide, { keepalive: true })).rejects.toBeInstanceOf(InvalidRequestError);
    expect(recorder.sent).toHaveLength(0);
  });

  it('applies to keepaliveWhenHidden on a hidden page too; without keepalive a larger body is sent', async () => {
    page('hidden');
    const recorder = recordingFetch(() => ({ body: ack }));
    await expect(eventsFor(recorder, { keepaliveWhenHidden: true }).track(eventOf(70_000))).rejects.toBeInstanceOf(InvalidRequestError);
    await eventsFor(recorder).track(eventOf(70_000));
    expect(recorder.sent.map((s) => s.body.length)).toEqual([70_000]);
  });
});
