import { afterEach, describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { act, fireEvent, render as renderBare, screen, within } from '@testing-library/react';
import { AppProviders } from '../../../app/providers';
import { activateLocale, loadShellCatalog } from '../../../lib/i18n';
import type { Attachment, Message } from '@parley/contracts';
import { message } from '../test/pane-fixtures';
import { MessageItem, htmlDocument } from './message-item';

/** Rendered as the app renders it: with its language (Lingui) and theme. */
const render = (ui: ReactElement) => renderBare(ui, { wrapper: AppProviders });

/** A received email with the sender checks the mail server stored on it. */
const email = (dmarcFailed: boolean): Message =>
  ({
    ...message({ body: 'Please send my order to 1 Thief Lane instead.' }),
    email_auth: {
      spf: 'fail',
      dkim: dmarcFailed ? 'none' : 'pass',
      dmarc: dmarcFailed ? 'fail' : 'pass',
      arc: 'none',
      from: 'alice@example.com',
      dmarc_failed: dmarcFailed,
    },
  }) as Message;

describe('the sender warning on a received email', () => {
  it('says plainly that a message failing DMARC may not be from its address', () => {
    render(
      <ul>
        <MessageItem message={email(true)} contactName="Alice Archer" />
      </ul>,
    );
    expect(screen.getByTestId('sender-warning').textContent).toContain(
      'This message failed the sender’s domain checks (DMARC) — it may not be from alice@example.com.',
    );
  });

  it('shows nothing for a message that passed, nor for messages without checks', () => {
    render(
      <ul>
        <MessageItem message={email(false)} contactName="Alice Archer" />
        <MessageItem message={message()} contactName="Alice Archer" />
      </ul>,
    );
    expect(screen.queryByTestId('sender-warning')).toBeNull();
  });
});

const file = (over: Partial<Attachment>): Attachment =>
  ({
    id: 1,
    file_name: 'file.bin',
    content_type: 'application/octet-stream',
    size: 10,
    is_embedded: false,
    url: '/attachment/1/download?sig=x',
    ...over,
  }) as Attachment;

/** The HTML the server stores for a mail with a remote image (held in data-remote-src). */
const TRACKED_HTML =
  '<p>Hello <img src="/dashboardapi/email/inline?key=k&amp;type=image%2Fpng&amp;sig=s" alt="logo"><img data-remote-src="https://tracker.example/open.gif?id=42" width="1" height="1"></p>';

const frameDoc = () => document.querySelector('iframe')!.getAttribute('srcdoc')!;

describe('remote images in mail', () => {
  afterEach(() => localStorage.clear());

  it('are not loaded until the agent asks: the frame’s CSP refuses them and the address stays held', () => {
    render(
      <ul>
        <MessageItem
          message={message({ body: 'Hello', body_html: TRACKED_HTML })}
          contactName="Cora"
        />
      </ul>,
    );
    expect(screen.getByTestId('remote-images').textContent).toContain(
      'Images from the internet are not shown',
    );
    expect(frameDoc()).toContain("img-src 'self' data:;");
    expect(frameDoc()).not.toMatch(/\ssrc="https:\/\/tracker/);
    // Our own inline image is shown all along.
    expect(frameDoc()).toContain('src="/dashboardapi/email/inline?');

    fireEvent.click(screen.getByRole('button', { name: 'Load images' }));
    expect(frameDoc()).toContain("img-src 'self' data: https:;");
    expect(frameDoc()).toContain('<img src="https://tracker.example/open.gif?id=42"');
    expect(screen.queryByTestId('remote-images')).toBeNull();
  });

  it('“Always load from this sender” loads them in this and the sender’s next mails', () => {
    const { unmount } = render(
      <ul>
        <MessageItem
          message={message({ body: 'Hi', body_html: TRACKED_HTML })}
          contactName="Cora"
        />
      </ul>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Always load from this sender' }));
    expect(frameDoc()).toMatch(/\ssrc="https:\/\/tracker/);
    unmount();
    render(
      <ul>
        <MessageItem
          message={message({ body: 'Again', body_html: TRACKED_HTML })}
          contactName="Cora"
        />
        <MessageItem
          message={message({
            body: 'Other',
            body_html: TRACKED_HTML,
            sender: { type: 'contact', id: 78, name: 'Someone else' },
          })}
          contactName="Cora"
        />
      </ul>,
    );
    // The trusted sender's mail loads at once; another sender's still asks.
    expect(screen.getAllByTestId('remote-images')).toHaveLength(1);
  });

  it('mail stored with the image in src is blocked by the CSP as well', () => {
    const doc = htmlDocument('<img src="https://old.example/pixel.gif">');
    expect(doc).toContain("img-src 'self' data:;");
    expect(doc).not.toMatch(/img-src[^;]*https:/);
  });

  it('a mail runs in its own direction, whatever the app’s language (Arabic mail right to left)', () => {
    expect(htmlDocument('<p>مرحبا</p>')).toContain('<html dir="auto">');
  });
});

describe('the files of a message', () => {
  it('an image the mail’s HTML shows is not listed again; other files are, images as previews', () => {
    render(
      <ul>
        <MessageItem
          message={message({
            body: 'See photos',
            body_html: '<p>See <img src="/dashboardapi/email/inline?key=k&amp;sig=s"></p>',
            attachments: [
              file({ id: 1, file_name: 'front.png', content_type: 'image/png', is_embedded: true }),
              file({ id: 2, file_name: 'back.jpg', content_type: 'image/jpeg' }),
              file({ id: 3, file_name: 'invoice.pdf', content_type: 'application/pdf' }),
            ],
          })}
          contactName="Cora"
        />
      </ul>,
    );
    const list = screen.getByRole('list', { name: 'Attachments' });
    expect(within(list).queryByText('front.png')).toBeNull();
    expect(within(list).queryByAltText('front.png')).toBeNull();
    expect(within(list).getByAltText('back.jpg')).toHaveAttribute(
      'src',
      '/attachment/1/download?sig=x',
    );
    expect(within(list).getByText('invoice.pdf')).toBeInTheDocument();
  });

  it('a chat photo sent on its own shows as the photo, with no empty text', () => {
    render(
      <ul>
        <MessageItem
          message={message({
            body: '',
            attachments: [file({ file_name: 'crack.jpg', content_type: 'image/jpeg' })],
          })}
          contactName="Cora"
        />
      </ul>,
    );
    expect(screen.getByAltText('crack.jpg')).toBeInTheDocument();
    expect(document.querySelector('p')).toBeNull();
  });
});

describe('messages in any script', () => {
  it('let the browser set each message’s direction from its own text (Arabic reads right to left)', () => {
    render(
      <ul>
        <MessageItem message={message({ body: 'مرحبا، أين طلبي؟' })} contactName="Laila" />
      </ul>,
    );
    expect(screen.getByText('مرحبا، أين طلبي؟').getAttribute('dir')).toBe('auto');
  });
});

/** An activity line as the server stores it: its English, and the facts it was written from. */
const activityLine = (body: string, activity: Message['activity']) =>
  message({ kind: 'activity', direction: 'internal', body, activity });

describe('activity lines in the reader’s language', () => {
  afterEach(async () => {
    await act(() => activateLocale('en'));
  });

  it('are written in Spanish from their facts, statuses and priorities by their Spanish names; a line stored without facts shows as stored', async () => {
    await loadShellCatalog();
    await act(() => activateLocale('es'));
    render(
      <ul>
        <MessageItem
          message={activityLine('Ada changed the status to closed', {
            key: 'status_changed',
            actor: 'Ada',
            status: 'closed',
          })}
          contactName="Cora"
        />
        <MessageItem
          message={activityLine('Rule “VIP” set the priority to high, added tag vip', {
            key: 'rule_ran',
            rule: 'VIP',
            actions: [
              { key: 'set_priority', priority: 'high' },
              { key: 'added_tags', tags: ['vip'] },
            ],
            failure: null,
          })}
          contactName="Cora"
        />
        <MessageItem
          message={activityLine('Olga Owner set the priority to low', null)}
          contactName="Cora"
        />
      </ul>,
    );
    expect(screen.getByText('Ada cambió el estado a Cerrada')).toBeInTheDocument();
    expect(
      screen.getByText('La regla «VIP» cambió la prioridad a Alta y añadió la etiqueta vip'),
    ).toBeInTheDocument();
    expect(screen.getByText('Olga Owner set the priority to low')).toBeInTheDocument();
  });
});
