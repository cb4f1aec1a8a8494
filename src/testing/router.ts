/**
 * Routes: each operation's method, path template, authentication group and handler, and the
 * matching of a request path against them.
 *
 * @module
 */
import type { MockAuthGroup } from './auth.js';
import type { MockRequest } from './http.js';
import type { MockState, Rec } from './store.js';

/**
 * The SDK method of every operation the mock answers, as `mock.requests` logs it and
 * `mock.inject({ operation })` names it.
 */
export const mockOperations = [
  'oauth.introspect',
  'loyalties.getMember',
  'loyalties.listPendingPoints',
  'loyalties.redeemReward',
  'loyalties.listTransactions',
  'loyalties.listRewardAssignments',
  'vouchers.create',
  'vouchers.validate',
  'templates.list',
  'templates.setupPromotionTier',
  'promotions.createTier',
  'promotions.updateStack',
  'redemptions.rollbackStackable',
  'orders.create',
  'publications.create',
  'customers.listRedeemables',
  'rewards.listAssignments',
  'asyncActions.get',
  'asyncActions.list',
  'locations.get',
  'clientEvents.track',
] as const;

/**
 * The SDK method an operation of the mock belongs to, e.g. `'loyalties.redeemReward'`.
 *
 * @useDeclaredType
 */
export type MockOperation = (typeof mockOperations)[number];

/** One operation of the mock service. */
export interface Route {
  /** The SDK method that calls it, for the request log. */
  name: MockOperation;
  method: 'GET' | 'POST' | 'PUT';
  /** Path template, e.g. `/v1/vouchers/{code}/validate`. */
  path: string;
  auth: MockAuthGroup;
  /** Answers with the JSON body of a 200, or throws `MockHttpError`. */
  handle(state: MockState, request: MockRequest): Rec;
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
