import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { UNDO_SEND_PATH } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { fakeApi, json, type RecordedCall } from '../../../test/fake-api';
import { signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { UndoSendSection } from './undo-send-section';

const PUT = `PUT ${UNDO_SEND_PATH}`;

function renderSection(initial: number) {
  let seconds = initial;
  const api = fakeApi({
    [`GET ${UNDO_SEND_PATH}`]: () => json(200, { undo_send_seconds: seconds }),
    [PUT]: (call: RecordedCall) => {
      seconds = (call.body as { undo_send_seconds: number }).undo_send_seconds;
      return json(200, { undo_send_seconds: seconds });
    },
  });
  signInCookies();
  const { store } = makeStore({ persist: false });
  renderPage(<UndoSendSection />, { at: '/settings/profile', store });
  return api;
}

/** The select as it shows its value. */
const shown = () => screen.getByRole('combobox', { name: 'Undo send' }).closest('.ant-select');

async function choose(option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Undo send' }));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (el) => el.getAttribute('title') === option && !el.closest('.ant-select-dropdown-hidden'),
    );
    if (!found) throw new Error(`No option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

describe(
  'Settings → Profile: Undo send (docs/product/scheduled-send.md)',
  { timeout: 90_000 },
  () => {
    it('shows the saved window and saves a new one with PUT (Off, 5, 10, 20 or 30 seconds)', async () => {
      const api = renderSection(0);
      await waitFor(() =>
        expect(screen.getByRole('combobox', { name: 'Undo send' })).not.toBeDisabled(),
      );
      expect(shown()).toHaveTextContent('Off');

      await choose('10 seconds');
      await waitFor(() => expect(api.callsTo(PUT)).toHaveLength(1));
      expect(api.callsTo(PUT)[0]?.body).toEqual({ undo_send_seconds: 10 });
      expect(await screen.findByText('Undo send saved')).toBeInTheDocument();
      await waitFor(() => expect(shown()).toHaveTextContent('10 seconds'));

      await choose('Off');
      await waitFor(() => expect(api.callsTo(PUT)).toHaveLength(2));
      expect(api.callsTo(PUT)[1]?.body).toEqual({ undo_send_seconds: 0 });
    });
  },
);
