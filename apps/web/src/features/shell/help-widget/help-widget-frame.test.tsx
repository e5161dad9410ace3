import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  DEMO_CALLOUT_DELAY_MS,
  LOCAL_KEYS,
  frameMessage,
  type FrameToHostMessage,
  type HostToFrameMessage,
} from '@parley/contracts';
import { json } from '../../../test/fake-api';
import { ME } from '../../../test/fixtures';
import { meLoaded, renderShell } from '../testing/render-shell';
import { DEMO_CALLOUT_TEXT, newMessageCalloutTitle } from './help-callouts';
import { chatTitle, helpMenu } from './help-widget';
import { newMessagesTitle } from './use-help-widget-frame';

const FRAME_URL = 'https://help.example.com/widget/frame?workspace=1';
const FRAME_ORIGIN = 'https://help.example.com';

/** The shell with the operator's live chat configured, and a spy on what the host posts to it. */
async function renderWithFrame(at = '/inboxes') {
  const shell = renderShell({
    at,
    routes: { 'GET /dashboardapi/shell/help-widget': json(200, { frame_url: FRAME_URL }) },
  });
  const frame = (await screen.findByTestId('help-widget-frame')) as HTMLIFrameElement;
  expect(frame.src).toBe(FRAME_URL);
  const posted = vi.fn<(message: HostToFrameMessage, origin: string) => void>();
  frame.contentWindow!.postMessage = posted as never;
  const sent = (type: HostToFrameMessage['type']) =>
    posted.mock.calls.filter(([m]) => m.type === type).map(([m, origin]) => ({ ...m, origin }));
  /** A message as the embedded widget would send it (from its window and origin by default). */
  const fromFrame = (
    message: FrameToHostMessage | Record<string, unknown>,
    { origin = FRAME_ORIGIN, source = frame.contentWindow as Window | null } = {},
  ) =>
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: message, origin, source }));
    });
  return { ...shell, frame, posted, sent, fromFrame };
}

const helpButton = () => screen.getByTestId('help-float-button');
const panel = () => screen.queryByTestId('help-widget-panel');

describe(
  'help widget frame messages (docs/product/api.md), origin-checked both ways',
  { timeout: 90_000 },
  () => {
    it('greets the widget with init on load, only to its origin; after init_success sends initial_email and current_page', async () => {
      const { frame, sent, fromFrame } = await renderWithFrame();
      fireEvent.load(frame);
      expect(sent('init')).toEqual([
        {
          source: 'parley-help-widget',
          type: 'init',
          payload: {
            name: ME.name,
            email: ME.email,
            account_id: ME.account.id,
            page_url: '/inboxes',
          },
          origin: FRAME_ORIGIN,
        },
      ]);
      fromFrame(frameMessage('init_success', {}));
      expect(sent('initial_email').map((m) => m.payload)).toEqual([{ email: ME.email }]);
      expect(sent('current_page').map((m) => m.payload)).toEqual([{ url: '/inboxes' }]);
    });

    it('new_message sets the page title to the new-messages count and shows a callout with a badge; seen restores the title', async () => {
      document.title = 'Parley';
      const { fromFrame } = await renderWithFrame();
      fromFrame(frameMessage('new_message', { count: 2, preview: 'We fixed it for you' }));
      expect(document.title).toBe(newMessagesTitle(2));
      const callout = await screen.findByTestId('help-new-message-callout');
      expect(callout).toHaveTextContent(newMessageCalloutTitle(2));
      expect(callout).toHaveTextContent('We fixed it for you');
      expect(within(helpButton()).getByText('2')).toBeInTheDocument();

      fromFrame(frameMessage('seen', {}));
      expect(document.title).toBe('Parley');
      expect(screen.queryByTestId('help-new-message-callout')).toBeNull();
    });

    it('clicking the callout opens the chat: active_state, open_window_page chat, reset_notifications; the title comes back', async () => {
      document.title = 'Parley';
      const { fromFrame, sent, frame } = await renderWithFrame();
      fromFrame(frameMessage('new_message', { count: 1, preview: null }));
      fireEvent.click(await screen.findByTestId('help-new-message-callout'));
      expect(panel()).not.toBeNull();
      expect(screen.getByRole('dialog', { name: chatTitle() })).toBe(panel());
      expect(frame).toBeVisible();
      expect(sent('active_state').at(-1)?.payload).toEqual({ open: true });
      expect(sent('open_window_page').at(-1)?.payload).toEqual({ page: 'chat' });
      expect(sent('reset_notifications')).toHaveLength(1);
      expect(document.title).toBe('Parley');
    });

    it('the embedded widget opens the panel (active_state) and closes it (close, active_state false)', async () => {
      const { fromFrame, sent } = await renderWithFrame();
      fromFrame(frameMessage('active_state', { open: true }));
      expect(screen.getByRole('dialog', { name: chatTitle() })).toBe(panel());
      fromFrame(frameMessage('close', {}));
      expect(panel()).toBeNull();
      expect(sent('active_state').at(-1)?.payload).toEqual({ open: false });
      fromFrame(frameMessage('active_state', { open: true }));
      fromFrame(frameMessage('active_state', { open: false }));
      expect(panel()).toBeNull();
    });

    it('ignores messages from another origin, another window, or of an unknown shape', async () => {
      document.title = 'Parley';
      const { fromFrame } = await renderWithFrame();
      const message = frameMessage('new_message', { count: 3 });
      fromFrame(message, { origin: 'https://evil.example.com' });
      fromFrame(message, { source: window });
      fromFrame({ source: 'parley-help-widget', type: 'new_message', payload: { count: 'many' } });
      fromFrame({ source: 'someone-else', type: 'close', payload: {} });
      fromFrame(frameMessage('active_state', { open: true }), {
        origin: 'http://help.example.com',
      });
      expect(document.title).toBe('Parley');
      expect(screen.queryByTestId('help-new-message-callout')).toBeNull();
      expect(panel()).toBeNull();
    });

    it('open_url opens web links in a new tab, never javascript: or data: links', async () => {
      const open = vi.fn<(url: string, target: string, features: string) => void>();
      vi.stubGlobal('open', open);
      const { fromFrame } = await renderWithFrame();
      fromFrame(frameMessage('open_url', { url: 'https://help.example.com/article/7' }));
      fromFrame(frameMessage('open_url', { url: 'javascript:alert(1)' }));
      fromFrame(frameMessage('open_url', { url: 'data:text/html,hi' }));
      expect(open.mock.calls).toEqual([
        ['https://help.example.com/article/7', '_blank', 'noopener,noreferrer'],
      ]);
    });

    it('the menu offers the chat first when the operator configured it, before the four spec entries', async () => {
      await renderWithFrame();
      fireEvent.click(helpButton());
      const entries = within(screen.getByRole('navigation', { name: 'Help menu' })).getAllByRole(
        'listitem',
      );
      expect(entries[0]).toHaveTextContent(chatTitle());
      expect(entries.at(-1)).toHaveTextContent(helpMenu().requestCallback);
    });

    it('without HELP_WIDGET_URL the shell embeds no frame', async () => {
      renderShell({
        at: '/inboxes',
        routes: { 'GET /dashboardapi/shell/help-widget': json(200, { frame_url: null }) },
      });
      await meLoaded();
      await screen.findByTestId('help-float-button');
      expect(screen.queryByTestId('help-widget-frame')).toBeNull();
    });
  },
);

