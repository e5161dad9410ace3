import { afterEach, describe, expect, it, vi } from 'vitest';
import { WEB_CONFIG_ELEMENT_ID } from '@parley/contracts';
import { serveConfig } from '../../test/fixtures';

afterEach(() => {
  document.getElementById(WEB_CONFIG_ELEMENT_ID)?.remove();
  vi.resetModules();
});

describe('the shell’s texts name the product as the server configures it (lib/product.ts)', () => {
  it('the survey title and the help texts use the configured name and address', async () => {
    serveConfig(JSON.stringify({ product_name: 'Acme Desk', support_email: 'help@acme.test' }));
    vi.resetModules();
    const { SURVEY_TEXTS } = await import('./nps/survey-texts');
    const { DEMO_CALLOUT_TEXT } = await import('./help-widget/help-callouts');
    expect(SURVEY_TEXTS.title).toBe('Help us improve Acme Desk.');
    expect(SURVEY_TEXTS.reachOut).toBe('Have a question? Reach out to us at help@acme.test.');
    expect(DEMO_CALLOUT_TEXT.title).toBe('New to Acme Desk?');
  });
});
