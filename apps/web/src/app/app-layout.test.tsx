import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { GLOBAL_SETTINGS_DEFAULTS } from '@parley/contracts';
import { emulateViewport } from '../features/inbox/testing';
import { fakeApi, json } from '../test/fake-api';
import { ME, signInCookies } from '../test/fixtures';
import { AppRoutes } from './app-routes';
import { store } from './app-store';
import { NavigationBridge } from './navigation-bridge';
import { resetAppState } from './reset-app-state';

function LocationProbe() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

function renderShell(at: string, width: number) {
  viewport = emulateViewport(width);
  signInCookies();
  fakeApi({
    'GET /dashboardapi/me': json(200, ME),
    'GET /dashboardapi/accounts': json(200, {
      accounts: [{ id: 7, name: 'Acme Support', permission_level: 'owner' }],
    }),
    'GET /dashboardapi/global/settings': json(200, GLOBAL_SETTINGS_DEFAULTS),
  });
  return render(
    <MemoryRouter initialEntries={[at]}>
      <NavigationBridge />
      <AppRoutes />
      <LocationProbe />
    </MemoryRouter>,
  );
}

let viewport: ReturnType<typeof emulateViewport> | null = null;
// The shell's store is the app's singleton: unmount first, then forget everything it cached.
afterEach(() => {
  cleanup();
  store.dispatch(resetAppState());
  viewport?.restore();
});

const userMenuButton = () => screen.findByTestId('user-menu');

describe('the shell on a phone (below 768 px): a top bar and a navigation drawer', () => {
  it('has no side navigation; the top bar’s menu button opens the navigation in a drawer, and picking a page closes it', async () => {
    renderShell('/setup', 390);
    const open = await screen.findByRole('button', { name: 'Open navigation' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(document.querySelector('.ant-layout-sider')).toBeNull();

    await userEvent.click(open);
    const drawer = await screen.findByRole('dialog');
    const nav = within(drawer).getByRole('navigation', { name: 'Main' });
    for (const [label, href] of [
      ['Inboxes', '/inboxes'],
      ['Reporting', '/reporting'],
      ['Settings', '/settings'],
      ['Setup', '/setup'],
    ]) {
      expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    await userEvent.click(within(nav).getByRole('link', { name: 'Reporting' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/reporting'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the top bar shows the workspace and the avatar alone (the name is for screen readers)', async () => {
    renderShell('/setup', 390);
    expect(await screen.findByText('Workspace')).toBeInTheDocument();
    const button = await userMenuButton();
    await waitFor(() => expect(button).toHaveAccessibleName(`${ME.name}, user menu`));
    expect(within(button).getByText(ME.name)).toHaveStyle({ position: 'absolute', width: '1px' });
  });

  it('between 768 and 991 px the side navigation folds to icons and the brand keeps only its mark, clear of the workspace name', async () => {
    renderShell('/setup', 900);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(nav.closest('.ant-layout-sider')).toHaveClass('ant-layout-sider-collapsed');
    await waitFor(() => expect(screen.queryByText('Parley')).toBeNull());
  });

  it('on a desktop the side navigation and the brand’s name are there, and no menu button', async () => {
    renderShell('/setup', 1440);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(nav.closest('.ant-layout-sider')).not.toHaveClass('ant-layout-sider-collapsed');
    expect(screen.getByText('Parley')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open navigation' })).toBeNull();
  });
});

describe('the user menu button (axe: label-content-name-mismatch)', () => {
  it('is named by the text it shows — the signed-in person’s name — then what it is, not by a different label', async () => {
    renderShell('/setup', 1440);
    const button = await userMenuButton();
    await waitFor(() => expect(button).toHaveAccessibleName(`${ME.name}, user menu`));
    expect(button).not.toHaveAttribute('aria-label');
    expect(within(button).getByText(ME.name)).not.toHaveStyle({ position: 'absolute' });
  });
});
