/**
 * Routes: each operation's method, path template, authentication group and handler, and the
 * matching of a request path against them.
 *
 * @module
 */
import type { MockAuthGroup } from './auth.js';
import type { MockRequest } from './http.js';
import type { MockState, Rec } from './store.js';
import type { OperationName } from '../index.js';

/**
 * The SDK method an operation of the mock belongs to, e.g. `'loyalties.redeemReward'`: every
 * operation promokit types (`OperationName`), each answered by the mock.
 *
 * @useDeclaredType
 */
export type MockOperation = OperationName;

/** One route of the mock service: a method and path of an operation, and how it answers. */
export interface MockHandler {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path template, e.g. `/v1/vouchers/{code}/validate`. */
  path: string;
  auth: MockAuthGroup;
  /**
   * Answers with the JSON body of a 200 (or `undefined` for a 204 without a body), or throws
   * `MockHttpError`.
   */
  handle(state: MockState, request: MockRequest): Rec | undefined;
}

/** Part of the mock's handler table: routes by operation (two for an operation with two paths). */
export type MockHandlers = { readonly [N in MockOperation]?: MockHandler | readonly MockHandler[] };

/** One operation of the mock service, with the SDK method that calls it. */
export interface Route extends MockHandler {
  /** The SDK method that calls it, for the request log. */
  name: MockOperation;
}

/** What {@link matchRoute} matches: a method and a path template. */
export interface Routable {
  method: string;
  path: string;
}

/** The route a request matches, with its decoded path parameters. */
export type Match<R extends Routable = Route> = { route: R; params: Record<string, string> } | { allowed: string[] } | undefined;

/**
 * Finds the route for `method path`. When several match, the most specific wins: the one with a
 * fixed segment where the others have a placeholder, comparing from the left (so
 * `/v1/loyalties/members/{memberId}` wins over `/v1/loyalties/{campaignId}/members/{memberId}`).
 * A path that matches only with another method yields the methods it allows (for a 405); no
 * match at all yields `undefined` (a 404).
 */
export function matchRoute<R extends Routable>(routes: readonly R[], method: string, path: string): Match<R> {
  const segments = path.split('/');
  const allowed = new Set<string>();
  let best: { route: R; params: Record<string, string> } | undefined;
  for (const route of routes) {
    const params = matchPath(route.path, segments);
    if (!params) continue;
    if (route.method !== method) allowed.add(route.method);
    else if (!best || moreSpecific(route.path, best.route.path)) best = { route, params };
  }
  if (best) return best;
  return allowed.size > 0 ? { allowed: [...allowed] } : undefined;
}

/** True when template `a` has a fixed segment where `b` has a placeholder, before the reverse. */
function moreSpecific(a: string, b: string): boolean {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < left.length; i++) {
    const fixedLeft = !left[i]!.startsWith('{');
    const fixedRight = !(right[i] ?? '{').startsWith('{');
    if (fixedLeft !== fixedRight) return fixedLeft;
  }
  return false;
}

function matchPath(template: string, segments: string[]): Record<string, string> | undefined {
  const parts = template.split('/');
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const segment = segments[i]!;
    if (part.startsWith('{')) {
      if (segment === '') return undefined;
      try {
        params[part.slice(1, -1)] = decodeURIComponent(segment);
      } catch {
        return undefined;
      }
    } else if (part !== segment) {
      return undefined;
    }
  }
  return params;
}
