/**
 * `Transport`: what every server sub-client calls. It turns an operation, the method's positional
 * path parameters and its params object into a call ready for `send` (send.ts): the params
 * checked against the operation's rules, each field routed to the path, the query or the body,
 * the body encoded, the retry policy and response schema chosen.
 *
 * @module
 */
import { callOf, recordCall, safeToRepeat } from './call.js';
import { apiPromise, type APIPromise, type WithResponse } from './pagination.js';
import type { Credentials } from './credentials.js';
import type { PipelineConfig } from './config.js';
import { describeValue, InvalidRequestError, isA, PromokitError, type Issue } from './errors.js';
import { loadChunk } from './lazy.js';
import { goneOr, scrubbedError } from './outcome.js';
import { send } from './send.js';
import type { HttpMethod, ListOperation, Operation, OutgoingCall, RequestOptions } from './call.js';
import { PagePromise, type ListEnvelope, type Paging, type Strategy } from './pagination.js';
import { loadedResponse, loadResponse } from './schema-fast-path.js';
import { buildQuery, fillPath, isRecord, kindOf } from './inputs.js';
import { plainCopy } from './runtime.js';

/** The positional path parameters of a method, by placeholder name: `{ campaignId: 'camp_1' }`. */
export type PathParams = Record<string, string>;

/** The one place server requests are made. Shared by every sub-client of a client. */
export class Transport {
  readonly #config: PipelineConfig & { credentials: Credentials };
  constructor(config: PipelineConfig & { credentials: Credentials }) {
    this.#config = config;
  }

  /**
   * Checks the params, routes and encodes them, and sends the call. Resolves with the parsed body;
   * `.withResponse()` adds the final HTTP response.
   */
  request<T, I>(op: Operation<T, I>, path: PathParams, params: I, options?: RequestOptions): APIPromise<T> {
    return apiPromise(this.#typed(op, this.#send(op, path, params, options)));
  }

  /**
   * The {@link PagePromise} of a list operation: each page one {@link request} with the params of
   * that page, all derived from one plain copy of the caller's params.
   */
  list<R, T, I, B extends object = ListEnvelope>(op: ListOperation<T, I>, path: PathParams, params: I, options?: RequestOptions): PagePromise<R, I, B> {
    const issues: Issue[] = [];
    const snapshot = plainCopy(params, issues) as I;
    if (issues.length > 0) return new PagePromise<R, I, B>(() => Promise.reject(new InvalidRequestError(op.name, issues)), op.name);
    return paginate<R, I, B>(
      op.name,
      snapshot,
      op.paging,
      (pageParams) => this.request(op, path, pageParams, options),
      op.records,
      (error) => this.secured(error),
    );
  }

  /** An error of a list walk's own (a page it cannot read), without a secret of the client in any rendering. */
  secured(error: PromokitError): Promise<PromokitError> {
    return scrubbedError(error, this.#config.credentials.secrets([]));
  }

  async #send<T, I>(op: Operation<T, I>, path: PathParams, params: I, options: RequestOptions | undefined): Promise<WithResponse<T>> {
    const issues: Issue[] = [];
    // The params as plain data, each field read once: the rules and the wire see the same values.
    const snapshot = plainCopy(params, issues);
    if (issues.length === 0 && snapshot !== undefined && !isRecord(snapshot)) {
      // A string here is most often an argument order from another SDK: say the call's shape.
      const shape = `${op.name}(${[...Object.keys(path), '{ …fields }'].join(', ')})`;
      throw new InvalidRequestError(op.name, [
        {
          path: ['params'],
          message: `must be an object of named fields, as in ${shape}; got ${kindOf(snapshot)}${typeof snapshot === 'string' ? ' (the argument order of another SDK?)' : ''}`,
        },
      ]);
    }
    // A value the copy refused (`NaN`, a BigInt) is left out of it: the rules would call it missing.
    const refused = new Set(issues.map((issue) => JSON.stringify(issue.path)));
    const broken: Issue[] = [];
    op.rules?.(snapshot, [], broken);
    for (const issue of broken) if (!refused.has(JSON.stringify(issue.path))) issues.push(issue);
    // What promokit adds to checked params (a session key of its own) is sent and kept alike.
    const sent = op.prepare && issues.length === 0 && isRecord(snapshot) ? op.prepare(snapshot as I) : snapshot;
    // A copy to route from: the params stay whole, beside the call's error.
    const fields: Record<string, unknown> = isRecord(sent) ? { ...sent } : {};
    let target = fillPath(op.path, path, fields, issues);
    let body: Record<string, unknown> | undefined;
    if (op.method === 'GET') {
      target += buildQuery(fields, issues, op.repeated);
    } else {
      // The fields the operation sends in the query string; every other field goes in the body.
      const query: Record<string, unknown> = {};
      for (const name of op.query ?? []) {
        query[name] = fields[name];
        delete fields[name];
      }
      target += buildQuery(query, issues);
      body = fields;
      // An operation that sends no body (a DELETE, enabling a voucher): a field left over would be dropped.
      if (op.encoding === 'none')
        for (const name of Object.keys(fields)) issues.push({ path: [name], message: `is not a field of ${op.name}, which sends no body` });
    }
    if (issues.length > 0) throw new InvalidRequestError(op.name, issues);
    const effect = typeof op.effect === 'function' ? op.effect(sent as I) : op.effect;
    // What its response is checked with: its group's responses module, loaded by the group's first
    // call (none in `off` mode, which checks no body).
    const response = this.#config.validation === 'off' ? undefined : (loadedResponse<T>(op) ?? (await loadResponse(op)));
    const encoded = body && op.encoding !== 'none' ? encode(op.encoding, body) : undefined;
    // The call `send` takes: its retry policy the client's, its schema the one loaded (none: the
    // body unchecked). One object literal, every field in place: it is made for every call.
    let call: OutgoingCall<T> = {
      name: op.name,
      method: op.method,
      auth: op.auth,
      path: target,
      idempotent: safeToRepeat(effect),
      schema: response?.schema ?? { safeParse: (data) => ({ success: true, data: data as T }) },
      body: encoded?.body,
      type: encoded?.type,
      changesState: effect !== 'read',
      effect,
      trace: op.trace,
      // A DELETE answers 204 without a body.
      emptyBody: op.method === 'DELETE',
      input: { path, params: sent },
    };
    // The client's own metadata schemas, when it has them: loaded on first use.
    if (this.#config.schemas)
      call = await (await loadChunk('user-schema-check', () => import('./user-schema-check.js'))).checkedCall(
        this.#config,
        call,
        { request: op.metadataPlaces, response: response?.build },
        options,
      );
    // A DELETE resolves with nothing, whatever body an answer carries; a retried one answered the
    // 404 of its very record too.
    return op.method === 'DELETE'
      ? this.#dispatch(call, options).then(
          ({ response }) => ({ data: undefined as T, response }),
          async (error: unknown) => ({ data: undefined as T, response: await goneOr(error, op.gone, path) }),
        )
      : this.#dispatch(call, options);
  }

  /**
   * `client.request()`'s call, built by custom-request.ts: sent through the pipeline and settled as
   * every call is (`#typed`).
   * @internal
   */
  sendBuilt<T>(call: OutgoingCall<T>, options: RequestOptions | undefined): Promise<WithResponse<T>> {
    return this.#typed(call, this.#dispatch(call, options));
  }

  /**
   * What a call settles with: its error a promokit error without a secret of the client in any
   * rendering, whatever failed (the checks before sending too, with your metadata schemas); an
   * error that is not one (a defect) typed all the same.
   */
  async #typed<T>(op: { name: string; method: HttpMethod }, settling: Promise<T>): Promise<T> {
    try {
      return await settling;
    } catch (thrown) {
      const operation = op.name;
      const error = isA(thrown, PromokitError)
        ? thrown
        : new PromokitError(`${operation}: failed: ${describeValue(thrown)}`, { operation, outcome: 'unknown' }, { cause: thrown });
      // Refused before the pipeline (bad input, your metadata schemas): a record all the same.
      if (!callOf(error)) {
        const { outcome } = error;
        recordCall(error, {
          operation,
          method: op.method,
          attempts: 0,
          phase: outcome === 'not_sent' ? 'unsent' : 'sent',
          status: undefined,
          outcome,
          waitMs: undefined,
        });
      }
      throw await this.secured(error);
    }
  }

