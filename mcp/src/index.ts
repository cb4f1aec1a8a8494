/**
 * promokit-mcp: an MCP server for the loyalty, voucher and promotion service, on promokit. Read
 * tools always; write tools by group (`spend`, `create`, `admin`), each with a required operation
 * key claimed in a ledger before anything is sent, so a repeat never spends twice, and every
 * answer says what happened.
 *
 * @module
 */
export { createServer, openLedger, VERSION, type ServerOptions, type PromokitMcpServer } from './server.js';
export type { Limits } from './policy.js';
export { MemoryLedger } from './ledger/memory.js';
export { FileLedger } from './ledger/file.js';
export { RedisLedger, type RedisLedgerClient, type RedisLedgerOptions } from './ledger/redis.js';
export { LedgerUnavailableError, type Ledger, type LedgerEntry, type EntryState, type CallDescription, type ClaimOutcome } from './ledger/types.js';
export type { WriteResult, ReadResult } from './results.js';
export { GROUPS, type Group } from './tool-types.js';
export { OPERATION_KEY_DESCRIPTION } from './tools.js';
