import { describe, expect, it } from 'vitest';
import type { Issue } from '../../src/core/errors.js';
import { buildQuery, fillPath, identity, integer, isoDateTime, text } from '../../src/core/inputs.js';

function issuesOf(check: (v: unknown, p: Array<string | number>, i: Issue[]) => void, value: unknown): Issue[] {
  const issues: Issue[] = [];
  check(value, ['when'], issues);
  return issues;
}

describe('isoDateTime', () => {
  it.each(['2026-11-22', '2026-11-22T10:00:00Z', '2026-11-22T10:00Z', '2026-11-22T10:00:00.123+02:00', '2028-02-29T00:00:00Z'])('accepts %s', (value) => {
    expect(issuesOf(isoDateTime(), value)).toEqual([]);
  });

  it.each(['2026-02-30', '2026-02-29T10:00:00Z', '2026-13-01', '22/11/2026', 'yesterday', '2026-11-22T25:00:00Z', ''])('refuses %j', (value) => {
    expect(issuesOf(isoDateTime(), value)).toEqual([{ path: ['when'], message: expect.stringContaining('ISO 8601') }]);
  });

  it('with time required refuses a plain date and accepts a Date', () => {
    expect(issuesOf(isoDateTime({ time: 'required' }), '2026-11-22')).toHaveLength(1);
    expect(issuesOf(isoDateTime({ time: 'required' }), new Date())).toEqual([]);
    expect(issuesOf(isoDateTime(), new Date(Number.NaN))).toHaveLength(1);
  });
});

describe('text that cannot be encoded', () => {
  it('a lone surrogate in a path value is an issue under its name, not a URIError', () => {
    const issues: Issue[] = [];
    fillPath('/v1/vouchers/{code}', { code: 'bad\uD800' }, {}, issues);
    expect(issues).toEqual([{ path: ['code'], message: expect.stringContaining('lone surrogate') }]);
  });

  it('a lone surrogate in a query value is an issue under its field path', () => {
    const issues: Issue[] = [];
    buildQuery({ filters: { id: { conditions: { $is: '\uDC00' } } } }, issues);
    expect(issues).toEqual([{ path: ['filters', 'id', 'conditions', '$is'], message: expect.stringContaining('lone surrogate') }]);
  });
});

describe('bounds in words', () => {
  const lows = [Number.NEGATIVE_INFINITY, -5, 0, 1, 3];
  const highs = [1, 3, 12, Number.POSITIVE_INFINITY];
  const pairs = lows.flatMap((min) => highs.filter((max) => max >= min).map((max) => [min, max] as const));

  // Every pair of bounds, each broken from below and from above where it can be: the message says
  // the bound in words and never names Infinity.
  it.each(pairs)('integer(%s, %s)', (min, max) => {
    const expected =
      min === Number.NEGATIVE_INFINITY
        ? `must be ${max} or less`
        : max === Number.POSITIVE_INFINITY
          ? `must be ${min} or more`
          : `must be between ${min} and ${max}`;
    const outside = [Number.isFinite(min) ? min - 1 : undefined, Number.isFinite(max) ? max + 1 : undefined].filter((v) => v !== undefined);
    for (const value of outside) expect(issuesOf(integer(min, max), value).map((i) => i.message)).toEqual([expected]);
  });

  it.each(pairs.filter(([min]) => min >= 0))('text(%s, %s)', (min, max) => {
    const chars = (n: number) => `${n} character${n === 1 ? '' : 's'}`;
    const expected =
      min === max
        ? `must be ${chars(min)} long`
        : max === Number.POSITIVE_INFINITY
          ? `must be at least ${chars(min)} long`
          : min === 0
            ? `must be at most ${chars(max)} long`
            : `must be ${min} to ${chars(max)} long`;
    const outside = [min > 0 ? 'x'.repeat(min - 1) : undefined, Number.isFinite(max) ? 'x'.repeat(max + 1) : undefined].filter((v) => v !== undefined);
    for (const value of outside) {
      const messages = issuesOf(text(min, max), value).map((i) => i.message);
      expect(messages).toEqual([expected]);
      expect(messages.join()).not.toMatch(/Infinity/);
    }
  });
});

describe('identity', () => {
  const spaces = [' ', '\t', '\n', '\r', '\u00a0', '\u2028', '\u2029', '\u3000', '\ufeff'];

  it.each(spaces)('refuses an identity of only %j, and of three of them, as blank', (space) => {
    for (const value of [space, space.repeat(3)]) {
      expect(issuesOf(identity(), value)).toEqual([{ path: ['when'], message: 'must not be blank (it holds only spaces)' }]);
      expect(issuesOf(identity({ trimmed: true }), value)).toEqual([{ path: ['when'], message: 'must not be blank (it holds only spaces)' }]);
    }
  });

  it.each(spaces)('with trimmed, refuses %j at either end; without, takes it', (space) => {
    for (const value of [`${space}A`, `A${space}`, `${space}A${space}`]) {
      expect(issuesOf(identity({ trimmed: true }), value).map((i) => i.message)).toEqual([
        'must not start or end with spaces (the service may read it as another code or ID, or as the same one)',
      ]);
      expect(issuesOf(identity(), value)).toEqual([]);
    }
    expect(issuesOf(identity({ trimmed: true }), `A${space}B`)).toEqual([]);
  });

  it('refuses the empty string and what is no string as text does', () => {
    expect(issuesOf(identity(), '').map((i) => i.message)).toEqual(['must be at least 1 character long']);
    expect(issuesOf(identity(), 7).map((i) => i.message)).toEqual(['must be a string']);
    expect(issuesOf(identity(), undefined)).toEqual([]);
  });
});
