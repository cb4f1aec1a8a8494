// The ledger's contract in memory and in a directory (Redis: test/slow/redis-ledger.test.ts).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import { FileLedger, MemoryLedger } from '../src/index.js';
import { ledgerContract } from './ledger-contract.js';

describe('memory', () => ledgerContract(async () => new MemoryLedger()));
describe('file', () => ledgerContract(() => FileLedger.open(mkdtempSync(join(tmpdir(), 'promokit-mcp-ledger-')))));
