import { afterEach, describe, expect, it, vi } from 'vitest';
import { WEB_CONFIG_ELEMENT_ID } from '@parley/contracts';
import { readWebConfig } from './product';

/** The block the server writes into index.html (apps/server/src/plugins/web-app.ts). */
function serveConfig(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = WEB_CONFIG_ELEMENT_ID;
  block.textContent = text;
  document.head.append(block);
}

afterEach(() => {
  document.getElementById(WEB_CONFIG_ELEMENT_ID)?.remove();
  vi.resetModules();
});

describe('PRODUCT_NAME and SUPPORT_EMAIL come from the server at run time', () => {
  it('the survey title, the help texts and the inbox tab title use the configured name and address', async () => {
    serveConfig(JSON.stringify({ product_name: 'Acme Desk', support_email: 'help@acme.test' }));
    vi.resetModules();
    const { SURVEY_TEXTS } = await import('../features/shell/nps/survey-texts');
    const { DEMO_CALLOUT_TEXT } = await import('../features/shell/help-widget/help-callouts');
    const { inboxTitle } = await import('../features/inbox/hooks/use-inbox-title');
    expect(SURVEY_TEXTS.title).toBe('Help us improve Acme Desk.');
    expect(SURVEY_TEXTS.reachOut).toBe('Have a question? Reach out to us at help@acme.test.');
    expect(DEMO_CALLOUT_TEXT.title).toBe('New to Acme Desk?');
    expect(inboxTitle(3)).toBe('(3) Inbox · Acme Desk');
  });

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