  /**
   * Sends a prepared call through the client's pipeline; its error keeps the call beside it, for
   * `retryDecision` and `client.reconcile`. (The browser entry's one call keeps none: its bytes.)
   */
  async #dispatch<T>(call: OutgoingCall<T>, options: RequestOptions | undefined): Promise<WithResponse<T>> {
    const startedAt = new Date();
    const started = performance.now();
    try {
      return await send(this.#config, call, options);
    } catch (error) {
      // The record the pipeline kept, completed with what only the client knows.
      if (callOf(error)) recordCall(error, { trace: call.trace, input: call.input, startedAt, started, via: this });
      throw error;
    }
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

/** An encoded body and its content type. */
export interface Encoded {
  body: string;
  type: string;
}

/** `body` encoded as a form (token introspection) or as JSON. */
export function encode(encoding: 'json' | 'form', body: unknown): Encoded {
  return encoding === 'form'
    ? { body: new URLSearchParams(body as Record<string, string>).toString(), type: 'application/x-www-form-urlencoded' }
    : { body: JSON.stringify(body), type: 'application/json' };
}

/**
 * Builds the {@link PagePromise} of a list method: `load` fetches one page's envelope for the given
 * params; records are read from the attribute `data_ref` names (`recordsKey` when it is absent).
 * `secure` makes an error of the walk's own fit to show (the client's secrets scrubbed from the
 * body it carries). The walk (list-walk.ts) is loaded with the first page: it is here, on the server's side, so that the
 * storefront's entry, which reaches pagination.ts, never reaches the walk.
 */
export function paginate<T, P, B extends object = ListEnvelope>(
  operation: string,
  params: P,
  strategy: Paging<P> | Strategy<P>,
  load: (params: P) => APIPromise<unknown>,
  recordsKey = 'data',
  secure: (error: PromokitError) => Promise<PromokitError> = async (error) => error,
): PagePromise<T, P, B> {
  return new PagePromise<T, P, B>(
    async () =>
      (await loadChunk('list-walk', () => import('./list-walk.js'))).firstPage<T, P, B>({
        operation,
        params,
        strategy,
        load,
        recordsKey,
        secure,
      }),
    operation,
  );
}
