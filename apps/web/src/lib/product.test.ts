import { afterEach, describe, expect, it, vi } from 'vitest';
import { WEB_CONFIG_ELEMENT_ID } from '@parley/contracts';
import { serveConfig } from '../test/fixtures';
import { readWebConfig } from './product';

afterEach(() => {
  document.getElementById(WEB_CONFIG_ELEMENT_ID)?.remove();
  vi.resetModules();
});

// The texts that use them are tested where they live: features/shell/product-texts.test.ts and
// features/inbox/hooks/use-inbox-title.test.ts.
describe('PRODUCT_NAME and SUPPORT_EMAIL come from the server at run time', () => {
  it('without the block (the Vite dev server), or with a broken one, the defaults', () => {
    expect(readWebConfig()).toEqual({
      product_name: 'Parley',
      support_email: 'support@parley.localhost',
    });
    serveConfig('{not json');
    expect(readWebConfig().product_name).toBe('Parley');
    document.getElementById(WEB_CONFIG_ELEMENT_ID)?.remove();
    serveConfig(JSON.stringify({ product_name: '  ', support_email: 42 }));
    expect(readWebConfig()).toEqual({
      product_name: 'Parley',
      support_email: 'support@parley.localhost',
    });
  });
});
