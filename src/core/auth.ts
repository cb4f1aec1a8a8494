/**
 * Credentials and the authentication headers of each endpoint group. Secrets live in private
 * fields: `util.inspect`, `JSON.stringify` and logs never see them.
 *
 * @module
 */
import { ConfigurationError } from './errors.js';
import { isBrowser } from './env.js';
import { inspectSymbol } from './log.js';

/**
 * Which headers an endpoint needs:
 * - `app`: `X-App-Id` + `X-App-Token` (token introspection);
 * - `server`: those plus `Authorization: Bearer <accessToken>` (every other `/v1` endpoint);
 * - `client`: `X-Client-Application-Id` + `X-Client-Token`, `Authorization` when an access token
 *   is configured, and `origin` outside browsers (`/client/v1/events`).
 */
export type AuthGroup = 'app' | 'server' | 'client';

/** An access token, or a function returning one; called once per request so tokens can be refreshed. */
export type AccessToken = string | (() => string | Promise<string>);

/** The credential settings; any may be absent until a request needs it. */
export interface CredentialSettings {
  appId?: string | undefined;
  appToken?: string | undefined;
  accessToken?: AccessToken | undefined;
  clientApplicationId?: string | undefined;
  clientToken?: string | undefined;
  origin?: string | undefined;
}

/** The environment variable each setting falls back to in Node. */
export const envNames = {
  baseUrl: 'PROMOKIT_BASE_URL',
  appId: 'PROMOKIT_APP_ID',
  appToken: 'PROMOKIT_APP_TOKEN',
  accessToken: 'PROMOKIT_ACCESS_TOKEN',
  clientApplicationId: 'PROMOKIT_CLIENT_APPLICATION_ID',
  clientToken: 'PROMOKIT_CLIENT_TOKEN',
  origin: 'PROMOKIT_ORIGIN',
} as const;

/** The settings a client needs, with the class name used in messages. */
export class Credentials {
  readonly #settings: CredentialSettings;
  readonly #owner: string;

  constructor(settings: CredentialSettings, owner = 'Client') {
    this.#settings = { ...settings };
    this.#owner = owner;
  }

  /** The error for a missing setting, naming the option and its environment variable. */
  missing(option: keyof typeof envNames): ConfigurationError {
    return new ConfigurationError(
      option,
      `${this.#owner}: the ${option} option is required for this request; pass it to new ${this.#owner}({ ${option} }) or set ${envNames[option]}`,
    );
  }

  /** The authentication headers of an endpoint group; throws {@link ConfigurationError} if one is missing. */
  async headersFor(group: AuthGroup): Promise<Record<string, string>> {
    const s = this.#settings;
    if (group === 'client') {
      const headers: Record<string, string> = {
        'x-client-application-id': this.#require('clientApplicationId'),
        'x-client-token': this.#require('clientToken'),
      };
      if (s.accessToken !== undefined) headers.authorization = `Bearer ${await this.#accessToken()}`;
      // A browser sends Origin itself and forbids scripts to set it.
      if (!isBrowser()) headers.origin = this.#require('origin');
      return headers;
    }
    const headers: Record<string, string> = { 'x-app-id': this.#require('appId'), 'x-app-token': this.#require('appToken') };
    if (group === 'server') headers.authorization = `Bearer ${await this.#accessToken()}`;
    return headers;
  }

  async #accessToken(): Promise<string> {
    const source = this.#settings.accessToken;
    const token = typeof source === 'function' ? await source() : source;
    if (typeof token !== 'string' || token === '') {
      throw typeof source === 'function'
        ? new ConfigurationError('accessToken', `${this.#owner}: the accessToken function returned no token`)
        : this.missing('accessToken');
    }
    return token;
  }

  #require(option: 'appId' | 'appToken' | 'clientApplicationId' | 'clientToken' | 'origin'): string {
    const value = this.#settings[option];
    if (typeof value !== 'string' || value === '') throw this.missing(option);
    return value;
  }

  /** Which settings are present, never their values. */
  describe(): string {
    const s = this.#settings;
    const present = (Object.keys(s) as Array<keyof CredentialSettings>).filter((k) => s[k] !== undefined && k !== 'origin');
    return `{ ${present.map((k) => `${k}: '[redacted]'`).join(', ')}${s.origin ? `${present.length ? ', ' : ''}origin: '${s.origin}'` : ''} }`;
  }

  [inspectSymbol](): string {
    return `Credentials ${this.describe()}`;
  }

  toJSON(): string {
    return this.describe();
  }
}
