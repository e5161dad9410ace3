/** A brand's Shopify store beside each conversation. */
export const SHOPIFY_PATHS = {
  connect: '/dashboardapi/shopify/connect',
  connections: '/dashboardapi/shopify/connections',
  /** DELETE `/dashboardapi/shopify/connections/{id}` disconnects a store. */
  connection: (id: number) => `/dashboardapi/shopify/connections/${id}`,
  orders: (conversationId: number) =>
    `/dashboardapi/conversations/${conversationId}/shopify/orders`,
  webhook: '/dashboardapi/shopify/webhook',
} as const;

/** The Admin API answers on the store's own `*.myshopify.com` host only. */
export const MYSHOPIFY_DOMAIN_PATTERN = /^[a-z0-9][a-z0-9-]{0,61}\.myshopify\.com$/;
