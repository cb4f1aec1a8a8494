// What a guide's block that is a test file imports from 'vitest', when scripts/run-guides.mjs runs
// it in a plain Node process: `it` and the hooks collect the block's tests (run by the runner once
// the block is imported), and `expect` is vitest's own, @vitest/expect's matchers on chai.
import * as chai from 'chai';
import { GLOBAL_EXPECT, JestAsymmetricMatchers, JestChaiExpect, JestExtend, setState } from '@vitest/expect';

chai.use(JestExtend);
chai.use(JestChaiExpect);
chai.use(JestAsymmetricMatchers);

/** vitest's `expect`: the same matchers, without vitest's runner. */
export const expect = (value, message) => chai.expect(value, message);
Object.assign(expect, chai.expect);
globalThis[GLOBAL_EXPECT] = expect;
setState(
  {
    assertionCalls: 0,
    isExpectingAssertions: false,
    isExpectingAssertionsError: null,
    expectedAssertionsNumber: null,
    expectedAssertionsNumberErrorGen: null,
  },
  expect,
);

/** What the block being run declared: its tests (with the describe names above them) and hooks. */
let collected = emptyCollection();
const prefix = [];

function emptyCollection() {
  return { tests: [], beforeAll: [], beforeEach: [], afterEach: [], afterAll: [] };
}

/** Hands the runner what the block declared, and starts an empty collection for the next one. */
export function takeCollected() {
  const taken = collected;
  collected = emptyCollection();
  return taken;
}

/** A test of the block. */
export function it(name, fn) {
  collected.tests.push({ name: [...prefix, name].join(' > '), fn });
}
export const test = it;

/** A group of tests: its function runs at once, naming the tests it declares. */
export function describe(name, fn) {
  prefix.push(name);
  try {
    fn();
  } finally {
    prefix.pop();
  }
}

export const beforeAll = (fn) => collected.beforeAll.push(fn);
export const beforeEach = (fn) => collected.beforeEach.push(fn);
export const afterEach = (fn) => collected.afterEach.push(fn);
export const afterAll = (fn) => collected.afterAll.push(fn);