describe(
  'the demo and chat callout (docs/product/states.md, docs/product/limits.md: 5 seconds after load)',
  { timeout: 90_000 },
  () => {
    it('appears 5 s after load, not before; Schedule a demo opens the demo modal and it never comes back', async () => {
      localStorage.removeItem(LOCAL_KEYS.showDemoAndChatCallout);
      const started = Date.now();
      renderShell({ at: '/inboxes' });
      await meLoaded();
      expect(screen.queryByTestId('help-demo-callout')).toBeNull();
      const callout = await screen.findByTestId('help-demo-callout', undefined, { timeout: 9000 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(DEMO_CALLOUT_DELAY_MS);
      fireEvent.click(within(callout).getByRole('button', { name: DEMO_CALLOUT_TEXT.demo }));
      await waitFor(() =>
        expect(screen.getByRole('dialog', { name: 'Schedule a demo' })).toBeInTheDocument(),
      );
      expect(screen.queryByTestId('help-demo-callout')).toBeNull();
      expect(localStorage.getItem(LOCAL_KEYS.showDemoAndChatCallout)).toBe('false');
    });

    it('Dismiss stores showDemoAndChatCallout = false; Chat with us opens the help panel', async () => {
      localStorage.removeItem(LOCAL_KEYS.showDemoAndChatCallout);
      renderShell({ at: '/settings/teammembers' });
      let callout = await screen.findByTestId('help-demo-callout', undefined, { timeout: 9000 });
      fireEvent.click(within(callout).getByRole('button', { name: DEMO_CALLOUT_TEXT.chat }));
      expect(panel()).not.toBeNull();
      expect(localStorage.getItem(LOCAL_KEYS.showDemoAndChatCallout)).toBe('false');

      localStorage.removeItem(LOCAL_KEYS.showDemoAndChatCallout);
      fireEvent.click(helpButton());
      callout = await screen.findByTestId('help-demo-callout', undefined, { timeout: 9000 });
      fireEvent.click(within(callout).getByRole('button', { name: DEMO_CALLOUT_TEXT.dismiss }));
      expect(screen.queryByTestId('help-demo-callout')).toBeNull();
      expect(localStorage.getItem(LOCAL_KEYS.showDemoAndChatCallout)).toBe('false');
    });
  },
);
