/**
 * Node's transport needs undici, the package's one dependency. A deployment that left it out (a
 * bundle, a copy of dist/ alone) loses the transport, never a call: every call goes through
 * fetch. Run from dist/, the way a user's program imports the package.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useRecorders } from '../helpers/recorder.js';

const { start } = useRecorders();
const member = { id: 'v_1', code: 'L1', object: 'voucher' };

describe('Node transport: undici cannot be loaded', () => {
  it('a copy of the built package without undici beside it sends every call through fetch', async () => {
    const service = await start(() => ({ body: member }));
    const dir = mkdtempSync(join(tmpdir(), 'promokit-no-undici-'));
    try {
      cpSync(join(import.meta.dirname, '../../dist'), join(dir, 'dist'), { recursive: true });
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
      const script = `import { Client } from './dist/index.js';
        const client = new Client({ baseUrl: ${JSON.stringify(service.url)}, appId: 'a', appToken: 't', accessToken: 'k', validation: 'off', logLevel: 'off' });
        console.log(JSON.stringify([await client.loyalties.getMember('L1'), await client.loyalties.getMember('L1')]));`;
      writeFileSync(join(dir, 'main.mjs'), script);
      const out = await new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ['main.mjs'], { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] });
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => (text += chunk));
        child.on('error', reject).on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`exit ${code}`))));
      });
      expect(JSON.parse(out)).toEqual([member, member]);
      // Node's fetch marks its requests with sec-fetch-mode; the transport does not.
      expect(service.sent.map((s) => s.headers['sec-fetch-mode'])).toEqual(['cors', 'cors']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
