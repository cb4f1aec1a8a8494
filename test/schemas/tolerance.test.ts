/**
 * The tolerance policy, held over every response fixture of every method: the fields a method
 * relies on (the `relies` of its record in the registry, src/resources/registry.ts) are required and typed; every other field may be
 * absent or null, and a field that is present must have its type. Each fixture is mutated one
 * field at a time and parsed in strict mode, through the fast check the request pipeline puts in
 * front of zod; and at each field, what the pipeline reads from the schema at run time (the fields
 * it decides on, which fail warn mode too) is the table's. The counts are printed at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withFastPath } from '../../src/core/schema-fast-path.js';
import { readyToRead, type ResponseSchema } from '../../src/core/responses.js';
import { operationNames, operationOf, type OperationName } from '../../src/resources/registry.js';
import { clone, fieldPaths, matches, type Path } from './json-paths.js';
import { mockServiceFixtures, writtenFixtures, type ResponseFixture } from '../fixtures/by-method.js';

const fixtures: ResponseFixture[] = [...writtenFixtures, ...(await mockServiceFixtures('complete')), ...(await mockServiceFixtures('sparse'))];
const methods = [...operationNames].sort();

const show = (path: Path) => path.join('.');

/** Runs `parse` on `body` with the field at `path` removed or replaced, then puts it back. */
function mutated<R>(body: unknown, path: Path, change: { remove: true } | { value: unknown }, parse: (body: unknown) => R): R {
  const parent = path.slice(0, -1).reduce<any>((v, k) => v[k], body) as Record<string | number, unknown>;
  const key = path[path.length - 1]!;
  const had = Object.hasOwn(parent, key);
  const before = parent[key];
  if ('remove' in change) delete parent[key];
  else parent[key] = change.value;
  try {
    return parse(body);
  } finally {
    if (had) parent[key] = before;
    else delete parent[key];
  }
}

interface ZodNode {
  _zod: {
    def: {
      type: string;
      shape?: Record<string, ZodNode>;
      innerType?: ZodNode;
      element?: ZodNode;
      valueType?: ZodNode;
      options?: ZodNode[];
      discriminator?: string;
    };
  };
  safeParse(value: unknown): { success: boolean };
}

const unwrap = (node: ZodNode): ZodNode => (['optional', 'nullable'].includes(node._zod.def.type) ? unwrap(node._zod.def.innerType!) : node);

/**
 * The zod node that types the field at `path` of `body`, or `undefined` where the schema leaves the
 * value untyped (metadata values, unknown fields kept as received, paths through a union that
 * names no discriminator). A discriminated union is walked through the option `body` selects.
 */
function nodeAt(schema: ZodNode, path: Path, body: unknown): ZodNode | undefined {
  let node: ZodNode | undefined = schema;
  let value: any = body;
  for (const key of path) {
    let def: ZodNode['_zod']['def'] = unwrap(node!)._zod.def;
    if (def.type === 'union' && def.discriminator) {
      const tag = value?.[def.discriminator];
      const option = def.options!.find((o) => unwrap(o)._zod.def.shape?.[def.discriminator!]?.safeParse(tag).success);
      if (!option) return undefined;
      def = unwrap(option)._zod.def;
    }
    if (def.type === 'object') node = def.shape![key];
    else if (def.type === 'array' && typeof key === 'number') node = def.element;
    else if (def.type === 'record') node = def.valueType;
    else return undefined;
    value = value?.[key];
    if (!node || ['unknown', 'any'].includes(unwrap(node)._zod.def.type)) return undefined;
  }
  return node;
}

/** A value the node rejects, of another JSON type than it accepts. */
const wrongValueFor = (node: ZodNode): unknown => [42, 'text', true, [7], { wrong: true }].find((v) => !node.safeParse(v).success);

const issuePaths = (result: ReturnType<ResponseSchema<unknown>['safeParse']>) =>
  result.success ? [] : result.error.issues.map((i) => i.path.map(String).join('.'));

interface Counts {
  fixtures: number;
  mutations: number;
  essential: number;
}
const counts = new Map<OperationName, Counts>();

