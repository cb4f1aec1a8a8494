/**
 * Credentials and the authentication headers of each endpoint group. Secrets live in private
 * fields: `util.inspect`, `JSON.stringify` and logs never see them, and every secret a call sent is
 * scrubbed from everything the call produces.
 *
 * @module
 */
import { ConfigurationError } from './errors.js';
import { loadChunk } from './lazy.js';
import type { TokenWait } from './waiting.js';
import { envHint, envName, isBrowser, checkCredentialValues } from './runtime.js';

/**
 * Which headers an endpoint needs:
 * - `app`: `X-App-Id` + `X-App-Token` (token introspection);
 * - `server`: those plus `Authorization: Bearer <accessToken>` (every other `/v1` endpoint), or
 *   the app keys alone with `accessToken: false`;
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

/** The credential settings; any may be absent until a request needs it. */
export interface CredentialSettings {
  appId?: string | undefined;
  appToken?: string | undefined;
  /** `false`: the server `Client`'s app keys alone (the browser entry's options refuse it). */
  accessToken?: AccessToken | false | undefined;
  clientApplicationId?: string | undefined;
  clientToken?: string | undefined;
  origin?: string | undefined;
}

/** A setting that may fall back to an environment variable. */
export type SettingName = keyof CredentialSettings | 'baseUrl';

/** How many of the tokens the access token function returned a client keeps, to scrub them. */
export const RECENT_TOKENS = 16;

/**
 * Whose token a `Client`'s call asks a managed access token function (`cachedAccessToken`) for:
 * the app ID (or client application ID) and the service's origin the token goes with, and that
 * app's token, which binds what a shared token store keeps to these credentials (it keys an
 * HMAC, and is never stored).
 */
export interface TokenOwner {
  readonly id: string;
  readonly origin: string;
  readonly secret: string;
}

/** The method of a managed access token function that takes the {@link TokenOwner} a call asks for. */
export const forOwner: unique symbol = Symbol('promokit.forOwner') as never;

/** The secrets of the `Authorization` header a call sent: its bearer token. */
function bearerOf(headers: Record<string, string>): string | undefined {
  return headers.authorization?.slice(7);
}

/**
 * The error for a setting `owner` (`Client`, `ClientEvents`) lacks: naming the option, what needs
 * it and its environment variable.
 */
export function missingSetting(owner: string, option: SettingName, by = 'this request'): ConfigurationError {
  return new ConfigurationError(option, `${owner}: the ${option} option is required for ${by}; pass it to new ${owner}({ ${option} })${envHint(option)}`);
}

/**
 * Credential settings and the headers of the `client` group (`/client/v1/events`), the only group
 * the browser entry needs. {@link Credentials} adds the server groups.
 */
export class ClientCredentials {
  readonly #settings: CredentialSettings;
  readonly #owner: string;
  /** The latest tokens the access token function returned, newest last: secrets too. */
  readonly #recent: string[] = [];

  constructor(settings: CredentialSettings, owner = 'Client') {
    this.#settings = { ...settings };
    this.#owner = owner;
  }

