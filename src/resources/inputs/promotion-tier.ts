/**
 * The fields of a promotion tier a request sets, and their rules.
 *
 * @module
 */
import { boolean, integer, object, required, text, type Rules } from '../../core/inputs.js';
import type { Metadata, MetadataPlaces } from '../../core/metadata.js';
import { validityRules, type ValidityInput } from './validity.js';

/**
 * The fields of a promotion tier a request sets, shared by `promotions.createTier` and
 * `templates.setupPromotionTier` (where each one overrides the template's configuration).
 * @category Shared inputs
 */
export interface PromotionTierInput extends ValidityInput {
  /** Name of the tier. Required. */
  name: string;
  /** Text shown to customers, e.g. `10% off all coffee`. */
  banner?: string | undefined;
  /** Custom key/value pairs. */
  metadata?: Metadata<'promotionTier'> | undefined;
  /** Integer order in which tier discounts apply when a customer qualifies for several tiers; lower first. */
  hierarchy?: number | undefined;
  /** `false` disables the tier even inside its validity window. */
  active?: boolean | undefined;
  /** Category name. */
  category?: string | undefined;
  /** Category ID, `cat_…`. */
  category_id?: string | undefined;
}

/** Rules of the promotion tier fields; `name` is required. */
export const promotionTierRules: Rules<PromotionTierInput> = {
  name: required(text(1)),
  banner: text(),
  metadata: object(),
  hierarchy: integer(),
  active: boolean(),
  category: text(1),
  category_id: text(1),
  ...validityRules,
};

/** Where the promotion tier fields of a request hold metadata. */
export const promotionTierPlaces: MetadataPlaces<PromotionTierInput> = { metadata: 'promotionTier' };
