/**
 * Decisions on data that failed its check: in `warn` mode promokit returns a response that breaks
 * its schema as received, except where the caller decides on it (`valid`, the record itself): an
 * answer that lies there is an error, never a result read the wrong way. A real answer the
 * service does send (`valid: false` with only a `reason`) is accepted, even in `strict` mode.
 */
import { describe, expect, it } from 'vitest';
import { Client, ResponseValidationError, type ValidationMode } from '../../src/index.js';
import { useRecorders } from '../helpers/recorder.js';
import { json, keys, settle } from './servers.js';
import { useFigures } from './table.js';

const serve = useRecorders().startRaw;
const record = useFigures('hostile/decisions');

/** A client of a service that answers every request with `body` (raw text when a string). */
async function answering(body: unknown, validation: ValidationMode): Promise<Client> {
  const service = await serve((_request, res) => {
    if (typeof body === 'string') res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    else json(res, 200, body);
  });
  return new Client({ baseUrl: service.url, ...keys, validation, logLevel: 'off' });
}

describe('a decision is never taken on a field that failed its check', () => {
  it('warn mode: valid "false" (a string) is a ResponseValidationError naming valid', async () => {
    const client = await answering({ valid: 'false', code: 'SUMMER-10', reason: 'voucher expired' }, 'warn');
    const { error } = await settle(client.vouchers.validate('SUMMER-10', { order: { amount: 4500 } }));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues.map((i) => i.path.join('.'))).toContain('valid');
    // Nor is `"true"` taken for a yes.
    const yes = await settle((await answering({ valid: 'true', code: 'SUMMER-10' }, 'warn')).vouchers.validate('SUMMER-10'));
    expect(yes.error).toBeInstanceOf(ResponseValidationError);
    record('decide-valid-string', `\`valid: "false"\` and \`valid: "true"\`: 2 of 2 \`ResponseValidationError\` naming \`valid\``);
  });

  it('a 200 body of null, [] or "ok" to a record method is a ResponseValidationError, in warn and strict mode', async () => {
    const outcomes: string[] = [];
    for (const raw of ['null', '[]', '"ok"', 'ok']) {
      for (const mode of ['warn', 'strict'] as const) {
        const client = await answering(raw, mode);
        const { error } = await settle(client.loyalties.getMember('LOYAL-H1'));
        expect(error, `${raw} in ${mode}`).toBeInstanceOf(ResponseValidationError);
        expect((error as ResponseValidationError).operation).toBe('loyalties.getMember');
        outcomes.push((error as Error).name);
      }
    }
    record(
      'decide-not-a-record',
      `${outcomes.filter((n) => n === 'ResponseValidationError').length} of ${outcomes.length} \`ResponseValidationError\` (\`null\`, \`[]\`, \`"ok"\` and non-JSON \`ok\`, each in \`warn\` and \`strict\`)`,
    );
  });

  it('strict mode: a real valid: false answer without error is accepted, and error?.key ?? reason reads it', async () => {
    const client = await answering({ valid: false, code: 'SUMMER-10', reason: 'customer does not match segment rules', tracking_id: 'track_1' }, 'strict');
    const result = await client.vouchers.validate('SUMMER-10', { customer: { source_id: 'c-42' } });
    expect(result.valid).toBe(false);
    const why = result.valid ? undefined : (result.error?.key ?? result.reason);
    expect(why).toBe('customer does not match segment rules');
    // With an `error`, its key wins.
    const keyed = await (
      await answering({ valid: false, code: 'SUMMER-10', reason: 'expired', error: { key: 'voucher_expired' } }, 'strict')
    ).vouchers.validate('SUMMER-10');
    expect(keyed.valid ? undefined : (keyed.error?.key ?? keyed.reason)).toBe('voucher_expired');
    record(
      'decide-valid-false-bare',
      `accepted in \`strict\`; \`result.error?.key ?? result.reason\` → "${why}" (and "voucher_expired" when \`error\` is there)`,
    );
  });
});
