import { SHOPIFY_PATHS, type ShopifyOrders } from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';

/** The contact's orders in the conversation's Shopify store. */
export const shopifyOrdersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getShopifyOrders: build.query<ShopifyOrders, number>({
      query: (conversationId) => SHOPIFY_PATHS.orders(conversationId),
      // The server caches Shopify's answer for a minute; keep ours no longer.
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useGetShopifyOrdersQuery } = shopifyOrdersApi;
