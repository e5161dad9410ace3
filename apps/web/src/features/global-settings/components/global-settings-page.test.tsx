import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GLOBAL_SETTINGS_DEFAULTS, LOCAL_KEYS } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { fakeApi, json, type RecordedCall } from '../../../test/fake-api';
import { signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { GlobalSettingsPage } from './global-settings-page';

const SERVER_SETTINGS = { ...GLOBAL_SETTINGS_DEFAULTS, default_fonts: ['Tahoma', 'Georgia'] };

function renderSettings() {
  const { store } = makeStore({ persist: false });
  renderPage(<GlobalSettingsPage />, { at: '/settings/global', store });
  return store;
}

describe('global settings page (docs/product/data.md, docs/product/api.md, docs/product/errors.md)', () => {
  it('loads the settings, saves a change and shows the success toast', async () => {
    signInCookies();
    const api = fakeApi({
      'GET /dashboardapi/global/settings': json(200, SERVER_SETTINGS),
      'PATCH /dashboardapi/global/settings': (call: RecordedCall) =>
        json(200, { ...SERVER_SETTINGS, ...(call.body as object) }),
    });
    const store = renderSettings();

    const autoAssign = await screen.findByRole('switch', { name: /auto-assign/i });
    await waitFor(() => expect(store.getState().globalSettings.isFetched).toBe(true));
    expect(autoAssign).toHaveAttribute('aria-checked', 'false');
    expect(localStorage.getItem(LOCAL_KEYS.lastShownAt)).not.toBeNull();

    await userEvent.click(autoAssign);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const toast = await screen.findByText('Global settings successfully updated');
    // docs/product/screens.md: toasts sit at the top right.
    expect(toast.closest('.ant-notification-topRight')).not.toBeNull();
    const [patch] = api.callsTo('PATCH /dashboardapi/global/settings');
    expect(patch?.body).toEqual({ ...SERVER_SETTINGS, auto_assign_user_on_reply: true });
    expect(patch?.headers['x-csrftoken']).toBe('csrf123');
    expect(store.getState().globalSettings).toMatchObject({
      auto_assign_user_on_reply: true,
      submitting: false,
      error: null,
    });
    expect(screen.getByRole('switch', { name: /auto-assign/i })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('shows the server-error toast when saving fails, and keeps the error payload in state', async () => {
    signInCookies();
    fakeApi({
      'GET /dashboardapi/global/settings': json(200, SERVER_SETTINGS),
      'PATCH /dashboardapi/global/settings': json(500, {
        code: 'internal_error',
        message: 'Something went wrong on our side. Please try again.',
      }),
    });
    const store = renderSettings();
    await userEvent.click(
      await screen.findByRole('switch', { name: /disable keyboard shortcuts/i }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('An Error Ocurred on the Server')).toBeInTheDocument();
    expect(store.getState().globalSettings.error).toMatchObject({
      status: 500,
      code: 'internal_error',
    });
  });

  it('labels every setting so it can be found by its text', async () => {
    signInCookies();
    fakeApi({ 'GET /dashboardapi/global/settings': json(200, SERVER_SETTINGS) });
    renderSettings();
    expect(await screen.findByRole('switch', { name: /same subject and sender/i })).toBeVisible();
    expect(screen.getByRole('switch', { name: /disable keyboard shortcuts/i })).toBeVisible();
    expect(screen.getByLabelText('Live chat notification sound')).toBeInTheDocument();
    expect(screen.getByLabelText('Default fonts')).toBeInTheDocument();
  });
});
