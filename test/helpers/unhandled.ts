/**
 * Fails a test file that leaves an unhandled rejection behind: every one is kept while its tests
 * run, and the file's last hook expects none.
 */
import { afterAll, expect } from 'vitest';

/** Listens for unhandled rejections for the whole file; its `afterAll` expects none. Returns those seen so far. */
export function noUnhandledRejections(): unknown[] {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  afterAll(() => {
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
  });
  return unhandled;
}
