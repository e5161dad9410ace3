import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ContactDetail, ContactListItem } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json, type Reply } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { ContactPage } from './contact-page';

const PAGE_TIMEOUT = 60_000;

const PAT: ContactDetail = {
  id: 7,
  name: 'P. Smith',
  email: null,
  phone: '+44 20 7946 0018',
  avatar: null,
  attributes: { plan: 'Free' },
  created_at: '2026-10-01T09:00:00.000Z',
  identities: [
    {
      id: 1,
      kind: 'phone',
      value: '+442079460018',
      support_channel_id: 4,
      channel_type: 'whatsapp_gupshup_isv',
      channel_name: 'Shop WhatsApp',
      created_at: '2026-10-01T09:00:00.000Z',
    },
  ],
  conversations: [
    {
      id: 41,
      subject: null,
      status: 'closed',
      support_channel_id: 4,
      channel_type: 'whatsapp_gupshup_isv',
      channel_name: 'Shop WhatsApp',
      last_message_at: '2026-11-20T09:30:00.000Z',
      created_at: '2026-11-19T09:30:00.000Z',
    },
  ],
};

const KEPT: ContactListItem = {
  id: 9,
  name: 'Pat Smith',
  email: 'pat@example.com',
  phone: null,
  avatar: null,
  created_at: '2026-09-01T09:00:00.000Z',
  last_activity_at: null,
  conversation_count: 1,
  channel_types: ['email'],
};

function renderContact(routes: Record<string, Reply> = {}) {
  signInCookies();
  const api = fakeApi({
    'GET /dashboardapi/contacts/7': json(200, PAT),
    'GET /dashboardapi/contacts': json(200, { items: [PAT, KEPT], next_cursor: null }),
    ...routes,
  });
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded({ ...ME, permission_level: 'agent' }));
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderPage(<ContactPage />, { at: '/contacts/7', path: '/contacts/:contactId', store });
  return { api, user };
}

describe('A contact’s page', () => {
  it(
    'shows the profile, attributes, identities and every conversation, linked into the inbox',
    async () => {
      renderContact();
      expect(await screen.findByRole('heading', { name: 'P. Smith' })).toBeTruthy();
      expect(screen.getAllByText('+44 20 7946 0018').length).toBeGreaterThan(0);
      expect(screen.getByText('plan')).toBeTruthy();
      expect(screen.getByText('+442079460018')).toBeTruthy();
      expect(screen.getByText('WhatsApp · Shop WhatsApp')).toBeTruthy();
      const link = screen.getByRole('link', { name: 'WhatsApp conversation with P. Smith' });
      expect(link.getAttribute('href')).toBe('/inboxes/all/all/newest/41?search=id:41');
      expect(within(link.closest('li')!).getByText('Closed')).toBeTruthy();
    },
    PAGE_TIMEOUT,
  );

  it(
    'edits the profile, and says so under the field when another contact has the email',
    async () => {
      const { api, user } = renderContact({
        'PATCH /dashboardapi/contacts/7': (call) =>
          (call.body as { email: string }).email === 'pat@example.com'
            ? json(409, {
                code: 'email_taken',
                message: 'Another contact, Pat Smith, already has this email address.',
                details: { field: 'email', contact_id: 9 },
              })
            : json(200, { ...PAT, name: 'Patricia Smith', email: 'patricia@example.com' }),
      });
      await screen.findByRole('heading', { name: 'P. Smith' });
      await user.click(screen.getByRole('button', { name: /Edit$/ }));
      const email = screen.getByLabelText('Email');
      await user.type(email, 'pat@example.com');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(
        await screen.findByText(
          'Another contact already has this email address. Merge the two instead.',
        ),
      ).toBeTruthy();

      await user.clear(email);
      await user.type(email, 'patricia@example.com');
      await user.clear(screen.getByLabelText('Name'));
      await user.type(screen.getByLabelText('Name'), 'Patricia Smith');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByRole('heading', { name: 'Patricia Smith' })).toBeTruthy();
      expect(api.callsTo('PATCH /dashboardapi/contacts/7').at(-1)!.body).toEqual({
        name: 'Patricia Smith',
        email: 'patricia@example.com',
        phone: '+44 20 7946 0018',
      });
    },
    PAGE_TIMEOUT,
  );

  it(
    'saves custom attributes as a whole set',
    async () => {
      const { api, user } = renderContact({
        'PATCH /dashboardapi/contacts/7': (call) =>
          json(200, { ...PAT, attributes: (call.body as { attributes: object }).attributes }),
      });
      await screen.findByRole('heading', { name: 'P. Smith' });
      await user.click(screen.getByRole('button', { name: 'Edit attributes' }));
      await user.click(screen.getByRole('button', { name: /Add attribute/ }));
      await user.type(screen.getByLabelText('Attribute 2 name'), 'city');
      await user.type(screen.getByLabelText('Attribute 2 value'), 'Lyon');
      await user.clear(screen.getByLabelText('Attribute 1 value'));
      await user.type(screen.getByLabelText('Attribute 1 value'), 'Gold');
      await user.click(screen.getByRole('button', { name: 'Save attributes' }));
      expect(await screen.findByText('Lyon')).toBeTruthy();
      expect(api.callsTo('PATCH /dashboardapi/contacts/7')[0]!.body).toEqual({
        attributes: { plan: 'Gold', city: 'Lyon' },
      });
    },
    PAGE_TIMEOUT,
  );

  it(
    'merges into a contact picked by search, after saying what will happen, and opens the kept one',
    async () => {
      const { api, user } = renderContact({
        'POST /dashboardapi/contacts/7/merge': json(200, {
          contact: { ...PAT, id: 9, name: 'Pat Smith', email: 'pat@example.com' },
          moved_conversations: 1,
          moved_identities: 1,
        }),
      });
      await screen.findByRole('heading', { name: 'P. Smith' });
      await user.click(screen.getByRole('button', { name: /Merge into/ }));
      const dialog = await screen.findByRole('dialog');
      await user.type(within(dialog).getByLabelText('Contact to keep'), 'pat');
      // The contact itself is never offered.
      await user.click(await screen.findByText('Pat Smith (pat@example.com)'));
      expect(screen.queryByText(/^P\. Smith \(/)).toBeNull();
      expect(
        within(dialog).getByText(
          /1 conversation and 1 channel identity of P\. Smith move to Pat Smith/,
        ),
      ).toBeTruthy();
      expect(within(dialog).getByText(/This cannot be undone/)).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Merge contacts' }));
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/contacts/9'));
      expect(api.callsTo('POST /dashboardapi/contacts/7/merge')[0]!.body).toEqual({
        into_contact_id: 9,
      });
    },
    PAGE_TIMEOUT,
  );

  it(
    'says a contact that is gone (merged or another workspace’s) does not exist',
    async () => {
      renderContact({
        'GET /dashboardapi/contacts/7': json(404, {
          code: 'not_found',
          message: 'That contact was not found.',
        }),
      });
      expect(await screen.findByText(/This contact does not exist/)).toBeTruthy();
    },
    PAGE_TIMEOUT,
  );
});
