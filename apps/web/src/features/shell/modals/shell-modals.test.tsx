import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { DAY_MS, REALTIME_EVENTS } from '@parley/contracts';
import { meApi } from '../../auth';
import type { FakePusher } from '../../realtime/testing';
import { json } from '../../../test/fake-api';
import { meLoaded, meWith, renderShell } from '../testing/render-shell';
import { IOS_APP_URL, ANDROID_APP_URL, SUPPORT_EMAIL } from '../shell-config';
import { paymentModalTitle } from './payment-failure-modal';

const NOW = new Date('2026-06-15T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS).toISOString();
function fixClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
}

const location = () => screen.getByTestId('location');

/** The open modal with this title (a role query over the whole page is slow in jsdom). */
async function findDialog(title: string | RegExp) {
  const [heading] = await screen.findAllByText(title, {
    selector: '.ant-modal-title, .ant-modal-title *',
  });
  return heading!.closest<HTMLElement>('[role="dialog"]')!;
}

async function openFromUserMenu(label: string) {
  // By test id and text: role queries over the open menu are slow in jsdom.
  await userEvent.click(screen.getByTestId('user-menu'));
  await userEvent.click(
    await screen.findByText(label, { selector: '.ant-dropdown-menu-title-content' }),
  );
}

describe('modals opened from the user menu (docs/product/screens.md)', { timeout: 60_000 }, () => {
  it('release notes: loads the dated entries from GET /dashboardapi/release-notes', async () => {
    const { api } = renderShell({
      at: '/inboxes',
      routes: {
        'GET /dashboardapi/release-notes': json(200, {
          items: [
            {
              id: 2,
              released_on: '2026-08-12',
              title: 'Snooze',
              body: 'Snooze a chat.',
              tag: 'new',
            },
            {
              id: 1,
              released_on: '2026-05-03',
              title: 'Faster',
              body: 'Quicker lists.',
              tag: 'improved',
            },
          ],
        }),
      },
    });
    await meLoaded();
    expect(api.callsTo('GET /dashboardapi/release-notes')).toHaveLength(0);
    await openFromUserMenu('Release notes');
    const dialog = await findDialog('Release notes');
    expect(await within(dialog).findByText('Snooze')).toBeInTheDocument();
    expect(within(dialog).getByText('Aug 12, 2026')).toBeInTheDocument();
    expect(within(dialog).getByText('May 3, 2026')).toBeInTheDocument();
    expect(within(dialog).getByText('Quicker lists.')).toBeInTheDocument();
  });

  it('mobile apps: links to both stores', async () => {
    renderShell({ at: '/inboxes' });
    await meLoaded();
    await openFromUserMenu('Mobile apps');
    const dialog = await findDialog('Get the mobile apps');
    expect(within(dialog).getByRole('link', { name: /App Store/, hidden: true })).toHaveAttribute(
      'href',
      IOS_APP_URL,
    );
    expect(within(dialog).getByRole('link', { name: /Google Play/, hidden: true })).toHaveAttribute(
      'href',
      ANDROID_APP_URL,
    );
  });

  it('support email: a mailto link, and copying shows the toast (docs/product/errors.md)', async () => {
    const user = userEvent.setup();
    renderShell({ at: '/inboxes' });
    await meLoaded();
    await user.click(screen.getByTestId('user-menu'));
    await user.click(
      await screen.findByText('Contact support', { selector: '.ant-dropdown-menu-title-content' }),
    );
    const dialog = await findDialog('Contact support');
    expect(within(dialog).getByRole('link', { name: SUPPORT_EMAIL, hidden: true })).toHaveAttribute(
      'href',
      `mailto:${SUPPORT_EMAIL}`,
    );
    await user.click(within(dialog).getByRole('button', { name: /Copy address/, hidden: true }));
    expect(await screen.findByText('Copied to Clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(SUPPORT_EMAIL);
  });

  it('schedule a demo: posts the chosen slot and the browser time zone', async () => {
    const { api } = renderShell({
      at: '/inboxes',
      routes: {
        'POST /dashboardapi/demo-requests': json(201, {
          id: 1,
          slot: '2030-01-02T10:00:00.000Z',
          timezone: 'UTC',
          status: 'requested',
        }),
      },
    });
    await meLoaded();
    await openFromUserMenu('Schedule a demo');
    const dialog = await findDialog('Schedule a demo');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Request demo', hidden: true }),
    );
    expect(await within(dialog).findByText('Choose a day and time for the demo.')).toBeVisible();

    fireEvent.change(within(dialog).getByLabelText('Day and time'), {
      target: { value: '2030-01-02T10:00' },
    });
    fireEvent.change(within(dialog).getByLabelText('Phone (optional)'), {
      target: { value: '+1 555 0100' },
    });
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Request demo', hidden: true }),
    );

    expect(await screen.findByText('Demo requested')).toBeInTheDocument();
    const [call] = api.callsTo('POST /dashboardapi/demo-requests');
    expect(call?.body).toEqual({
      slot: dayjs('2030-01-02T10:00').toISOString(),
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      phone: '+1 555 0100',
      notes: null,
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Schedule a demo' })).not.toBeInTheDocument(),
    );
  });
});

describe(
  're-authorize Facebook (docs/product/states.md, docs/product/api.md)',
  { timeout: 60_000 },
  () => {
    it('opens on re-authentication-alert-for-ctwa on private-re-authentication-alert-{account id}; Cancel closes; the action goes to the reconnect page', async () => {
      const { realtime } = renderShell({ at: '/inboxes' });
      const client = await waitFor(() => {
        const current = realtime.current as FakePusher;
        expect(current.channels.has('private-re-authentication-alert-7')).toBe(true);
        return current;
      });
      const alert = { support_channel_id: 3, channel_type: 'facebook' as const };
      act(() =>
        client.emit('private-re-authentication-alert-7', REALTIME_EVENTS.reauthAlert, alert),
      );
      const dialog = await findDialog(/Re-authorize Facebook/);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: true }));
      await waitFor(() =>
        expect(
          screen.queryByRole('dialog', { name: /Re-authorize Facebook/ }),
        ).not.toBeInTheDocument(),
      );

      act(() =>
        client.emit('private-re-authentication-alert-7', REALTIME_EVENTS.reauthAlert, alert),
      );
      const again = await findDialog(/Re-authorize Facebook/);
      await userEvent.click(
        within(again).getByRole('button', { name: 'Re-authorize', hidden: true }),
      );
      expect(location()).toHaveTextContent('/settings/supportchannels/addchannel/fb');
    });
  },
);

