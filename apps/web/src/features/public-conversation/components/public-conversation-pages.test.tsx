import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { FeedbackInfo, Transcript } from '@parley/contracts';
import { AppRoutes } from '../../../app/app-routes';
import { fakeApi, json } from '../../../test/fake-api';
import { signInCookies } from '../../../test/fixtures';

const TRANSCRIPT: Transcript = {
  brand_name: 'Northwind Outfitters',
  conversation: { id: 41, subject: 'Parcel 42', created_at: '2026-05-02T10:00:00.000Z' },
  messages: [
    {
      id: 1,
      conversation_id: 41,
      author: 'visitor',
      agent: null,
      body: 'Where is my parcel?',
      attachments: [
        {
          id: 5,
          file_name: 'receipt.pdf',
          content_type: 'application/pdf',
          size: 2048,
          url: 'http://localhost/dashboardapi/attachments/5/download?exp=1&sig=x',
        },
      ],
      status: 'read',
      created_at: '2026-05-02T10:00:00.000Z',
    },
    {
      id: 2,
      conversation_id: 41,
      author: 'agent',
      agent: { name: 'Olga Owner', avatar_url: null, initials: 'OO', profile_color: '#123456' },
      body: 'It ships tomorrow.',
      attachments: [],
      status: 'sent',
      created_at: '2026-05-02T10:05:00.000Z',
    },
  ],
};

const INFO: FeedbackInfo = {
  brand_name: 'Northwind Outfitters',
  conversation: { id: 41, subject: 'Parcel 42' },
  rating: null,
  comment: null,
};

/** The whole app's routes, as the browser would open the link from the email. */
function openLink(at: string) {
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <MemoryRouter initialEntries={[at]}>
      <AppRoutes />
    </MemoryRouter>,
  );
  return { user };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/transcript (public transcript page: docs/product/screens.md)', () => {
  it('shows the thread by its signed link, printable, with the store’s name and no session', async () => {
    signInCookies(); // even a signed-in agent's browser sends no session headers here
    const api = fakeApi({ 'GET /dashboardapi/public/transcript': json(200, TRANSCRIPT) });
    const print = vi.fn<() => void>();
    vi.stubGlobal('print', print);
    const { user } = openLink('/transcript?token=1.41.999.sig');

    const transcript = await screen.findByRole('article', { name: 'Transcript' });
    expect(screen.getByText('Northwind Outfitters')).toBeInTheDocument();
    expect(within(transcript).getByRole('heading', { name: 'Parcel 42' })).toBeInTheDocument();
    const messages = within(transcript)
      .getAllByRole('listitem')
      .filter((li) => li.dataset.author);
    expect(messages.map((m) => m.dataset.author)).toEqual(['visitor', 'agent']);
    expect(messages[0]).toHaveTextContent('You');
    expect(messages[0]).toHaveTextContent('Where is my parcel?');
    expect(within(messages[0]!).getByRole('link', { name: 'receipt.pdf' })).toHaveAttribute(
      'href',
      TRANSCRIPT.messages[0]!.attachments[0]!.url,
    );
    expect(messages[1]).toHaveTextContent('Olga Owner');
    expect(messages[1]).toHaveTextContent('It ships tomorrow.');

    const [call] = api.callsTo('GET /dashboardapi/public/transcript');
    expect(new URL(call!.url, 'http://x').searchParams.get('token')).toBe('1.41.999.sig');
    expect(call!.headers.authorization).toBeUndefined();
    // docs/product/screens.md: public pages are sent without credentials — no cookies either.
    expect(api.fetch.mock.calls[0]![1]?.credentials).toBe('omit');
    expect(api.calls.map((c) => c.path)).toEqual(['/dashboardapi/public/transcript']);

    await user.click(screen.getByRole('button', { name: /Print/ }));
    expect(print).toHaveBeenCalled();
  });

  it('says clearly when the link is broken', async () => {
    fakeApi({
      'GET /dashboardapi/public/transcript': json(400, {
        code: 'invalid_token',
        message: 'This link is not valid. Please use the full link from your email.',
      }),
    });
    openLink('/transcript?token=tampered');
    expect(await screen.findByText('This transcript link does not work')).toBeInTheDocument();
    expect(
      screen.getByText('This link is not valid. Please use the full link from your email.'),
    ).toBeInTheDocument();
  });
});

