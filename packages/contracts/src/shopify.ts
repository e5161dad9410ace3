import { z } from 'zod';
import { MYSHOPIFY_DOMAIN_PATTERN } from './shopify-constants';

export const shopifyConnectBody = z
  .strictObject({
    brand_id: z.number().int().positive().max(2_147_483_647).optional(),
    myshopify_domain: z
      .string()
      .trim()
      .toLowerCase()
      .regex(
        MYSHOPIFY_DOMAIN_PATTERN,
        'Enter the store’s myshopify.com domain, like acme.myshopify.com.',
      )
      .optional(),
    admin_api_token: z
      .string()
      .trim()
      .min(
        10,
        'Paste the Admin API access token of the store’s custom app (it starts with shpat_).',
      )
      .max(500),
  })
  .refine((b) => b.brand_id !== undefined || b.myshopify_domain !== undefined, {
    message: 'Choose the store, or enter its myshopify.com domain.',
    path: ['myshopify_domain'],
  });
export type ShopifyConnectBody = z.infer<typeof shopifyConnectBody>;

export const shopifyConnectionStatus = z.enum(['connected', 'broken', 'disconnected']);

export const shopifyConnectionSchema = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  brand_name: z.string(),
  shop_domain: z.string(),
  shop_name: z.string().nullable(),
  status: shopifyConnectionStatus,
  /** Why the connection is broken or disconnected, in Shopify's words where it gave some. */
  status_message: z.string().nullable(),
  connected_at: z.string(),
});
export type ShopifyConnection = z.infer<typeof shopifyConnectionSchema>;

export const shopifyConnectionsResponse = z.object({
  connections: z.array(shopifyConnectionSchema),
});

export const shopifyLineItem = z.object({
  title: z.string(),
  variant_title: z.string().nullable(),
  quantity: z.number().int(),
  price: z.string(),
});

export const shopifyFulfillment = z.object({
  status: z.string().nullable(),
  tracking_company: z.string().nullable(),
  tracking_numbers: z.array(z.string()),
  tracking_urls: z.array(z.string()),
});

export const shopifyOrderSchema = z.object({
  id: z.number(),
  /** The order's name as the shop shows it, e.g. `#1042`. */
  name: z.string(),
  created_at: z.string(),
  cancelled_at: z.string().nullable(),
  financial_status: z.string().nullable(),
  /** Null while nothing is fulfilled yet (Shopify's own value). */
  fulfillment_status: z.string().nullable(),
  currency: z.string(),
  subtotal_price: z.string().nullable(),
  total_tax: z.string().nullable(),
  total_price: z.string(),
  line_items: z.array(shopifyLineItem),
  fulfillments: z.array(shopifyFulfillment),
  /** The order in the store's admin. */
  admin_url: z.string(),
});
export type ShopifyOrder = z.infer<typeof shopifyOrderSchema>;

export const shopifyOrdersResponse = z.object({
  shop_domain: z.string(),
  /** Null when the contact has no email / phone, or the store has no such customer. */
  customer: z
    .object({
      id: z.number(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      admin_url: z.string(),
    })
    .nullable(),
  /** Newest first, at most 10. */
  orders: z.array(shopifyOrderSchema),
  /** When Parley asked Shopify (answers are cached for a minute). */
  fetched_at: z.string(),
});
export type ShopifyOrders = z.infer<typeof shopifyOrdersResponse>;
