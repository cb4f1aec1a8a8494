import { describe, expect, it } from 'vitest';
import type { Issue } from '../../src/core/errors.js';
import { buildQuery, fillPath, isoDateTime } from '../../src/core/inputs.js';

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
