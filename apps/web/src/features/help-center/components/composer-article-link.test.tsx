import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { HelpArticleSummary } from '@parley/contracts';
import { fakeApi, json, type RecordedCall } from '../../../test/fake-api';
import { Composer, CONVERSATION_ID, message, renderWithStore } from '../../conversation/test';

const MESSAGES = `POST /dashboardapi/conversations/${CONVERSATION_ID}/messages`;

const article = (over: Partial<HelpArticleSummary>): HelpArticleSummary => ({
  id: 1,
  title: 'Return an item',
  slug: 'return-an-item',
  category_id: null,
  status: 'published',
  locale: 'en',
  excerpt: 'Unused items can be returned within 30 days.',
  updated_at: '2026-05-01T10:00:00.000Z',
  published_at: '2026-05-01T10:00:00.000Z',
  public_url: 'https://help.example.com/help-center/7/articles/return-an-item',
  ...over,
});
const RETURNS = article({});
const REFUNDS = article({
  id: 2,
  title: 'When will I get my refund?',
  slug: 'refund-timing',
  excerpt: 'We refund within 3 working days.',
  public_url: 'https://help.example.com/help-center/7/articles/refund-timing',
});

describe(
  'composer: insert a help-center article link (issue: agents link articles in replies)',
  { timeout: 90_000 },
  () => {
    it('searches the published articles and puts the picked one’s public link in the reply, then sends it', async () => {
      const api = fakeApi({
        'GET /dashboardapi/help-center/articles': (call: RecordedCall) => {
          const q = new URL(call.url, 'http://x').searchParams.get('q');
          return json(200, { articles: q ? [REFUNDS] : [RETURNS, REFUNDS] });
        },
        [MESSAGES]: (call: RecordedCall) =>
          json(201, message({ direction: 'outgoing', body: (call.body as { body: string }).body })),
      });
      const user = userEvent.setup({
        delay: null,
        pointerEventsCheck: PointerEventsCheckLevel.Never,
      });
      renderWithStore(
        <Composer
          conversationId={CONVERSATION_ID}
          contactName="Jane Customer"
          channelType="email"
          users={[]}
          meId={1}
          onTyping={() => {}}
          onStopTyping={() => {}}
        />,
      );
      const text = screen.getByRole('textbox', { name: 'Reply text' });
      await user.click(text);
      await user.paste('Here is how refunds work:');

      await user.click(screen.getByRole('button', { name: 'Insert help center article' }));
      const dialog = await screen.findByRole('dialog', { name: 'Link a help center article' });
      const list = await within(dialog).findByRole('list', { name: 'Published articles' });
      expect(within(list).getAllByRole('listitem')).toHaveLength(2);
      const first = api.callsTo('GET /dashboardapi/help-center/articles')[0]!;
      expect(new URL(first.url, 'http://x').searchParams.get('status')).toBe('published');

      await user.type(
        within(dialog).getByRole('searchbox', { name: 'Search published articles' }),
        'refund',
      );
      await waitFor(() =>
        expect(
          api
            .callsTo('GET /dashboardapi/help-center/articles')
            .some((c) => new URL(c.url, 'http://x').searchParams.get('q') === 'refund'),
        ).toBe(true),
      );
      await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(1));
      await user.click(within(dialog).getByRole('button', { name: /When will I get my refund/ }));

      await waitFor(() =>
        expect(text).toHaveValue(
          'Here is how refunds work: https://help.example.com/help-center/7/articles/refund-timing',
        ),
      );
      expect(screen.queryByRole('dialog', { name: 'Link a help center article' })).toBeNull();

      await user.click(screen.getByRole('button', { name: /Send/ }));
      await waitFor(() => expect(api.callsTo(MESSAGES)).toHaveLength(1));
      expect((api.callsTo(MESSAGES)[0]!.body as { body: string }).body).toBe(
        'Here is how refunds work: https://help.example.com/help-center/7/articles/refund-timing',
      );
    });

    it('says so when no article is published yet', async () => {
      fakeApi({ 'GET /dashboardapi/help-center/articles': json(200, { articles: [] }) });
      const user = userEvent.setup({
        delay: null,
        pointerEventsCheck: PointerEventsCheckLevel.Never,
      });
      renderWithStore(
        <Composer
          conversationId={CONVERSATION_ID}
          contactName="Jane Customer"
          channelType="email"
          users={[]}
          meId={1}
          onTyping={() => {}}
          onStopTyping={() => {}}
        />,
      );
      await user.click(screen.getByRole('button', { name: 'Insert help center article' }));
      expect(
        await screen.findByText(
          'No published articles yet. Owners and admins write them in Settings → Help center.',
        ),
      ).toBeInTheDocument();
    });
  },
);