describe('DMARC modal (docs/product/states.md)', { timeout: 60_000 }, () => {
  it('shows while dmarc_verification_required; closing clears the flag locally', async () => {
    const { store, api } = renderShell({
      at: '/inboxes',
      me: meWith({ dmarc_verification_required: true }),
    });
    const dialog = await findDialog('Verify your email domain');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Later', hidden: true }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Verify your email domain' }),
      ).not.toBeInTheDocument(),
    );
    const me = meApi.endpoints.getMe.select()(store.getState()).data;
    expect(me?.dmarc_verification_required).toBe(false);
    // Locally: nothing was sent to the server.
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('its action leads to /settings/dnsrecords', async () => {
    renderShell({ at: '/inboxes', me: meWith({ dmarc_verification_required: true }) });
    const dialog = await findDialog('Verify your email domain');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Verify DMARC', hidden: true }),
    );
    expect(location()).toHaveTextContent(/^\/settings\/dnsrecords$/);
  });

  it('does not show without the flag', async () => {
    renderShell({ at: '/inboxes' });
    await meLoaded();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe(
  'password reminder (docs/product/states.md, docs/product/limits.md: 83 to 90 days)',
  { timeout: 60_000 },
  () => {
    for (const [days, shown] of [
      [82, false],
      [83, true],
      [90, true],
      [91, false],
    ] as const) {
      it(`password ${days} days old: ${shown ? 'shows' : 'no'} reminder`, async () => {
        fixClock();
        renderShell({ at: '/inboxes', me: meWith({ last_password_updated: daysAgo(days) }) });
        await meLoaded();
        // The modal mounts with Me; waitFor lets its portal settle.
        await waitFor(() =>
          expect(
            screen.queryByText('Your password expires soon', { selector: '.ant-modal-title' }) !==
              null,
          ).toBe(shown),
        );
      });
    }

    it('never on the change-password page', async () => {
      fixClock();
      renderShell({
        at: '/settings/profile/changepassword',
        me: meWith({ last_password_updated: daysAgo(85) }),
      });
      await meLoaded();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('its action leads to the change-password page with alert=expiry_shortly', async () => {
      fixClock();
      renderShell({ at: '/inboxes', me: meWith({ last_password_updated: daysAgo(85) }) });
      const dialog = await findDialog('Your password expires soon');
      expect(dialog).toHaveTextContent('expires in 5 days');
      await userEvent.click(
        within(dialog).getByRole('button', { name: 'Change password', hidden: true }),
      );
      expect(location()).toHaveTextContent('/settings/profile/changepassword?alert=expiry_shortly');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });
  },
);

describe(
  'payment failure modal (docs/product/states.md: blocking but dismissible)',
  { timeout: 60_000 },
  () => {
    it('shows when the banner shows and the failure is 14+ days old; it can be dismissed', async () => {
      fixClock();
      renderShell({ at: '/inboxes', me: meWith({ payment_failure_triggered_at: daysAgo(14) }) });
      const dialog = await findDialog(paymentModalTitle());
      await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss', hidden: true }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // The banner stays.
      expect(screen.getByTestId('payment-banner')).toBeInTheDocument();
    });

    it('shows when the action-required age is 14+ days, even if the failure is recent', async () => {
      fixClock();
      renderShell({
        at: '/inboxes',
        me: meWith({
          payment_failure_triggered_at: daysAgo(2),
          payment_action_required_triggered_at: daysAgo(15),
        }),
      });
      const dialog = await findDialog(paymentModalTitle());
      await userEvent.click(
        within(dialog).getByRole('button', { name: 'Update payment method', hidden: true }),
      );
      expect(location()).toHaveTextContent(/^\/settings\/pricing$/);
    });

    it('not under 14 days, and not when the banner was closed today', async () => {
      fixClock();
      const first = renderShell({
        at: '/inboxes',
        me: meWith({ payment_failure_triggered_at: daysAgo(13) }),
      });
      await meLoaded();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      first.view.unmount();

      localStorage.setItem('banner-closed-on', '2026-06-15');
      renderShell({ at: '/inboxes', me: meWith({ payment_failure_triggered_at: daysAgo(20) }) });
      await meLoaded();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('the payment modal is not on a page without the banner (the banner shows on /inboxes and /setings only)', async () => {
      fixClock();
      renderShell({ at: '/reporting', me: meWith({ payment_failure_triggered_at: daysAgo(20) }) });
      await meLoaded();
      expect(screen.queryByTestId('payment-banner')).not.toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('a dismissal is kept for the session: a reload does not show the modal again', async () => {
      fixClock();
      const failing = meWith({ payment_failure_triggered_at: daysAgo(20) });
      const first = renderShell({ at: '/inboxes', me: failing });
      const dialog = await findDialog(paymentModalTitle());
      await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss', hidden: true }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      first.view.unmount();

      // The page loads again in the same tab session.
      renderShell({ at: '/inboxes', me: failing });
      await meLoaded();
      expect(screen.getByTestId('payment-banner')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  },
);
