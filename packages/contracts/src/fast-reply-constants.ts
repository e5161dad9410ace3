/** docs/product/api.md fast-reply calls. */
export const FAST_REPLY_PATHS = {
  create: '/dashboardapi/fastreply',
  all: '/dashboardapi/fastreply/all',
  /** PATCH and DELETE take `?id={id}`. */
  one: '/dashboardapi/fastreply',
  resolve: '/dashboardapi/fastreply/resolve',
  variables: '/dashboardapi/fastreply/variables/all',
} as const;

/**
 * Variables a template can use, written `{{key}}` or `{{key | fallback}}`; the fallback is used
 * when the value is unknown (e.g. `Hi {{customer_first_name | there}}`).
 */
export const FAST_REPLY_VARIABLES = [
  { key: 'customer_name', label: 'Customer name', example: 'Maya Patel' },
  { key: 'customer_first_name', label: 'Customer first name', example: 'Maya' },
  { key: 'customer_email', label: 'Customer email', example: 'maya@example.com' },
  { key: 'customer_phone', label: 'Customer phone', example: '+91 98765 43210' },
  { key: 'agent_name', label: 'Your name', example: 'Sam Agent' },
  { key: 'agent_first_name', label: 'Your first name', example: 'Sam' },
  { key: 'store_name', label: 'Store name', example: 'Northwind Outfitters' },
  { key: 'store_url', label: 'Store domain', example: 'northwind.myshopify.com' },
  { key: 'order_number', label: 'Latest order number', example: '#1042' },
  { key: 'order_status', label: 'Latest order status', example: 'paid, fulfilled' },
  {
    key: 'order_tracking_url',
    label: 'Latest order tracking link',
    example: 'https://track.example/1Z999',
  },
  { key: 'ticket_id', label: 'Ticket id', example: '1234' },
  { key: 'workspace_name', label: 'Workspace name', example: 'Northwind Support' },
] as const;
export type FastReplyVariableKey = (typeof FAST_REPLY_VARIABLES)[number]['key'];

const VARIABLE_PATTERN = /\{\{\s*([a-z_]+)\s*(?:\|\s*([^}]*?)\s*)?\}\}/g;

/**
 * Fills `{{key}}` / `{{key | fallback}}`. Unknown keys stay as written; a known key without a
 * value uses its fallback, or becomes empty and is reported in `missing`.
 */
export function fillTemplate(
  template: string,
  values: Partial<Record<string, string | null | undefined>>,
): { content: string; missing: string[] } {
  const known = new Set<string>(FAST_REPLY_VARIABLES.map((v) => v.key));
  const missing = new Set<string>();
  const content = template.replace(VARIABLE_PATTERN, (whole, key: string, fallback?: string) => {
    if (!known.has(key)) return whole;
    const value = values[key];
    if (value !== undefined && value !== null && value !== '') return value;
    if (fallback !== undefined) return fallback;
    missing.add(key);
    return '';
  });
  return { content, missing: [...missing] };
}
