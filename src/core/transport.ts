/**
 * `Transport`: what every server sub-client calls. It turns an operation, the method's positional
 * path parameters and its params object into a call ready for `send` (http.ts): the params
 * checked against the operation's rules, each field routed to the path, the query or the body,
 * the body encoded, the retry policy and response schema chosen.
 *
 * @module
 */
import type { RetryOptions } from 'ky';
import { apiPromise, type APIPromise, type WithResponse } from './api-promise.js';
import type { Credentials } from './auth.js';
import type { PipelineConfig } from './config.js';
import { InvalidRequestError, type Issue } from './errors.js';
import { send } from './http.js';
import type { ListOperation, Operation, OutgoingCall, RequestOptions } from './operation.js';
import { paginate, type PagePromise } from './pagination.js';
import { retryPolicyFor } from './retry.js';
import { responseSchemaOf } from './schema-fast-path.js';
import { buildQuery, fillPath } from './url.js';

/** The positional path parameters of a method, by placeholder name: `{ campaignId: 'camp_1' }`. */
export type PathParams = Record<string, string>;

/** The one place server requests are made. Shared by every sub-client of a client. */
export class Transport {
  readonly #config: PipelineConfig & { credentials: Credentials };
  /** The two retry policies, built once per client: for calls that may be sent twice, and for the others. */
  readonly #policies: { idempotent: RetryOptions; once: RetryOptions };
  /** The response fields each operation decides on, by operation name (the tolerance policy). */
  readonly #essentials: Readonly<Record<string, readonly string[]>>;

  constructor(config: PipelineConfig & { credentials: Credentials }, essentials: Readonly<Record<string, readonly string[]>> = {}) {
    this.#config = config;
    this.#policies = { idempotent: retryPolicyFor(true, config), once: retryPolicyFor(false, config) };
    this.#essentials = essentials;
  }

  /**
   * Checks the params, routes and encodes them, and sends the call. Resolves with the parsed body;
   * `.withResponse()` adds the final HTTP response.
   */
  request<T, I>(op: Operation<T, I>, path: PathParams, params: I, options: RequestOptions = {}): APIPromise<T> {
    return apiPromise(this.#send(op, path, params, options));
  }

  /** The {@link PagePromise} of a list operation: each page one {@link request} with the params of that page. */
  list<R, T, I>(op: ListOperation<T, I>, path: PathParams, params: I, options?: RequestOptions): PagePromise<R, I> {
    return paginate<R, I>(op.name, params, op.paging, (pageParams) => this.request(op, path, pageParams, options), op.records);
  }

  async #send<T, I>(op: Operation<T, I>, path: PathParams, params: I, options: RequestOptions): Promise<WithResponse<T>> {
    const issues: Issue[] = [];
    op.rules?.(params, [], issues);
    // A copy to route from: the caller's params object is never changed.
    const fields: Record<string, unknown> = { ...(params as Record<string, unknown>) };
    const target = fillPath(op.path, path, fields, issues);
    const idempotent = typeof op.idempotent === 'function' ? op.idempotent(params) : op.idempotent;
    const call: { -readonly [K in keyof OutgoingCall<T>]: OutgoingCall<T>[K] } = {
      name: op.name,
      method: op.method,
      auth: op.auth,
      path: target,
      idempotent,
      retry: idempotent ? this.#policies.idempotent : this.#policies.once,
      schema: responseSchemaOf(op),
      essentials: this.#essentials[op.name],
    };
    if (op.method === 'GET') {
      call.path += buildQuery(fields, issues);
    } else {
      // The fields the operation sends in the query string; every other field goes in the body.
      const query: Record<string, unknown> = {};
      for (const name of op.query ?? []) {
        query[name] = fields[name];
        delete fields[name];
      }
      call.path += buildQuery(query, issues);
      const form = op.encoding === 'form';
      call.body = form ? new URLSearchParams(fields as Record<string, string>).toString() : JSON.stringify(fields);
      call.type = form ? 'application/x-www-form-urlencoded' : 'application/json';
    }
    if (issues.length > 0) throw new InvalidRequestError(op.name, issues);
    return send(this.#config, call, options);
  }

  /** A one-line description of the settings, without any secret. */
  describe(): string {
    return `Transport { baseUrl: ${JSON.stringify(this.#config.baseUrl)}, validation: '${this.#config.validation}', credentials: ${this.#config.credentials.describe()} }`;
  }

  /** Serialises without secrets. */
  toJSON(): Record<string, unknown> {
    return { baseUrl: this.#config.baseUrl, validation: this.#config.validation };
  }
}
