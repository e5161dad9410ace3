import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CallDetails } from '@parley/contracts';
import { fakeApi, json } from '../../../test/fake-api';
import { renderPage } from '../../../test/render';
import { CONVERSATION_ID, message, renderWithStore } from '../test/pane-fixtures';
import { CallEntry, ConversationCallEntry } from './call-entry';

const voicemail = message({
  id: 501,
  kind: 'call',
  direction: 'incoming',
  body: 'Incoming call from +14156661001 · voicemail · 0:42',
  attachments: [
    {
      id: 77,
      file_name: 'voicemail-RE1.mp3',
      content_type: 'audio/mpeg',
      size: 1234,
      is_embedded: false,
      url: '/attachments/77/download?sig=abc',
    },
  ],
});

const details = (over: Partial<CallDetails> = {}): CallDetails => ({
  message_id: 501,
  call_sid: 'CA1',
  direction: 'incoming',
  outcome: 'voicemail',
  provider_status: 'completed',
  duration_seconds: 42,
  from_number: '+14156661001',
  to_number: '+14155550100',
  recording_attachment_id: 77,
  transcription: 'Please call me about order 1001.',
  ...over,
});

describe('Call entries in the thread', () => {
  it('shows direction, outcome, duration, the voicemail player and the transcription', () => {
    renderPage(<CallEntry message={voicemail} call={details()} />, { at: '/' });
    expect(screen.getByText('Incoming call')).toBeInTheDocument();
    expect(screen.getByLabelText('Incoming call')).toBeInTheDocument();
    expect(screen.getByText('Voicemail')).toBeInTheDocument();
    expect(screen.getByLabelText('Duration')).toHaveTextContent('0:42');
    const player = screen.getByLabelText('Voicemail');
    expect(player.tagName).toBe('AUDIO');
    expect(player).toHaveAttribute('src', '/attachments/77/download?sig=abc');
    expect(screen.getByLabelText('Transcription')).toHaveTextContent(
      'Please call me about order 1001.',
    );
  });

  it('an outgoing answered call has no player nor transcription, and no "Call back"', () => {
    const outgoing = message({ id: 502, kind: 'call', direction: 'outgoing', body: 'Outgoing' });
    renderPage(
      <CallEntry
        message={outgoing}
        call={details({
          message_id: 502,
          direction: 'outgoing',
          outcome: 'answered',
          duration_seconds: 125,
          recording_attachment_id: null,
          transcription: null,
        })}
        canCallBack
      />,
      { at: '/' },
    );
    expect(screen.getByText('Outgoing call')).toBeInTheDocument();
    expect(screen.getByText('Answered')).toBeInTheDocument();
    expect(screen.getByLabelText('Duration')).toHaveTextContent('2:05');
    expect(document.querySelector('audio')).toBeNull();
    expect(screen.queryByRole('button', { name: /Call back/ })).toBeNull();
  });

  it('loads the details from the server and calls the customer back from the entry', async () => {
    const api = fakeApi({
      [`GET /dashboardapi/conversations/${CONVERSATION_ID}/calls`]: json(200, {
        items: [details({ outcome: 'missed', recording_attachment_id: null, transcription: null })],
      }),
      [`POST /dashboardapi/conversations/${CONVERSATION_ID}/call`]: json(
        201,
        details({ message_id: 503, direction: 'outgoing', outcome: 'ringing' }),
      ),
    });
    const missed = message({ ...voicemail, attachments: [], conversation_id: CONVERSATION_ID });
    renderWithStore(<ConversationCallEntry message={missed} />);
    expect(await screen.findByText('Missed')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Call back/ }));
    const popover = await screen.findByRole('tooltip');
    await userEvent.type(within(popover).getByLabelText('Your phone number'), '+14155550777');
    await userEvent.click(within(popover).getByRole('button', { name: 'Call' }));
    await waitFor(() =>
      expect(api.callsTo(`POST /dashboardapi/conversations/${CONVERSATION_ID}/call`)).toHaveLength(
        1,
      ),
    );
    expect(
      api.callsTo(`POST /dashboardapi/conversations/${CONVERSATION_ID}/call`)[0]!.body,
    ).toEqual({ agent_phone: '+14155550777' });
  });
});
