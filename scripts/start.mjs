#!/usr/bin/env node
// `npm start`: the quickstart (examples/quickstart.ts) against the embedded mock service,
// offline. Builds the package first when dist/ is missing or stale.
import { compileExamples, ensureBuilt, runExample } from './examples.mjs';

ensureBuilt();
compileExamples({ ifStale: true });
process.exit(runExample('quickstart') ? 0 : 1);
