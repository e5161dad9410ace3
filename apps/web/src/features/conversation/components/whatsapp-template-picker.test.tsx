import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Message, WhatsappTemplatesResponse } from '@parley/contracts';
import { fakeApi, json } from '../../../test/fake-api';
import { renderWithStore } from '../test/pane-fixtures';
import { WhatsappTemplatePicker } from './whatsapp-template-picker';

const CONVERSATION_ID = 42;
const LIST = `GET /dashboardapi/conversations/${CONVERSATION_ID}/whatsapp/templates`;
const SEND = `POST /dashboardapi/conversations/${CONVERSATION_ID}/whatsapp/template`;

const TEMPLATES: WhatsappTemplatesResponse = {
  window_open: false,
  window_closes_at: '2026-11-22T10:00:00.000Z',
  templates: [
    {
      id: 'tmpl-1',
      name: 'order_update',
      language: 'en',
      category: 'UTILITY',
      body: 'Hi {{1}}, your order {{2}} has shipped.',
      variable_count: 2,
    },
  ],
};

const SENT = {
  id: 900,
  body: 'Hi Priya, your order #1042 has shipped.',
} as unknown as Message;

function renderPicker() {
  return renderWithStore(<WhatsappTemplatePicker conversationId={CONVERSATION_ID} />);
}

describe('WhatsApp template picker', { timeout: 60_000 }, () => {
  it('outside the window: previews the template with its variables filled and sends it', async () => {
    const api = fakeApi({ [LIST]: json(200, TEMPLATES), [SEND]: json(201, SENT) });
    renderPicker();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send a template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a WhatsApp template' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByText('order_update (en)'));
    const preview = within(dialog).getByRole('note', { name: 'Preview' });
    expect(preview).toHaveTextContent('Hi {{1}}, your order {{2}} has shipped.');
    const sendButton = within(dialog).getByRole('button', { name: 'Send template' });
    expect(sendButton).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Variable {{1}}' }), 'Priya');
    await user.type(within(dialog).getByRole('textbox', { name: 'Variable {{2}}' }), '#1042');
    expect(preview).toHaveTextContent('Hi Priya, your order #1042 has shipped.');
    await user.click(sendButton);
    await expect.poll(() => api.callsTo(SEND)).toHaveLength(1);
    expect(api.callsTo(SEND)[0]!.body).toEqual({
      template_id: 'tmpl-1',
      params: ['Priya', '#1042'],
    });
    await expect
      .poll(() => screen.queryByRole('dialog', { name: 'Send a WhatsApp template' }))
      .toBeNull();
  });

  it('when the provider cannot be reached, says so in words and offers to try again', async () => {
    const routes = {
      [LIST]: json(502, {
        code: 'provider_error',
        message: 'Gupshup could not be reached: fetch failed. Try again in a moment.',
      }),
    };
    fakeApi(routes);
    renderPicker();
    expect(await screen.findByText('WhatsApp templates could not be loaded')).toBeInTheDocument();
    expect(
      screen.getByText('Gupshup could not be reached: fetch failed. Try again in a moment.'),
    ).toBeInTheDocument();
    routes[LIST] = json(200, TEMPLATES);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Send a template' })).toBeInTheDocument();
  });

  it('shows the refusal in words and keeps the dialog open', async () => {
    fakeApi({
      [LIST]: json(200, TEMPLATES),
      [SEND]: json(400, {
        code: 'bad_request',
        message: 'The template "order_update" needs 2 values, 1 given.',
      }),
    });
    renderPicker();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send a template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a WhatsApp template' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByText('order_update (en)'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Variable {{1}}' }), 'A');
    await user.type(within(dialog).getByRole('textbox', { name: 'Variable {{2}}' }), 'B');
    await user.click(within(dialog).getByRole('button', { name: 'Send template' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The template "order_update" needs 2 values, 1 given.',
    );
  });

  it('offers nothing while the 24-hour window is open', async () => {
    const api = fakeApi({ [LIST]: json(200, { ...TEMPLATES, window_open: true }) });
    renderPicker();
    await expect.poll(() => api.callsTo(LIST)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Send a template' })).toBeNull();
  });
});
