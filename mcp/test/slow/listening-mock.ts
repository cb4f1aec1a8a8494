// The mock service the slow files' processes reach over HTTP: made once per file, listening on
// 127.0.0.1 from the first test to the last (stopped after them), reset after each test.
import { createMockService, type MockServer, type MockService } from 'promokit/testing';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** A mock service listening for this file's tests; `url()` once they run. */
export function useListeningMock(): { mock: MockService; url: () => string } {
  const mock = createMockService({ now: '2026-03-18T09:30:00Z' });
  let listening: MockServer | undefined;
  beforeAll(async () => {
    listening = await mock.listen();
  });
  afterAll(() => listening?.close());
  afterEach(() => mock.reset());
  return {
    mock,
    url: () => {
      if (!listening) throw new Error('the mock service is not listening yet');
      return listening.url;
    },
  };
}
