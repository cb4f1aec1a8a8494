/**
 * Every step of CI can be run by name: each step of .ci/run after the install runs one npm script
 * that package.json defines, and its heading names that script.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const scripts = Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts as Record<string, string>);

/** The steps of .ci/run: each heading (`step "…"`) with the commands up to the next heading. */
function steps(): Array<{ heading: string; commands: string[] }> {
  const lines = readFileSync(join(root, '.ci', 'run'), 'utf8').split('\n');
  const found: Array<{ heading: string; commands: string[] }> = [];
  for (const line of lines) {
    const heading = /^step "(.*)"$/.exec(line);
    if (heading) found.push({ heading: heading[1]!, commands: [] });
    else if (found.length > 0 && line.trim() !== '' && !line.startsWith('#') && !line.startsWith(' ')) found.at(-1)!.commands.push(line.trim());
  }
  return found;
}

/** The npm script a command runs: `npm test`, `npm start`, `npm run --silent NAME …`, after an optional `env -u VAR`. */
const scriptOf = (command: string): string | undefined =>
  /^(?:env -u \w+ )?npm (?:run (?:--silent )?([\w:]+)|(test|start))\b/.exec(command)?.slice(1).find(Boolean);

describe('.ci/run', () => {
  const all = steps();
  const work = all.filter((s) => !s.heading.startsWith('node ') && !s.heading.startsWith('install') && !s.heading.startsWith('done'));

  it('has the steps a reader expects, at least a dozen', () => {
    expect(work.length).toBeGreaterThanOrEqual(12);
    expect(work.map((s) => scriptOf(s.commands[0] ?? ''))).toEqual(
      expect.arrayContaining(['typecheck', 'lint', 'format:check', 'test', 'pack:fresh', 'size', 'docs', 'check:site']),
    );
  });

  it.each(work.map((s) => [s.heading, s] as const))('%s: runs exactly one npm script that package.json defines, named in its heading', (_heading, step) => {
    expect(step.commands).toHaveLength(1);
    const script = scriptOf(step.commands[0]!);
    expect(script, step.commands[0]).toBeDefined();
    expect(scripts).toContain(script);
    expect(step.heading).toContain(script === 'test' || script === 'start' ? `npm ${script}` : `npm run ${script}`);
  });
});
