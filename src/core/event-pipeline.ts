/**
 * The whole request pipeline for a `ClientEvents` of its own, loaded on first use: by a client
 * with an option the storefront's send path (storefront-send.ts) leaves to it (`hooks`,
 * `fetchOptions`, an `accessToken` function, `logLevel` `info` or `debug`, `metadataSchemas` or
 * `eventSchemas`) or a call with `fetchOptions` of its own, and by an acknowledgment that breaks
 * its schema or a client in `strict` mode, for its check and its warning. It sends as the server `Client`'s `clientEvents` does (send.ts), with the settings and
 * the credentials of the `ClientEvents`.
 *
 * @module
 */
import type { OutgoingCall, RequestOptions } from './call.js';
import { pipelineConfig, type CommonOptions } from './config.js';
import { ClientCredentials, type CredentialSettings } from './credentials.js';
import { loadChunk } from './lazy.js';
import { checkResponse } from './outcome.js';
import type { WithResponse } from './pagination.js';
import type { ResponseSchema } from './responses.js';
import { send } from './send.js';
import { acknowledgmentCheck } from './event-acknowledgment.js';

/** The pipeline of one `ClientEvents`: how it sends an event, and how it checks an acknowledgment. */
export interface EventPipeline {
  /** Sends `call` with the whole pipeline (its client's own schemas checked first, when it has them). */
  send<T>(call: OutgoingCall<T>, options: unknown): Promise<WithResponse<T>>;
  /**
   * `body`, the acknowledgment of a call sent, checked against `schema` in the client's validation
   * mode: returned, or a `ResponseValidationError`; a deviation `warn` returns is logged once.
   */
  check<T>(operation: string, schema: ResponseSchema<T>, body: unknown): Promise<T>;
}

/**
 * The pipeline of a `ClientEvents` built from its options (copied and checked) and its client-side
 * credential settings: one log and one record of deviations for all its calls.
 */
export function eventPipeline(options: CommonOptions, settings: CredentialSettings): EventPipeline {
  const config = pipelineConfig(options, new ClientCredentials(settings, 'ClientEvents'), 'ClientEvents');
  // Its calls are `track`'s: their acknowledgment checked with its schema, issues and all (a
  // browser's call carries a check that says whether it matches alone, runtime.browser.ts).
  const schema = acknowledgmentCheck();
  return {
    send: async (call, given) => {
      const checked = { ...call, schema } as typeof call;
      return config.schemas
        ? (await loadChunk('user-schema-check', () => import('./user-schema-check.js'))).sendEvent(config, checked, given as RequestOptions | undefined)
        : send(config, checked, given);
    },
    check: (operation, _schema, body) => checkResponse(config.validation, operation, schema as ResponseSchema<never>, body, config.log, config.deviations),
  };
}
