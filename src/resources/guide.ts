/**
 * What the documentation says of each sub-client beside its operations: the category of its class
 * in the reference, what each of its methods is for, and the vendor SDK's call a method replaces.
 * Declared beside each operations table (`voucherGuide` in vouchers.ts, …) and listed by the
 * registry in the reference's order (`subClientGuides`, resources/registry.ts); `npm run operations
 * -- --write` writes typedoc.json's `categoryOrder`, the home page's "Find your method" table and
 * the migration guide's rows of `vendor` from them, and `npm run operations` checks them. Data for the documentation alone: no code of the SDK reads it, so no bundle
 * carries it.
 *
 * @module
 */

/**
 * What a method is for, as the home page's "Find your method" says it (`to …`). A method that
 * calls no operation of its own (`asyncActions.waitFor`) names the operation it polls.
 */
export type Task = string | { readonly task: string; readonly polls: string };

/**
 * The migration guide's row of a method (docs/migrating-from-the-vendor-sdk.md): the vendor SDK's
 * call it replaces and what changes, in Markdown; the method's own signature is the registry's.
 */
export interface VendorCall {
  /** The vendor SDK's call (or `none`), e.g. "`vouchers.get(code)`". */
  readonly sdk: string;
  /** What changes for the caller; `''` when nothing does. */
  readonly changes: string;
}

/** A sub-client's place in the documentation: `Name` is every operation of its table. */
export interface SubClientGuide<Name extends string> {
  /** The category of its class in the reference (the class's `@category`, which the check compares). */
  readonly category: string;
  /** What each method is for, in the order the home page lists them: every operation of its table, and any other method. */
  readonly tasks: { readonly [N in Name]: string } & { readonly [method: string]: Task };
  /**
   * The migration guide's rows written from here, by operation; an operation without one has its
   * row written by hand in the guide's table.
   */
  readonly vendor?: { readonly [N in Name]?: VendorCall };
}

/** The reference's categories before the sub-clients' and after them, in order. */
export const otherCategories = {
  before: ['Client'],
  after: ['Lists and pagination', 'Errors', 'Shared inputs', 'Shared responses', 'Browser entry', 'Testing entry', 'Redis entry'],
} as const;
