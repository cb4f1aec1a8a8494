/**
 * Every step of CI can be run by name: each step of .ci/run after the install runs one npm script
 * that package.json defines, and its heading names that script; the steps that wait on real time
 * (the test suites) run on their own or beside what they were written to share the cores with.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const scripts = Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts as Record<string, string>);

/**
 * The steps of .ci/run: each `run "HEADING" \` (a step on its own) or `beside "HEADING" \` (a step
 * beside others), with the command on the next line.
 */
function steps(): Array<{ heading: string; commands: string[]; beside: boolean }> {
  const lines = readFileSync(join(root, '.ci', 'run'), 'utf8').split('\n');
  const found: Array<{ heading: string; commands: string[]; beside: boolean }> = [];
  for (const [i, line] of lines.entries()) {
    const step = /^(run|beside) "(.*)" \\$/.exec(line);
    if (step) found.push({ heading: step[2]!, commands: [lines[i + 1]!.trim()], beside: step[1] === 'beside' });
  }
  return found;
}

/** The npm script a command runs: `npm test`, `npm start`, `npm run --silent NAME …`, after an optional `env -u VAR` or `nice -n N`. */
const scriptOf = (command: string): string | undefined =>
  /^(?:env -u \w+ |nice -n \d+ )?npm (?:run (?:--silent )?([\w:]+)|(test|start))\b/.exec(command)?.slice(1).find(Boolean);

describe('.ci/run', () => {
  const all = steps();
  const work = all.filter((s) => !s.heading.startsWith('install'));

  it('has the steps a reader expects, at least a dozen', () => {
    expect(work.length).toBeGreaterThanOrEqual(12);
    expect(work.map((s) => scriptOf(s.commands[0] ?? ''))).toEqual(
      expect.arrayContaining(['typecheck', 'lint', 'format:check', 'test', 'test:slow', 'test:node24', 'pack:fresh', 'size', 'docs', 'check:site']),
    );
  });

  it("runs Node 20's fast suite on its own, its slow suite beside the fresh pack and the oracle at the lowest priority alone, and the other Nodes' fast suites only beside each other", () => {
    const suites = work.filter((s) => /^(test|test:[\w]+)$/.test(scriptOf(s.commands[0] ?? '') ?? ''));
    expect(suites.map((s) => scriptOf(s.commands[0]!))).toEqual(expect.arrayContaining(['test', 'test:slow', 'test:node24', 'test:node22']));
    const besideOthers = ['test:slow', 'test:node22', 'test:node24'];
    for (const suite of suites) expect(suite.beside, suite.heading).toBe(besideOthers.includes(scriptOf(suite.commands[0]!)!));
    // The steps started beside each: the group from the last `gather` before it to the next.
    const text = readFileSync(join(root, '.ci', 'run'), 'utf8');
    const groupOf = (script: string) => {
      const at = text.indexOf(`npm run --silent ${script}\n`);
      return text.slice(text.lastIndexOf('gather', at), text.indexOf('gather', at));
    };
    const scriptsIn = (group: string) => [...group.matchAll(/^beside "[^"]*" \\\n(.*)$/gm)].map((m) => scriptOf(m[1]!)).sort();
    expect(scriptsIn(groupOf('test:slow'))).toEqual(['oracle', 'pack:fresh', 'test:slow']);
    // The oracle times nothing: beside the slow suite it takes only the cores the suite leaves idle.
    expect(text).toContain('\nnice -n 19 npm run --silent oracle\n');
    expect(scriptsIn(groupOf('test:node24'))).toEqual(['test:node22', 'test:node24']);
  });

  it.each(work.map((s) => [s.heading, s] as const))('%s: runs exactly one npm script that package.json defines, named in its heading', (_heading, step) => {
    expect(step.commands).toHaveLength(1);
    const script = scriptOf(step.commands[0]!);
    expect(script, step.commands[0]).toBeDefined();
    expect(scripts).toContain(script);
    expect(step.heading).toContain(script === 'test' || script === 'start' ? `npm ${script}` : `npm run ${script}`);
  });
});
