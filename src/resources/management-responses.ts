/**
 * The response schemas of the operations of the setup and management of a project:
 * `client.campaigns`, `client.templates`, `client.products`, `client.skus`, `client.locations`,
 * `client.metadataSchemas`, `client.asyncActions` and `client.oauth`. A chunk of its own
 * (responses.ts), loaded by the first call of any of them: a program that calls none of them
 * loads none of it. The registry (registry.ts) checks each schema against its operation.
 *
 * @module
 */
import type { ResponseTable } from '../core/call.js';
import { asyncActionListSchema, asyncActionSchema } from '../schemas/async-action.js';
import { campaignListSchema, campaignSchema } from '../schemas/campaign-record.js';
import { locationSchema } from '../schemas/location.js';
import { metadataSchemaListSchema, metadataSchemaSchema } from '../schemas/metadata-schema.js';
import { tokenIntrospectionSchema } from '../schemas/oauth.js';
import { catalogProductSchema, catalogSkuSchema, productListSchema } from '../schemas/product.js';
import { promotionTierSetupSchema } from '../schemas/promotion.js';
import { campaignTemplateListSchema } from '../schemas/template.js';

/** The response schema of each operation of the setup and management of a project, by name. */
export const managementResponses = {
  'campaigns.list': campaignListSchema,
  'campaigns.get': campaignSchema,
  'templates.list': campaignTemplateListSchema,
  'templates.setupPromotionTier': promotionTierSetupSchema,
  'products.list': productListSchema,
  'products.get': catalogProductSchema,
  'products.create': catalogProductSchema,
  'products.update': catalogProductSchema,
  'products.createSku': catalogSkuSchema,
  'skus.get': catalogSkuSchema,
  'locations.get': locationSchema,
  'metadataSchemas.list': metadataSchemaListSchema,
  'metadataSchemas.get': metadataSchemaSchema,
  'asyncActions.get': asyncActionSchema,
  'asyncActions.list': asyncActionListSchema,
  'oauth.introspect': tokenIntrospectionSchema,
} satisfies ResponseTable;
