/**
 * The access token function's call, for a client whose `accessToken` is a function: within the
 * call's timeout and signal (a wait that reaches the call's bound abandons the function's
 * refresh, when it is a managed one, so the next call asks again), its failure a
 * `ConfigurationError` naming `accessToken` with the function's error as `cause`. Loaded on first
 * use: a client with a token string never needs it.
 *
 * @module
 */
import { ConfigurationError, describeValue } from './errors.js';
import { isHeaderValue } from './runtime.js';
import { abandonRefresh, bounded, type TokenWait } from './waiting.js';

/**
 * The token `ask` gets from the access token function `source` (asked with the call's
 * credentials, when it is a managed one), within `wait`: a string that can be sent in a header,
 * or a {@link ConfigurationError} naming `accessToken` that says what the function did and what
 * became of the call (`owner` the client's class, for the message).
 */
export async function tokenFromFunction(ask: () => string | Promise<string>, source: object, wait: TokenWait, owner: string): Promise<string> {
  const failed = (what: string, cause?: unknown) =>
    new ConfigurationError(
      'accessToken',
      `${owner}: the accessToken function ${what}; ${wait.again ? 'the call was answered 401 and not sent again' : 'nothing was sent'}`,
      { cause },
    );
  let asked: unknown;
  let token: unknown;
  let late: ConfigurationError | undefined;
  try {
    token = await bounded(
      Promise.resolve().then(() => (asked = ask())),
      wait.timeout,
      wait.signal,
      () => {
        (source as { [abandonRefresh]?: (waitedOn: unknown) => void })[abandonRefresh]?.(asked);
        return (late = failed(`gave no token within ${wait.timeout} ms, the call's timeout`));
      },
    );
  } catch (error) {
    // Only the bound's own error goes on as it is: whatever the function threw is described, its cause.
    if ((late && error === late) || wait.signal?.aborted) throw error;
    throw failed(`failed: ${describeValue(error)}`, error);
  }
  if (typeof token !== 'string' || token === '') throw failed('returned no token');
  if (!isHeaderValue(token)) throw failed('returned a token that is not Latin-1 text without control characters');
  return token;
}
