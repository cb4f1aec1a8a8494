#!/usr/bin/env node
// `npm start`: the quickstart (examples/quickstart.ts) against the embedded mock service,
// offline. The first run builds the package and type-checks the examples, saying so as it goes;
// later runs start at once.
import { compileExamples, runExample } from './examples.mjs';
import { ensureBuilt } from './lib/build.mjs';

const say = (line) => console.log(line);
try {
  ensureBuilt();
} catch (error) {
  console.error(`npm start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
compileExamples({ ifStale: true, say });
process.exit(runExample('quickstart') ? 0 : 1);
