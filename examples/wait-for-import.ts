/**
 * Wait for an import to finish: `asyncActions.waitFor` reads the async action with growing
 * intervals and draws a progress bar from `onProgress` until the import is done, then prints its
 * result. A failed import rejects with `AsyncActionFailedError`, carrying the record.
 *
 * Against a real service set PROMOKIT_EXAMPLE_ASYNC_ACTION_ID (an async action, e.g. the ID a
 * voucher import answered with).
 */
import { AsyncActionFailedError, type AsyncAction } from 'promokit';
import { connect, count, detail, run, step, title } from './lib/connect.js';

const setup = connect();
const { client, mock } = setup;
// The mock's action moves one step per read: queued, 10 % … 90 %, then done.
const actionId = setup.id(
  'ASYNC_ACTION_ID',
  () =>
    mock!.createAsyncAction({
      type: 'CAMPAIGN.VOUCHERS_IMPORT',
      progress: [10, 30, 50, 70, 90],
      result: { message: '1,200 vouchers imported', done_count: 1200, failed_count: 0, failed: [] },
    }).id,
);

const width = 30;

/** One line of the bar: `[██████░░░░…]  60 %  IN_PROGRESS`. */
function bar(action: AsyncAction): string {
  const progress = Math.max(0, Math.min(100, action.progress ?? 0));
  const filled = Math.round((progress / 100) * width);
  return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${String(progress).padStart(3)} %  ${action.status ?? ''}`;
}

run(async () => {
  title('Wait for a voucher import, with a progress bar', setup);
  step(`Waiting for async action ${actionId}:`);
  // On a terminal the bar is redrawn in place; in a log (CI) each change is a line of its own.
  const draw = (action: AsyncAction) => (process.stdout.isTTY ? process.stdout.write(`\r   ${bar(action)}`) : detail(bar(action)));
  try {
    const done = await client.asyncActions.waitFor(actionId, { interval: setup.mock ? 50 : 1_000, timeout: 10 * 60_000, onProgress: draw });
    if (process.stdout.isTTY) process.stdout.write('\n');
    step(`Done: ${done.result?.message ?? 'no message'} (${count(done.result?.done_count)} done, ${count(done.result?.failed_count)} failed).`);
  } catch (error) {
    if (process.stdout.isTTY) process.stdout.write('\n');
    if (!(error instanceof AsyncActionFailedError)) throw error;
    step(`The import failed: ${error.asyncAction.result?.message ?? error.message}`);
    for (const failure of error.asyncAction.result?.failed ?? []) detail(`${failure.code}: ${failure.reason}`);
    process.exitCode = 1;
  }
});