describe.each(methods)('%s', (method) => {
  const { relies: essential, schema: build } = operationOf(method);
  const schema = build();
  // The request pipeline's check: the fast yes/no check, and zod's issues when it says no.
  const check = withFastPath(schema);
  // What the schema says of paths (`decides`) is loaded on first use, as the pipeline loads it.
  beforeAll(async () => {
    await check[readyToRead]?.();
  });
  const zod = (schema as Partial<ZodNode>)._zod ? (schema as unknown as ZodNode) : undefined;
  const own = fixtures.filter((f) => f.method === method);
  const tally: Counts = { fixtures: own.length, mutations: 0, essential: essential.length };
  counts.set(method, tally);

  it('has fixtures from the tests and the mock service, each parsing in strict mode', () => {
    expect(own.filter((f) => f.source === 'mock service').length).toBeGreaterThan(0);
    expect(own.filter((f) => f.source !== 'mock service').length).toBeGreaterThan(0);
    for (const f of own) expect(issuePaths(check.safeParse(f.body)), `${f.source}: ${f.name}`).toEqual([]);
  });

  it('finds each field it relies on in some fixture', () => {
    const unseen = essential.filter((pattern) => !own.some((f) => fieldPaths(f.body).some((p) => matches(pattern, p))));
    expect(unseen).toEqual([]);
  });

  it.each(own.map((f) => [`${f.source}: ${f.name}`, f] as const))(
    '%s: removing or nulling any other field still parses; removing or breaking one it relies on fails naming it',
    (_, f) => {
      const body = clone(f.body);
      const failures: string[] = [];
      for (const path of fieldPaths(body)) {
        const at = show(path);
        const relied = essential.some((pattern) => matches(pattern, path));
        // What the pipeline reads at run time (warn mode fails on these fields too) is the record's `relies`.
        if (check.decides && check.decides(path) !== relied)
          failures.push(`${at}: the schema says promokit ${relied ? 'does not decide' : 'decides'} on it, the policy says it ${relied ? 'does' : 'does not'}`);
        const removed = mutated(body, path, { remove: true }, (b) => issuePaths(check.safeParse(b)));
        const nulled = mutated(body, path, { value: null }, (b) => issuePaths(check.safeParse(b)));
        tally.mutations += 2;
        if (relied) {
          if (show(removed) !== at) failures.push(`${at} removed: issues [${removed.join(', ')}], expected [${at}]`);
          if (show(nulled) !== at) failures.push(`${at} = null: issues [${nulled.join(', ')}], expected [${at}]`);
        } else {
          if (removed.length) failures.push(`${at} removed: issues [${removed.join(', ')}]`);
          if (nulled.length) failures.push(`${at} = null: issues [${nulled.join(', ')}]`);
        }
        // Strict mode means every present field has its type: a wrong one fails, named by its path.
        const node = zod ? nodeAt(zod, path, body) : undefined;
        const wrong = node && wrongValueFor(node);
        if (node && wrong !== undefined) {
          const broken = mutated(body, path, { value: wrong }, (b) => issuePaths(check.safeParse(b)));
          tally.mutations += 1;
          if (show(broken) !== at) failures.push(`${at} = ${JSON.stringify(wrong)}: issues [${broken.join(', ')}], expected [${at}]`);
        }
      }
      expect(failures).toEqual([]);
    },
  );
});

afterAll(() => {
  const lines = methods.map((m) => {
    const c = counts.get(m)!;
    return `  ${m.padEnd(32)} ${String(c.fixtures).padStart(3)} fixtures ${String(c.mutations).padStart(6)} mutations ${String(c.essential).padStart(2)} essential fields`;
  });
  const total = [...counts.values()].reduce(
    (a, c) => ({ fixtures: a.fixtures + c.fixtures, mutations: a.mutations + c.mutations, essential: a.essential + c.essential }),
    { fixtures: 0, mutations: 0, essential: 0 },
  );
  console.log(
    `tolerance policy over ${methods.length} methods: ${total.fixtures} fixtures, ${total.mutations} mutations, ${total.essential} essential fields\n${lines.join('\n')}`,
  );
});
