/**
 * What the documentation says of each sub-client beside its operations: the category of its class
 * in the reference, and what each of its methods is for. Declared beside each operations table
 * (`voucherGuide` in vouchers.ts, …) and listed by the registry in the reference's order
 * (`subClientGuides`, resources/registry.ts); `npm run operations -- --write` writes typedoc.json's
 * `categoryOrder` and the home page's "Find your method" table from them, and `npm run operations`
 * checks both. Data for the documentation alone: no code of the SDK reads it, so no bundle
 * carries it.
 *
 * @module
 */

/**
 * What a method is for, as the home page's "Find your method" says it (`to …`). A method that
 * calls no operation of its own (`asyncActions.waitFor`) names the operation it polls.
 */
export type Task = string | { readonly task: string; readonly polls: string };

/** A sub-client's place in the documentation: `Name` is every operation of its table. */
export interface SubClientGuide<Name extends string> {
  /** The category of its class in the reference (the class's `@category`, which the check compares). */
  readonly category: string;
  /** What each method is for, in the order the home page lists them: every operation of its table, and any other method. */
  readonly tasks: { readonly [N in Name]: string } & { readonly [method: string]: Task };
}

/** The reference's categories before the sub-clients' and after them, in order. */
export const otherCategories = {
  before: ['Client'],
  after: ['Lists and pagination', 'Errors', 'Shared inputs', 'Shared responses', 'Browser entry', 'Testing entry', 'Redis entry'],
} as const;
