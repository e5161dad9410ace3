import { afterEach, describe, expect, it, vi } from 'vitest';
import { WEB_CONFIG_ELEMENT_ID } from '@parley/contracts';
import { serveConfig } from '../../../test/fixtures';

afterEach(() => {
  document.getElementById(WEB_CONFIG_ELEMENT_ID)?.remove();
  vi.resetModules();
});

describe('the inbox tab title', () => {
  it('uses the product name the server configures (lib/product.ts)', async () => {
    serveConfig(JSON.stringify({ product_name: 'Acme Desk', support_email: 'help@acme.test' }));
    vi.resetModules();
    const { inboxTitle } = await import('./use-inbox-title');
    expect(inboxTitle(3)).toBe('(3) Inbox · Acme Desk');
  });
});
