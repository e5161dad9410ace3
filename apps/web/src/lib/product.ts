import {
  PRODUCT_NAME_DEFAULT,
  SUPPORT_EMAIL_DEFAULT,
  WEB_CONFIG_ELEMENT_ID,
  type WebConfig,
} from '@parley/contracts';

/**
 * The operator's PRODUCT_NAME and SUPPORT_EMAIL, which the server writes into index.html at run
 * time (a JSON data block, see WEB_CONFIG_ELEMENT_ID). Without it (the Vite dev server, tests)
 * or with a malformed one, the defaults.
 */
export function readWebConfig(doc: Document = document): WebConfig {
  const config: WebConfig = {
    product_name: PRODUCT_NAME_DEFAULT,
    support_email: SUPPORT_EMAIL_DEFAULT,
  };
  const text = doc.getElementById(WEB_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return config;
  try {
    const served = JSON.parse(text) as Partial<Record<keyof WebConfig, unknown>>;
    for (const key of ['product_name', 'support_email'] as const) {
      const value = served[key];
      if (typeof value === 'string' && value.trim()) config[key] = value;
    }
  } catch {
    // Not JSON: the defaults stand.
  }
  return config;
}

// Read once: the block is in the page before any script of ours runs, and never changes.
const config = readWebConfig();

/** The product's name: page titles, the help menu, survey and banners. */
export const productName = config.product_name;
/** The address the app tells people to write to. */
export const supportEmail = config.support_email;
