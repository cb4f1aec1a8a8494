/**
 * Credentials and the authentication headers of each endpoint group. Secrets live in private
 * fields: `util.inspect`, `JSON.stringify` and logs never see them.
 *
 * @module
 */
import { ConfigurationError } from './errors.js';
import { envHint, envName, isBrowser } from './env.js';
import type { OptionCheck } from './option-check.js';
import { isHeaderValue } from './headers.js';
import { checkCredentialValues } from './headers.js';
import { bounded } from './waiting.js';

/**
 * Which headers an endpoint needs:
 * - `app`: `X-App-Id` + `X-App-Token` (token introspection);
 * - `server`: those plus `Authorization: Bearer <accessToken>` (every other `/v1` endpoint);
 * - `client`: `X-Client-Application-Id` + `X-Client-Token`, `Authorization` when an access token
 *   is configured, and `origin` outside browsers (`/client/v1/events`).
 *
 * `client.request({ auth })` names the group of an endpoint promokit does not wrap.
 * @category Client
 */
export type AuthGroup = 'app' | 'server' | 'client';

/**
 * An access token, or a function returning one; called once per request so tokens can be refreshed.
 *
 * Refreshing tokens: [Authentication and tokens](../../docs/authentication.md).
 *
 * @category Client
 */
export type AccessToken = string | (() => string | Promise<string>);

/** How long the access token function may take, and the caller's signal: the call's own bounds. */
export interface TokenWait {
  /** Milliseconds: the call's timeout. */
  timeout: number;
  /** The caller's signal. */
  signal?: AbortSignal | undefined;
}

/** The credential settings; any may be absent until a request needs it. */
export interface CredentialSettings {
  appId?: string | undefined;
  appToken?: string | undefined;
  accessToken?: AccessToken | undefined;
  clientApplicationId?: string | undefined;
  clientToken?: string | undefined;
  origin?: string | undefined;
}

/** A setting that may fall back to an environment variable. */
export type SettingName = keyof CredentialSettings | 'baseUrl';

/**
 * Credential settings and the headers of the `client` group (`/client/v1/events`), the only group
 * the browser entry needs. {@link Credentials} adds the server groups.
 */
export class ClientCredentials {
  readonly #settings: CredentialSettings;
  readonly #owner: string;

  constructor(settings: CredentialSettings, owner = 'Client') {
    this.#settings = { ...settings };
    this.#owner = owner;
  }

