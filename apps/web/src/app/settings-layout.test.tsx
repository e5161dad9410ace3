import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { makeStore } from './store';
import { meLoaded, ME_PATH } from '../features/auth';
import { emulateViewport } from '../features/inbox/testing';
import { fakeApi, json } from '../test/fake-api';
import { ME, signInCookies } from '../test/fixtures';
import { renderPage } from '../test/render';
import { SettingsLayout } from './settings-layout';

let restoreViewport: (() => void) | null = null;
afterEach(() => {
  restoreViewport?.();
  restoreViewport = null;
});

function renderSettings(width: number, at = '/settings/global') {
  restoreViewport = emulateViewport(width).restore;
  signInCookies();
  fakeApi({ [`GET ${ME_PATH}`]: json(200, ME) });
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded(ME));
  renderPage(
    <Routes>
      <Route element={<SettingsLayout />}>
        <Route path="global" element={<h1>Global settings page</h1>} />
        <Route path="tags" element={<h1>Tags page</h1>} />
      </Route>
    </Routes>,
    { at, path: '/settings/*', store },
  );
}

describe('SettingsLayout', () => {
  it('on a desktop, shows the settings menu beside the page', async () => {
    renderSettings(1440);
    const aside = screen.getByRole('complementary', { name: 'Settings' });
    expect(await within(aside).findByRole('link', { name: 'Tags' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Global settings page' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Settings menu' })).not.toBeInTheDocument();
  });

  it('on a phone, gives the page the whole width and opens the menu from a button, closing it on navigation', async () => {
    const user = userEvent.setup();
    renderSettings(390);
    // No side column: it would leave the page 150 px on a 390 px screen.
    expect(screen.queryByRole('complementary', { name: 'Settings' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Global settings page' })).toBeInTheDocument();

    const button = screen.getByRole('button', { name: 'Settings menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const nav = await screen.findByRole('navigation', { name: 'Settings' });
    await user.click(within(nav).getByRole('link', { name: 'Tags' }));

    expect(await screen.findByRole('heading', { name: 'Tags page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/settings/tags');
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));
  });
});
