import { SHOPIFY_PATHS, type ShopifyConnectBody, type ShopifyConnection } from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';

/** A store's Shopify connection (its Admin API token), per brand. */
export const shopifyConnectionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listShopifyConnections: build.query<{ connections: ShopifyConnection[] }, void>({
      query: () => SHOPIFY_PATHS.connections,
    }),
    // The mapping's `integrations` lists the connected stores: it changes with these.
    connectShopify: build.mutation<ShopifyConnection, ShopifyConnectBody>({
      query: (body) => ({ url: SHOPIFY_PATHS.connect, method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['Mapping'] : []),
    }),
    disconnectShopify: build.mutation<void, number>({
      query: (id) => ({ url: SHOPIFY_PATHS.connection(id), method: 'DELETE' }),
      invalidatesTags: ['Mapping'],
    }),
  }),
});

export const {
  useListShopifyConnectionsQuery,
  useConnectShopifyMutation,
  useDisconnectShopifyMutation,
} = shopifyConnectionApi;
