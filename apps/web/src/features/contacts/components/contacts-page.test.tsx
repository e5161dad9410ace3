import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ContactListItem } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json, type RecordedCall } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { ContactsPage } from './contacts-page';

const PAGE_TIMEOUT = 60_000;

const contact = (id: number, over: Partial<ContactListItem> = {}): ContactListItem => ({
  id,
  name: `Person ${id}`,
  email: null,
  phone: null,
  avatar: null,
  created_at: '2026-11-01T09:00:00.000Z',
  last_activity_at: '2026-11-20T09:30:00.000Z',
  conversation_count: 1,
  channel_types: ['email'],
  ...over,
});

const MARA = contact(3, {
  name: 'Mara Lind',
  email: 'mara@example.com',
  conversation_count: 2,
  channel_types: ['email', 'whatsapp_gupshup_isv'],
});
const FIRST_PAGE = [MARA, contact(2)];
const SECOND_PAGE = [contact(1, { name: 'Ivo Old', last_activity_at: null })];

const query = (call: RecordedCall) => new URL(call.url, 'http://localhost').searchParams;

function renderContacts() {
  signInCookies();
  const api = fakeApi({
    'GET /dashboardapi/contacts': (call) => {
      const q = query(call);
      if (q.get('search') === 'mar') return json(200, { items: [MARA], next_cursor: null });
      if (q.get('cursor') === 'page-2') return json(200, { items: SECOND_PAGE, next_cursor: null });
      return json(200, { items: FIRST_PAGE, next_cursor: 'page-2' });
    },
    'GET /dashboardapi/contacts/export.csv': json(
      200,
      'name,email\r\nMara Lind,mara@example.com\r\n',
    ),
  });
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded({ ...ME, permission_level: 'agent' }));
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderPage(<ContactsPage />, { at: '/contacts', store });
  return { api, user };
}

describe('Contacts: everyone the workspace talks to', () => {
  it(
    'lists contacts with their channels and conversations, and shows more on asking',
    async () => {
      const { api, user } = renderContacts();
      const mara = await screen.findByRole('link', { name: 'Mara Lind' });
      expect(mara.getAttribute('href')).toBe('/contacts/3');
      const row = mara.closest('li')!;
      expect(within(row).getByText('mara@example.com')).toBeTruthy();
      expect(within(row).getByText('WhatsApp')).toBeTruthy();
      expect(within(row).getByText('2 conversations')).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Show more' }));
      expect(await screen.findByRole('link', { name: 'Ivo Old' })).toBeTruthy();
      expect(query(api.callsTo('GET /dashboardapi/contacts').at(-1)!).get('cursor')).toBe('page-2');
      expect(screen.getByText(/Added/)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    },
    PAGE_TIMEOUT,
  );

  it(
    'searches as the person types and sorts on asking, starting again from the first page',
    async () => {
      const { api, user } = renderContacts();
      await screen.findByRole('link', { name: 'Mara Lind' });
      await user.type(screen.getByLabelText('Search contacts'), 'mar');
      await waitFor(() => expect(screen.queryByRole('link', { name: 'Person 2' })).toBeNull());
      expect(await screen.findByRole('link', { name: 'Mara Lind' })).toBeTruthy();
      const searched = api.callsTo('GET /dashboardapi/contacts').at(-1)!;
      expect(query(searched).get('search')).toBe('mar');
      expect(query(searched).get('cursor')).toBeNull();

      await user.click(screen.getByLabelText('Sort'));
      await user.click(await screen.findByText('Name (A–Z)'));
      await waitFor(() =>
        expect(query(api.callsTo('GET /dashboardapi/contacts').at(-1)!).get('sort')).toBe('name'),
      );
    },
    PAGE_TIMEOUT,
  );

  it(
    'exports the filtered list as a CSV download',
    async () => {
      const { api, user } = renderContacts();
      const clicked: HTMLAnchorElement[] = [];
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        clicked.push(this);
      });
      const toUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/c');
      await screen.findByRole('link', { name: 'Mara Lind' });
      await user.type(screen.getByLabelText('Search contacts'), 'mar');
      await waitFor(() => expect(screen.queryByRole('link', { name: 'Person 2' })).toBeNull());
      await user.click(screen.getByRole('button', { name: /Export CSV/ }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      const [call] = api.callsTo('GET /dashboardapi/contacts/export.csv');
      expect(query(call!).get('search')).toBe('mar');
      expect(query(call!).get('sort')).toBe('newest');
      expect(clicked[0]!.download).toBe('contacts.csv');
      click.mockRestore();
      toUrl.mockRestore();
    },
    PAGE_TIMEOUT,
  );
});
