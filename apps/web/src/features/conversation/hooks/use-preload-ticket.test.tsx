import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { makeStore } from '../../../app/store';
import { fakeApi, json } from '../../../test/fake-api';
import { signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { conversation, ConversationRow } from '../../inbox/testing';
import { ticketKey } from '../ticket-preload-slice';
import { usePreloadTicket } from './use-preload-ticket';

/** A list row as the inbox draws it, with the preload the inbox gives it. */
function Row({ brandId }: { brandId: number | null }) {
  const preload = usePreloadTicket();
  return (
    <ul>
      <ConversationRow
        item={conversation(4, { brand_id: brandId })}
        to="/inboxes/all/open/newest/4"
        selected={false}
        assignee={undefined}
        tagsById={new Map()}
        preload={preload}
      />
    </ul>
  );
}

function renderRow(brandId: number | null) {
  signInCookies();
  const api = fakeApi({
    'GET /external-api/tickets/4': json(200, { ticket: { id: 4 }, messages: [] }),
  });
  const { store } = makeStore({ persist: false });
  const view = renderPage(<Row brandId={brandId} />, { at: '/inboxes', path: '/inboxes', store });
  const link = () => view.container.querySelector<HTMLElement>('[data-conversation-id="4"]')!;
  return { api, store, link };
}

describe('ticket preload: keyed by ticket id plus store, asked for that store', () => {
  it('a row of a store’s conversation preloads its ticket with store_id, cached under id plus store', async () => {
    const { api, store, link } = renderRow(9);
    await screen.findByText('Customer 4');
    act(() => link().focus());
    await waitFor(() => expect(api.callsTo('GET /external-api/tickets/4')).toHaveLength(1));
    const call = api.callsTo('GET /external-api/tickets/4')[0]!;
    expect(new URL(call.url, 'http://localhost').searchParams.get('store_id')).toBe('9');
    expect(ticketKey(4, { storeId: 9 })).toBe('4|9|');
    await waitFor(() =>
      expect(store.getState().ticketPreload['4|9|']?.data).toMatchObject({ ticket: { id: 4 } }),
    );
    expect(store.getState().ticketPreload['4||']).toBeUndefined();
  });

  it('a conversation of no store is asked for without store_id and cached under the id alone', async () => {
    const { api, store, link } = renderRow(null);
    await screen.findByText('Customer 4');
    fireEvent.focus(link());
    await waitFor(() => expect(api.callsTo('GET /external-api/tickets/4')).toHaveLength(1));
    const call = api.callsTo('GET /external-api/tickets/4')[0]!;
    expect(new URL(call.url, 'http://localhost').searchParams.has('store_id')).toBe(false);
    await waitFor(() => expect(store.getState().ticketPreload['4||']?.data).toBeTruthy());
  });
});
