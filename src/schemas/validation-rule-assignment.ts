/**
 * The assignment of a validation rule to a voucher, a campaign or a promotion tier.
 *
 * @module
 */
import * as z from 'zod/mini';
import type { ListEnvelope } from '../core/pagination.js';
import { lazy, listOf, nullishStrings, openEnum, type ShapeOf } from './base.js';

/**
 * The assignment of a validation rule to a voucher, campaign or promotion tier.
 * @category Shared responses
 */
export interface ValidationRulesAssignment {
  /** `asgm_…` */
  id?: string | null;
  /** `val_…`: the validation rule assigned. */
  rule_id?: string | null;
  /** ID of the voucher, campaign or tier the rule is assigned to. */
  related_object_id?: string | null;
  /** `voucher`, `campaign` or `promotion_tier`. */
  related_object_type?: 'voucher' | 'campaign' | 'promotion_tier' | (string & {}) | null;
  /** When the rule was assigned, ISO 8601 date-time. */
  created_at?: string | null;
  /** When the assignment was last updated, ISO 8601 date-time. */
  updated_at?: string | null;
  /** Whether the rule can be applied to the object: `VALID`, `PARTIALLY_VALID` or `INVALID`. */
  validation_status?: 'VALID' | 'PARTIALLY_VALID' | 'INVALID' | (string & {}) | null;
  /** Rules of the validation rule left out of the assignment. */
  validation_omitted_rules?: string[] | null;
  /** Always `validation_rules_assignment`. */
  object?: string | null;
}

/** Schema of {@link ValidationRulesAssignment}. */
export const validationRulesAssignmentSchema: () => z.ZodMiniType<ValidationRulesAssignment> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ...nullishStrings('id', 'rule_id', 'related_object_id'),
    related_object_type: z.nullish(openEnum()),
    ...nullishStrings('created_at', 'updated_at'),
    validation_status: z.nullish(openEnum()),
    validation_omitted_rules: z.nullish(z.array(z.string())),
    object: z.nullish(z.string()),
  } satisfies ShapeOf<ValidationRulesAssignment>),
);

/**
 * Validation rule assignments in a list envelope with `total`.
 * @category Shared responses
 */
export interface ValidationRulesAssignmentList extends ListEnvelope {
  /** The assignments. */
  data?: ValidationRulesAssignment[] | null;
}

/** Schema of {@link ValidationRulesAssignmentList}. */
export const validationRulesAssignmentListSchema: () => z.ZodMiniType<ValidationRulesAssignmentList> = /* @__PURE__ */ lazy(() =>
  listOf(validationRulesAssignmentSchema()),
);
