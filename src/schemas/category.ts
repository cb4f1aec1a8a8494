/**
 * Categories: the labels vouchers, campaigns, promotion tiers and stacks are grouped by.
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, nullishStrings, type ShapeOf } from './base.js';

/**
 * A category a voucher, campaign, tier or stack belongs to.
 * @category Shared responses
 */
export interface Category {
  /** `cat_…` */
  id?: string | null;
  /** Category name. */
  name?: string | null;
  /** Position of the category among others; lower comes first. */
  hierarchy?: number | null;
  /** Always `category`. */
  object?: string | null;
  /** When the category was created, ISO 8601 date-time. */
  created_at?: string | null;
  /** When the category was last updated, ISO 8601 date-time. */
  updated_at?: string | null;
}

/** Schema of {@link Category}. */
export const categorySchema: () => z.ZodMiniType<Category> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ...nullishStrings('id', 'name'),
    hierarchy: z.nullish(z.number()),
    ...nullishStrings('object', 'created_at', 'updated_at'),
  } satisfies ShapeOf<Category>),
);
