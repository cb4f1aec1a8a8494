/**
 * The response schema of `client.clientEvents.track`, for the registry (registry.ts), which checks
 * it against the operation. `ClientEvents` checks its answers with the schema itself (it builds its
 * call without the server's pipeline): nothing loads this module.
 *
 * @module
 */
import type { ResponseTable } from '../core/call.js';
import { eventAcknowledgmentSchema } from '../schemas/event.js';

/** The response schema of `client.clientEvents`'s operation, by name. */
export const clientEventResponses = {
  'clientEvents.track': eventAcknowledgmentSchema,
} satisfies ResponseTable;