  /** Checks every credential given is a string that can be sent in a header (no CR, LF or NUL). */
  check(check: OptionCheck): void {
    checkCredentialValues(this.#settings, check);
  }

  /**
   * True when a 401 to a call of `group` may be cured by asking the access token function again.
   * The browser entry's credentials never say so (a storefront's events carry client-side keys);
   * the server `Client`'s do ({@link Credentials}).
   */
  refreshable(_group: AuthGroup): boolean {
    return false;
  }

  /** Tells the access token function that a token was refused; see {@link Credentials.expire}. */
  expire(_authorization: string | undefined): void {}

  /** What to check after a 401: the credentials given to the client. */
  advice(_group: AuthGroup): string {
    return `check the credentials given to new ${this.#owner}()`;
  }

  /**
   * `text` with the secrets of these credentials scrubbed out. Client-side keys are no secret
   * (every visitor's browser holds them), so there is nothing to scrub here; the server's
   * {@link Credentials} scrub its app token and access token.
   */
  scrub(text: string): string {
    return text;
  }

  /** The error for a missing setting, naming the option and its environment variable. */
  missing(option: SettingName): ConfigurationError {
    return new ConfigurationError(
      option,
      `${this.#owner}: the ${option} option is required for this request; pass it to new ${this.#owner}({ ${option} })${envHint(option)}`,
    );
  }

  /**
   * The headers of the `client` group: `X-Client-Application-Id`, `X-Client-Token`, `Authorization`
   * when an access token is configured, and `origin` outside browsers. Throws
   * {@link ConfigurationError} if a setting is missing.
   */
  async headersFor(_group: AuthGroup, wait: TokenWait): Promise<Record<string, string>> {
    const headers: Record<string, string> = {
      'x-client-application-id': this.setting('clientApplicationId'),
      'x-client-token': this.setting('clientToken'),
    };
    if (this.#settings.accessToken !== undefined) headers.authorization = `Bearer ${await this.accessToken(wait)}`;
    // A browser sends Origin itself and forbids scripts to set it.
    if (!isBrowser()) headers.origin = this.setting('origin');
    return headers;
  }

  /**
   * The access token, calling the token function if one is configured: within the call's timeout
   * and signal, its failure a {@link ConfigurationError} naming `accessToken` with the function's
   * error as `cause`.
   */
  protected async accessToken(wait: TokenWait): Promise<string> {
    const source = this.#settings.accessToken;
    if (typeof source !== 'function') {
      if (typeof source !== 'string' || source === '') throw this.missing('accessToken');
      return source;
    }
    const failed = (what: string, cause?: unknown) => new ConfigurationError('accessToken', `${this.#owner}: the accessToken function ${what}; nothing was sent`, { cause });
    let token: unknown;
    try {
      token = await bounded(Promise.resolve().then(source), wait.timeout, wait.signal, () => failed(`gave no token within ${wait.timeout} ms, the call's timeout`));
    } catch (error) {
      if (error instanceof ConfigurationError || wait.signal?.aborted) throw error;
      throw failed(`failed: ${error instanceof Error ? error.message : String(error)}`, error);
    }
    if (typeof token !== 'string' || token === '') throw failed('returned no token');
    if (!isHeaderValue(token)) throw failed('returned a token with CR, LF or NUL');
    this.tokenSeen(token);
    return token;
  }

  /** Hears of each token the access token function returns (the server's credentials keep the last, to scrub it). */
  protected tokenSeen(_token: string): void {}

  /** A string setting that the request needs; throws {@link ConfigurationError} when it is absent. */
  protected setting(option: Exclude<keyof CredentialSettings, 'accessToken'>): string {
    const value = this.#settings[option];
    if (typeof value !== 'string' || value === '') throw this.missing(option);
    return value;
  }

  // No `[inspectSymbol]`/`toJSON`/`describe`: the settings are private fields, which neither
  // `util.inspect` nor `JSON.stringify` shows, and every method here is in every browser bundle.
}

/** The settings of the server `Client`: the `app` and `server` groups, and the `client` group it inherits. */
export class Credentials extends ClientCredentials {
  /** The names of the settings given, for {@link Credentials.describe}. */
  readonly #given: string[];
  readonly #secrets: CredentialSettings;
  readonly #owner: string;
  /** The last token the access token function returned: a secret too, scrubbed from errors. */
  #lastToken: string | undefined;

  constructor(settings: CredentialSettings, owner = 'Client') {
    super(settings, owner);
    this.#given = (Object.keys(settings) as Array<keyof CredentialSettings>).filter((k) => settings[k] !== undefined);
    this.#secrets = { ...settings };
    this.#owner = owner;
  }

  /** True when the group sends the access token and it comes from a function: a 401 may be a stale token. */
  override refreshable(group: AuthGroup): boolean {
    return group !== 'app' && typeof this.#secrets.accessToken === 'function';
  }

  /**
   * Tells the access token function that `authorization` (the header a call was refused with) is
   * stale: its `invalidate(token)`, when it has one (`cachedAccessToken`), drops that token.
   */
  override expire(authorization: string | undefined): void {
    const source = this.#secrets.accessToken as { invalidate?: (token?: string) => void } | undefined;
    source?.invalidate?.(authorization?.slice(7));
  }

  /** What to check after a 401 to a call of `group`: its options and their environment variables. */
  override advice(group: AuthGroup): string {
    const options: SettingName[] = group === 'client' ? ['clientApplicationId', 'clientToken'] : ['appId', 'appToken'];
    if (group === 'server' || (group === 'client' && this.#secrets.accessToken !== undefined)) options.push('accessToken');
    return `check the ${options.join(', ')} options of new ${this.#owner}() (or ${options.map(envName).join(', ')})`;
  }

  /**
   * `text` with every secret of these credentials replaced by `[redacted]`: a service that echoes
   * a token in an error body must not put it in an error message. Secrets shorter than 8
   * characters are left alone (they would blank out ordinary words).
   */
  override scrub(text: string): string {
    const { appToken, clientToken, accessToken } = this.#secrets;
    for (const secret of [appToken, clientToken, typeof accessToken === 'string' ? accessToken : this.#lastToken]) {
      if (secret && secret.length >= 8) text = text.split(secret).join('[redacted]');
    }
    return text;
  }

  protected override tokenSeen(token: string): void {
    this.#lastToken = token;
  }

  /** Which settings are present, never their values. */
  describe(): string {
    return `{ ${this.#given.map((k) => `${k}: '[redacted]'`).join(', ')} }`;
  }

  /** The authentication headers of an endpoint group; throws {@link ConfigurationError} if one is missing. */
  override async headersFor(group: AuthGroup, wait: TokenWait): Promise<Record<string, string>> {
    if (group === 'client') return super.headersFor(group, wait);
    const headers: Record<string, string> = { 'x-app-id': this.setting('appId'), 'x-app-token': this.setting('appToken') };
    if (group === 'server') headers.authorization = `Bearer ${await this.accessToken(wait)}`;
    return headers;
  }
}