describe('/feedback (public feedback page, docs/product/screens.md: CSAT 1–5 with a comment)', () => {
  it('rates the conversation 4 stars with a comment and thanks the customer', async () => {
    const api = fakeApi({
      'GET /dashboardapi/public/feedback': json(200, INFO),
      'POST /dashboardapi/public/feedback': (call) =>
        json(200, { ...INFO, ...(call.body as object) }),
    });
    const { user } = openLink('/feedback?token=1.41.999.sig');

    expect(await screen.findByRole('heading', { name: 'How did we do?' })).toBeInTheDocument();
    expect(screen.getByText(/about “Parcel 42”/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Choose a rating from 1 to 5 stars.')).toBeInTheDocument();
    expect(api.callsTo('POST /dashboardapi/public/feedback')).toHaveLength(0);

    await user.click(screen.getAllByRole('radio')[3]!);
    expect(await screen.findByText('4 of 5 · Satisfied')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Comment'), 'Quick and kind');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));

    expect(await screen.findByText('Thank you for your feedback!')).toBeInTheDocument();
    expect(screen.getByText(/You rated this conversation 4 out of 5/)).toBeInTheDocument();
    const [post] = api.callsTo('POST /dashboardapi/public/feedback');
    expect(post!.body).toEqual({ token: '1.41.999.sig', rating: 4, comment: 'Quick and kind' });
    expect(post!.headers.authorization).toBeUndefined();
    // docs/product/screens.md: public pages are sent without credentials — no cookies either.
    for (const [, init] of api.fetch.mock.calls) expect(init?.credentials).toBe('omit');
  });

  it('shows an earlier rating so the customer can change it', async () => {
    fakeApi({
      'GET /dashboardapi/public/feedback': json(200, { ...INFO, rating: 2, comment: 'Slow' }),
    });
    openLink('/feedback?token=t');
    expect(await screen.findByText(/You have rated it already/)).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('aria-checked'))).toEqual([
      'true',
      'true',
      'false',
      'false',
      'false',
    ]);
    expect(screen.getByLabelText('Comment')).toHaveValue('Slow');
  });

  it('explains a conversation that is still open (409)', async () => {
    fakeApi({
      'GET /dashboardapi/public/feedback': json(200, INFO),
      'POST /dashboardapi/public/feedback': json(409, {
        code: 'conversation_not_closed',
        message: 'This conversation is still open. You can rate it once it has been resolved.',
      }),
    });
    const { user } = openLink('/feedback?token=t');
    await user.click((await screen.findAllByRole('radio'))[4]!);
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(
      await screen.findByText(
        'This conversation is still open. You can rate it once it has been resolved.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Thank you for your feedback!')).not.toBeInTheDocument();
  });

  it.each([
    [
      410,
      'link_expired',
      'This link has expired. Links are valid for 30 days; ask us for a new one.',
    ],
    [400, 'invalid_token', 'This link is not valid. Please use the full link from your email.'],
  ])('an invalid or expired link (%s %s) says so in words', async (status, code, message) => {
    fakeApi({ 'GET /dashboardapi/public/feedback': json(status, { code, message }) });
    openLink('/feedback?token=old');
    expect(await screen.findByText('This feedback link does not work')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('a link without its token says it is incomplete, without calling the server', async () => {
    const api = fakeApi({});
    openLink('/feedback');
    expect(await screen.findByText(/This link is not complete/)).toBeInTheDocument();
    await waitFor(() => expect(api.calls).toEqual([]));
  });
});
