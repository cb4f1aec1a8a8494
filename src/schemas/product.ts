/**
 * Products and their SKUs, as rewards and order items embed them (service interface §2.15), and
 * as the catalog lists them (`client.products`).
 *
 * @module
 */
import * as z from 'zod/mini';
import type { Metadata } from '../core/metadata.js';
import type { ListEnvelope } from '../core/pagination.js';
import { lazy, listOf, metadata, nullishStrings, skuMetadata, type ShapeOf } from './base.js';

/**
 * A SKU: one variant of a product.
 * @category Orders
 */
export interface Sku {
  /** `sku_…` */
  id?: string | null;
  /** The merchant's own ID of the SKU. */
  source_id?: string | null;
  /** `prod_…`: the parent product. */
  product_id?: string | null;
  /** SKU name. */
  sku?: string | null;
  /** Unit price, in the smallest currency unit. */
  price?: number | null;
  /** ISO 4217 currency code of `price`, e.g. `EUR`. */
  currency?: string | null;
  /** Values of the product's attributes for this SKU, keyed by attribute name. */
  attributes?: Record<string, unknown> | null;
  /** Link to the SKU's image. */
  image_url?: string | null;
  /** Custom key/value pairs. */
  metadata?: Record<string, unknown> | null;
  /** When the SKU was created, ISO 8601 date-time. */
  created_at?: string | null;
  /** When the SKU was last updated, ISO 8601 date-time. */
  updated_at?: string | null;
  /** Always `sku`. */
  object?: string | null;
}

/** Schema of {@link Sku}. */
export const skuSchema: () => z.ZodMiniType<Sku> = /* @__PURE__ */ lazy(() => z.looseObject(skuFields() satisfies ShapeOf<Sku>));

/** The fields of a SKU, each nullish: the shape of {@link Sku}. */
const skuFields = () => ({
  ...nullishStrings('id', 'source_id', 'product_id', 'sku'),
  price: z.nullish(z.number()),
  currency: z.nullish(z.string()),
  attributes: z.nullish(z.record(z.string(), z.unknown())),
  image_url: z.nullish(z.string()),
  metadata: z.nullish(skuMetadata()),
  ...nullishStrings('created_at', 'updated_at', 'object'),
});

/**
 * The SKUs of a {@link Product}, in a list envelope with `total`.
 * @category Orders
 */
export interface SkuList extends ListEnvelope {
  /** The SKUs. */
  data?: Sku[] | null;
}

const skuListSchema: () => z.ZodMiniType<SkuList> = /* @__PURE__ */ lazy(() => listOf(skuSchema()));

/**
 * A product as embedded in other records (rewards, order items).
 * @category Orders
 */
export interface Product {
  /** `prod_…` */
  id?: string | null;
  /** The merchant's own ID of the product. */
  source_id?: string | null;
  /** Product name. */
  name?: string | null;
  /** Unit price, in the smallest currency unit. */
  price?: number | null;
  /** Names of the attributes its SKUs vary by. */
  attributes?: string[] | null;
  /** Custom key/value pairs. */
  metadata?: Metadata<'product'> | null;
  /** Link to the product's image. */
  image_url?: string | null;
  /** When the product was created, ISO 8601 date-time. */
  created_at?: string | null;
  /** When the product was last updated, ISO 8601 date-time. */
  updated_at?: string | null;
  /** The product's SKUs, with `total`. */
  skus?: SkuList | null;
  /** Always `product`. */
  object?: string | null;
}

/** The fields of a product, each nullish: the shape of {@link Product}. */
const productFields = () => ({
  ...nullishStrings('id', 'source_id', 'name'),
  price: z.nullish(z.number()),
  attributes: z.nullish(z.array(z.string())),
  metadata: z.nullish(metadata('product')),
  ...nullishStrings('image_url', 'created_at', 'updated_at'),
  skus: z.nullish(skuListSchema()),
  object: z.nullish(z.string()),
});

/** Schema of {@link Product}. */
export const productSchema: () => z.ZodMiniType<Product> = /* @__PURE__ */ lazy(() => z.looseObject(productFields() satisfies ShapeOf<Product>));

/**
 * A product of your catalog, as `client.products` returns it: a {@link Product} whose `id` is
 * always there, with its SKUs.
 * @category Products
 */
export interface CatalogProduct extends Product {
  /** `prod_…` */
  id: string;
}

/**
 * A page of products (`client.products.list`), under `products`, with `total`.
 * @category Products
 */
export interface ProductList extends ListEnvelope {
  /** The products of this page. */
  products?: CatalogProduct[] | null;
}

/** Schema of {@link CatalogProduct}: the product fields with `id` required. */
export const catalogProductSchema: () => z.ZodMiniType<CatalogProduct> = /* @__PURE__ */ lazy(() =>
  z.looseObject({ ...productFields(), id: z.string() } satisfies ShapeOf<CatalogProduct>),
);

/** Schema of {@link ProductList}: the products under `products`. */
export const productListSchema: () => z.ZodMiniType<ProductList> = /* @__PURE__ */ lazy(() => listOf(catalogProductSchema(), 'products'));

/**
 * A SKU as `client.products.createSku` and `client.skus.get` return it: a {@link Sku} whose `id`
 * is always there.
 * @category Products
 */
export interface CatalogSku extends Sku {
  /** `sku_…` */
  id: string;
}

/** Schema of {@link CatalogSku}: the SKU fields with `id` required. */
export const catalogSkuSchema: () => z.ZodMiniType<CatalogSku> = /* @__PURE__ */ lazy(() =>
  z.looseObject({ ...skuFields(), id: z.string() } satisfies ShapeOf<CatalogSku>),
);