  /** Checks every credential given is a string that can be sent in a header. */
  check(owner: string): void {
    checkCredentialValues(this.#settings, owner);
  }

  /**
   * True when a 401 to a call of `group` sent with `headers` may be cured by asking the access
   * token function again. The browser entry's credentials have none, never saying so (a
   * storefront's events carry client-side keys); the server `Client`'s do ({@link Credentials}).
   */
  refreshable?(group: AuthGroup, headers: Record<string, string>): boolean;

  /** Tells the access token function that a token was refused; see {@link Credentials.expire}. */
  expire?(headers: Record<string, string>): void;

  /** Hears that a call sent with a fresh token was refused with a 401 again; see {@link Credentials.uncured}. */
  uncured?(headers: Record<string, string>): void;

  /** What to check after a 401: the credentials given to the client. */
  advice(_group: AuthGroup): string {
    return `check the credentials given to new ${this.#owner}()`;
  }

  /**
   * The secrets no error of a call may show: the bearer tokens it sent (`sent`, the credential
   * headers of each of its attempts), the recent tokens and the client token (a browser holds it,
   * but no log or error of a server's need show it); the server's {@link Credentials} add its app
   * token. The client application ID names the app, as the app ID does: shown.
   */
  secrets(sent: ReadonlyArray<Record<string, string>>): string[] {
    const { clientToken } = this.#settings;
    return [
      ...sent.map(bearerOf).filter((token): token is string => !!token),
      ...this.#recent,
      ...(typeof clientToken === 'string' && clientToken ? [clientToken] : []),
    ];
  }

  /** The error for a missing setting, naming the option, what needs it and its environment variable. */
  missing(option: SettingName, by?: string): ConfigurationError {
    return missingSetting(this.#owner, option, by);
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
    if (this.#settings.accessToken !== undefined) headers.authorization = `Bearer ${await this.accessToken(wait, 'client')}`;
    // A browser sends Origin itself and forbids scripts to set it.
    if (!isBrowser()) headers.origin = this.setting('origin');
    return headers;
  }

  /**
   * The access token, calling the token function if one is configured (access-token.ts, loaded
   * by the first call of a client whose token is a function): within the call's timeout and
   * signal, its failure a {@link ConfigurationError} naming `accessToken`.
   */
  protected async accessToken(wait: TokenWait, group: AuthGroup): Promise<string> {
    const source = this.#settings.accessToken;
    if (typeof source !== 'function') {
      if (typeof source !== 'string' || source === '') throw this.missing('accessToken');
      return source;
    }
    // The function's call, within the call's bounds: its module loaded by a client whose token is a function.
    const { tokenFromFunction } = await loadChunk('access-token', () => import('./access-token.js'));
    const token = await tokenFromFunction(() => this.ask(source, group), source, wait, this.#owner);
    this.tokenSeen(token);
    return token;
  }

  /** Calls the access token function; the server's credentials tell a managed one whose token they ask for. */
  protected ask(source: () => string | Promise<string>, _group: AuthGroup): string | Promise<string> {
    return source();
  }

  /** Keeps the {@link RECENT_TOKENS} latest tokens the access token function returned, to scrub them. */
  private tokenSeen(token: string): void {
    const recent = this.#recent;
    const at = recent.indexOf(token);
    if (at >= 0) recent.splice(at, 1);
    recent.push(token);
    if (recent.length > RECENT_TOKENS) recent.shift();
  }

  /** A string setting that the request needs; throws {@link ConfigurationError} when it is absent. */
  protected setting(option: Exclude<keyof CredentialSettings, 'accessToken'>, by?: string): string {
    const value = this.#settings[option];
    if (typeof value !== 'string' || value === '') throw this.missing(option, by);
    return value;
  }

  // No `[inspectSymbol]`/`toJSON`/`describe`: the settings are private fields, which neither
  // `util.inspect` nor `JSON.stringify` shows, and every method here is in every browser bundle.
}

/** How many credential sets a client family remembers as refused even with a fresh token. */
const UNCURED_LIMIT = 64;

/** The settings of the server `Client`: the `app` and `server` groups, and the `client` group it inherits. */
export class Credentials extends ClientCredentials {
  /** The names of the settings given, for {@link Credentials.describe}. */
  readonly #given: string[];
  readonly #secrets: CredentialSettings;
  readonly #owner: string;
  /**
   * Credential sets (their headers) refused with a 401 even right after a fresh token: a later
   * 401 to the same set is not the token's fault, and asks for no refresh. Shared by the clients
   * `withOptions()` makes, so a clone whose keys are wrong refreshes the shared token once, not
   * once per call.
   */
  readonly #uncured: Set<string>;
  /** The origin of the service these credentials are sent to: part of whose token a call asks for. */
  #origin = '';

  constructor(settings: CredentialSettings, owner = 'Client', uncured = new Set<string>()) {
    super(settings, owner);
    this.#given = (Object.keys(settings) as Array<keyof CredentialSettings>).filter((k) => settings[k] !== undefined);
    this.#secrets = { ...settings };
    this.#owner = owner;
    this.#uncured = uncured;
  }

  /** The record of credential sets a fresh token did not cure, for the clients made from this one. */
  get uncuredRecord(): Set<string> {
    return this.#uncured;
  }

  /**
   * True when the group sends the access token, it comes from a function, and these credentials
   * were not refused before even with a fresh token: a 401 may be a stale token.
   */
  override refreshable(group: AuthGroup, headers: Record<string, string>): boolean {
    // Never with the app keys alone (`accessToken: false`): there is no token to ask for.
    return group !== 'app' && typeof this.#secrets.accessToken === 'function' && !this.#uncured.has(JSON.stringify(headers));
  }

  /**
   * Tells the access token function that the token of `headers` (the credentials a call was
   * refused with) is stale: its `invalidate(token)`, when it has one (`cachedAccessToken`), drops
   * that token, and only while it is still the cached one.
   */
  override expire(headers: Record<string, string>): void {
    const source = this.#secrets.accessToken as { invalidate?: (token?: string) => void } | undefined;
    source?.invalidate?.(bearerOf(headers));
  }

  /** Remembers credentials a fresh token did not cure (`headers`, as sent with that token). */
  override uncured(headers: Record<string, string>): void {
    this.#uncured.add(JSON.stringify(headers));
    if (this.#uncured.size > UNCURED_LIMIT) this.#uncured.delete(this.#uncured.values().next().value!);
  }

  /** What to check after a 401 to a call of `group`: its options and their environment variables. */
  override advice(group: AuthGroup): string {
    const options: SettingName[] = group === 'client' ? ['clientApplicationId', 'clientToken'] : ['appId', 'appToken'];
    // With the app keys alone (`accessToken: false`), a server call sent no token to check.
    if ((group === 'server' && this.#secrets.accessToken !== false) || (group === 'client' && this.#secrets.accessToken !== undefined))
      options.push('accessToken');
    return `check the ${options.join(', ')} options of new ${this.#owner}() (or ${options.map(envName).join(', ')})`;
  }

  /**
   * Every secret of these credentials: the tokens the call sent, the client token (see
   * {@link ClientCredentials.secrets}), the app token, a static access token and the {@link RECENT_TOKENS} latest tokens the access token function
   * returned (a call may have sent one that another call since replaced).
   */
  override secrets(sent: ReadonlyArray<Record<string, string>>): string[] {
    const { appToken, accessToken } = this.#secrets;
    return [...super.secrets(sent), ...[appToken, accessToken].filter((s): s is string => typeof s === 'string')];
  }

  /** Tells the credentials the origin of the service they are sent to (the client's `baseUrl`). */
  serve(origin: string): void {
    this.#origin = origin;
  }

  /**
   * Calls the access token function: a managed one (`cachedAccessToken`) is told whose token the
   * call asks for, the credentials of `group` at this service, so that a token store shared by
   * other apps never serves it theirs.
   */
  protected override ask(source: () => string | Promise<string>, group: AuthGroup): string | Promise<string> {
    const managed = (source as { [forOwner]?: (owner: TokenOwner) => Promise<string> })[forOwner];
    if (typeof managed !== 'function') return source();
    const client = group === 'client';
    return managed.call(source, {
      id: this.setting(client ? 'clientApplicationId' : 'appId'),
      secret: this.setting(client ? 'clientToken' : 'appToken'),
      origin: this.#origin,
    });
  }

  /** Which settings are present, never their values. */
  describe(): string {
    return `{ ${this.#given.map((k) => `${k}: '[redacted]'`).join(', ')} }`;
  }

  /**
   * Checks every credential given is a string that can be sent in a header, and that a client of
   * the app keys alone (`accessToken: false`) has both keys: `owner` names the client.
   */
  override check(owner: string): void {
    const { accessToken, ...keys } = this.#secrets;
    // `false` is no header value: left out here (the browser entry's credentials, whose check is the inherited one, refuse it).
    checkCredentialValues(accessToken === false ? keys : this.#secrets, owner);
    if (accessToken === false) for (const name of ['appId', 'appToken'] as const) this.setting(name, 'accessToken: false');
  }

  /** The id of the tenant whose calls of `group` these credentials make: the app ID, or the client application ID. */
  tenant(group: AuthGroup): string {
    return String(group === 'client' ? this.#secrets.clientApplicationId : this.#secrets.appId);
  }

  /** The authentication headers of an endpoint group; throws {@link ConfigurationError} if one is missing. */
  override async headersFor(group: AuthGroup, wait: TokenWait): Promise<Record<string, string>> {
    const keysAlone = this.#secrets.accessToken === false;
    if (group === 'client') {
      // The client-side endpoint takes other keys than the app keys: refused, nothing sent.
      if (keysAlone) throw this.missing('accessToken', '/client/v1/events, which accessToken: false refuses');
      return super.headersFor(group, wait);
    }
    const headers: Record<string, string> = { 'x-app-id': this.setting('appId'), 'x-app-token': this.setting('appToken') };
    if (group === 'server' && !keysAlone) headers.authorization = `Bearer ${await this.accessToken(wait, group)}`;
    return headers;
  }
}
