import { useEffect, useRef, useState, type FormEvent } from 'react';
import { msg, plural, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { PreChatFieldKey, WidgetConversation, WidgetSession } from '@parley/contracts';
import { errorText, type ChatEndpoints } from './api';
import { agentLabel, describeHours, formatList, formatTime } from './chat-state';
import type { HostBridge } from './host';
import { i18n, useWidgetLocale } from './i18n';
import {
  AttachmentChips,
  AttachmentPicker,
  Avatar,
  MessageBubble,
  Notice,
  useAttachments,
} from './parts';
import { RatingPrompt } from './rating';
import type { Chat } from './use-chat';

const FIELD_LABELS: Record<PreChatFieldKey, MessageDescriptor> = {
  name: msg`Your name`,
  email: msg`Your email`,
  phone: msg`Phone number`,
  order_number: msg`Order number`,
  message: msg`Message`,
};
/** A sentence per field: "fill in" reads differently with each field in other languages. */
const FIELD_MISSING: Record<PreChatFieldKey, MessageDescriptor> = {
  name: msg`Please fill in your name.`,
  email: msg`Please fill in your email.`,
  phone: msg`Please fill in phone number.`,
  order_number: msg`Please fill in order number.`,
  message: msg`Please fill in message.`,
};
const FIELD_TYPES: Partial<Record<PreChatFieldKey, string>> = { email: 'email', phone: 'tel' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const invalidEmail = () => t`Please enter a valid email address, like name@example.com.`;

/** The store's language setting, when its chat settings carry one (null: follow the visitor). */
const storeLocaleOf = (session: WidgetSession | null) =>
  (session?.chat as { locale?: unknown } | undefined)?.locale;

type ChatProps = { chat: Chat; api: ChatEndpoints; host: HostBridge };

/** The chat in the store's language, else the visitor's. */
export function ChatApp(props: ChatProps) {
  const ready = useWidgetLocale(storeLocaleOf(props.chat.session));
  // Nothing until the language's texts are here: never a flash of another language.
  if (!ready) return <div className="frame" />;
  return <LocalizedChat key={i18n.locale} {...props} />;
}

function LocalizedChat({ chat, api, host }: ChatProps) {
  useEffect(() => {
    document.title = t`Chat`;
  }, []);
  if (chat.fatal)
    return (
      <Frame chat={chat} host={host} title={t`Chat`}>
        <div className="pad">
          <Notice kind="error">{chat.fatal}</Notice>
          <button type="button" className="primary" onClick={chat.retry}>
            {t`Try again`}
          </button>
        </div>
      </Frame>
    );
  if (!chat.session)
    return (
      <Frame chat={chat} host={host} title={t`Chat`}>
        <div className="pad muted" role="status">
          {t`Loading the chat…`}
        </div>
      </Frame>
    );
  const { view } = chat;
  return (
    <Frame chat={chat} host={host} title={chat.session.brand_name}>
      {!chat.online && <Notice>{t`Reconnecting… new replies will show up in a moment.`}</Notice>}
      {view.name === 'home' && <Home chat={chat} />}
      {view.name === 'new' && <NewConversation chat={chat} api={api} />}
      {view.name === 'thread' && (
        <ThreadView key={view.id} id={view.id} chat={chat} api={api} host={host} />
      )}
    </Frame>
  );
}

function Frame({
  chat,
  host,
  title,
  children,
}: {
  chat: Chat;
  host: HostBridge;
  title: string;
  children: React.ReactNode;
}) {
  const agents = chat.session?.agents ?? [];
  const canGoBack = chat.session && chat.view.name !== 'home';
  return (
    <div className="frame">
      <header className="header">
        {canGoBack && (
          <button
            type="button"
            className="icon-button on-primary back"
            aria-label={t`Back to your conversations`}
            onClick={() => chat.setView({ name: 'home' })}
          >
            ‹
          </button>
        )}
        <div className="header-text">
          <h1>{title}</h1>
          {agents.length > 0 && (
            <div className="agents" aria-label={t`Our team`}>
              {agents.map((a) => (
                <Avatar key={a.name} agent={a} size={24} />
              ))}
            </div>
          )}
        </div>
        {host.params.mode !== 'standalone' && (
          <button
            type="button"
            className="icon-button on-primary"
            aria-label={t`Close the chat`}
            onClick={() => host.close()}
          >
            ×
          </button>
        )}
      </header>
      <main className="body">{children}</main>
    </div>
  );
}

function Away({ chat }: { chat: Chat }) {
  const s = chat.session!;
  if (s.is_open_now) return null;
  const hours = s.chat.business_hours;
  return (
    <div className="away" data-testid="widget-away">
      <p dir="auto">{s.chat.away_message}</p>
      {hours && hours.days.length > 0 && <OpeningHours hours={hours} />}
    </div>
  );
}

function OpeningHours({ hours }: { hours: NonNullable<WidgetSession['chat']['business_hours']> }) {
  const timeZone = hours.time_zone;
  const days = formatList(describeHours(hours.days, i18n.locale), i18n.locale);
  return <p className="muted">{t`Our hours (${timeZone}): ${days}`}</p>;
}

function Home({ chat }: { chat: Chat }) {
  const s = chat.session!;
  return (
    <div className="pad home">
      <p className="greeting" dir="auto">
        {s.chat.greeting}
      </p>
      <Away chat={chat} />
      <button type="button" className="primary wide" onClick={() => chat.setView({ name: 'new' })}>
        {s.is_open_now ? t`Start a conversation` : t`Leave us a message`}
      </button>
      {chat.conversations.length > 0 && (
        <section aria-label={t`Your conversations`}>
          <h2>{t`Your conversations`}</h2>
          <ul className="conversations">
            {chat.conversations.map((c) => (
              <ConversationRow
                key={c.id}
                conversation={c}
                onOpen={() => chat.openConversation(c.id)}
              />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function ConversationRow({
  conversation: c,
  onOpen,
}: {
  conversation: WidgetConversation;
  onOpen: () => void;
}) {
  const last = c.last_message;
  const text = last ? last.body || (last.attachments.length ? t`Attachment` : '') : '';
  const preview = !last ? t`New conversation` : last.author === 'visitor' ? t`You: ${text}` : text;
  const unread = c.unread;
  return (
    <li>
      <button type="button" className="conversation" onClick={onOpen}>
        <Avatar agent={c.agent} size={32} />
        <span className="conversation-text">
          <span className="conversation-title">
            {agentLabel(c.agent)}
            {c.status === 'closed' && <span className="tag">{t`Closed`}</span>}
          </span>
          <span className="conversation-preview" dir="auto">
            {preview}
          </span>
        </span>
        <span className="conversation-side">
          <time>{formatTime(last?.created_at ?? c.created_at)}</time>
          {unread > 0 && (
            <span
              className="unread"
              aria-label={plural(unread, { one: '# unread', other: '# unread' })}
            >
              {unread}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}

function NewConversation({ chat, api }: { chat: Chat; api: ChatEndpoints }) {
  const s = chat.session!;
  const visitor = s.visitor;
  // Outside business hours the chat continues by email: an email is needed then.
  const fields = s.chat.pre_chat.enabled
    ? s.chat.pre_chat.fields.filter((f) => f.key !== 'message')
    : [];
  if (!s.is_open_now && !fields.some((f) => f.key === 'email'))
    fields.push({ key: 'email', required: true });
  const required = (key: PreChatFieldKey, r: boolean) => r || (key === 'email' && !s.is_open_now);
  const known: Partial<Record<PreChatFieldKey, string>> = {
    name: visitor.name ?? chat.prefill.name ?? '',
    email: visitor.email ?? chat.prefill.email ?? '',
  };
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.key, known[f.key] ?? ''])),
  );
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const attachments = useAttachments(api);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    for (const f of fields) {
      const value = values[f.key]?.trim() ?? '';
      if (required(f.key, f.required) && !value) return setError(i18n._(FIELD_MISSING[f.key]));
      if (f.key === 'email' && value && !EMAIL.test(value)) return setError(invalidEmail());
    }
    if (!body.trim()) return setError(t`Please write your message.`);
    if (attachments.uploading) return setError(t`Please wait until your files have uploaded.`);
    setBusy(true);
    try {
      const preChat = Object.fromEntries(
        Object.entries(values)
          .map(([k, v]) => [k, v.trim()])
          .filter(([, v]) => v),
      );
      await chat.startConversation(preChat, body.trim(), attachments.ids);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };

  return (
    <form className="pad prechat" onSubmit={submit} noValidate aria-label={t`Start a conversation`}>
      <p className="greeting" dir="auto">
        {s.chat.greeting}
      </p>
      <Away chat={chat} />
      {fields.map((f) => (
        <label key={f.key} className="field">
          <span>
            {i18n._(FIELD_LABELS[f.key])}
            {!required(f.key, f.required) && <span className="muted"> {t`(optional)`}</span>}
          </span>
          <input
            type={FIELD_TYPES[f.key] ?? 'text'}
            value={values[f.key] ?? ''}
            autoComplete={
              f.key === 'name'
                ? 'name'
                : f.key === 'email'
                  ? 'email'
                  : f.key === 'phone'
                    ? 'tel'
                    : 'off'
            }
            required={required(f.key, f.required)}
            maxLength={f.key === 'email' ? 254 : 200}
            onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
          />
        </label>
      ))}
      <label className="field">
        <span>{t`Your message`}</span>
        <textarea
          value={body}
          rows={4}
          maxLength={10_000}
          onChange={(e) => setBody(e.target.value)}
        />
      </label>
      <AttachmentChips attachments={attachments} />
      {error && <Notice kind="error">{error}</Notice>}
      <div className="row">
        <AttachmentPicker attachments={attachments} />
        <button type="submit" className="primary wide" disabled={busy}>
          {busy ? t`Sending…` : t`Start the chat`}
        </button>
      </div>
    </form>
  );
}

function ThreadView({
  id,
  chat,
  api,
  host,
}: {
  id: number;
  chat: Chat;
  api: ChatEndpoints;
  host: HostBridge;
}) {
  const thread = chat.threads[id];
  const conversation = chat.conversations.find((c) => c.id === id);
  const typingAgent = chat.typing[id];
  const list = useRef<HTMLOListElement>(null);
  const messages = thread?.messages ?? [];
  const lastMine = messages.findLast((m) => m.author === 'visitor');
  const newest = messages.at(-1)?.id;

  // Keep the newest message in view when it arrives (and when the agent starts typing).
  useEffect(() => {
    const el = list.current;
    if (el && (newest !== undefined || typingAgent !== undefined)) el.scrollTop = el.scrollHeight;
  }, [newest, typingAgent]);

  return (
    <div className="thread">
      {thread?.hasMore && (
        <button
          type="button"
          className="link"
          onClick={() => chat.loadOlder(id)}
          disabled={thread.loading}
        >
          {t`Show earlier messages`}
        </button>
      )}
      <ol className="messages" ref={list} aria-label={t`Messages`} aria-live="polite">
        {messages.map((m) => (
          <MessageBubble key={m.id} message={m} host={host} showStatus={m.id === lastMine?.id} />
        ))}
        {typingAgent !== undefined && (
          <li className="typing" data-testid="widget-agent-typing">
            <Avatar agent={typingAgent} size={22} /> <TypingLine agent={typingAgent} />
          </li>
        )}
      </ol>
      {thread?.loading && !messages.length && (
        <p className="pad muted">{t`Loading the conversation…`}</p>
      )}
      {thread?.error && <Notice kind="error">{thread.error}</Notice>}
      {conversation?.status === 'closed' && (
        <Notice>
          {t`This conversation is closed. Write again to reopen it, or start a new one.`}
        </Notice>
      )}
      {conversation && <RatingPrompt conversation={conversation} rate={chat.rateConversation} />}
      <TranscriptButton id={id} chat={chat} api={api} />
      <Composer id={id} chat={chat} api={api} />
    </div>
  );
}

function TypingLine({ agent }: { agent: Parameters<typeof agentLabel>[0] }) {
  const name = agentLabel(agent);
  return <>{t`${name} is typing…`}</>;
}

function TranscriptButton({ id, chat, api }: { id: number; chat: Chat; api: ChatEndpoints }) {
  const known = chat.session?.visitor.email ?? null;
  const [asking, setAsking] = useState(false);
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ done?: string; error?: string; busy?: boolean }>({});
  const send = async (address?: string) => {
    if (address !== undefined && !EMAIL.test(address.trim()))
      return setState({ error: invalidEmail() });
    setState({ busy: true });
    try {
      const { sent_to } = await api.transcript(id, address?.trim());
      setState({ done: t`We've emailed this conversation to ${sent_to}.` });
      setAsking(false);
    } catch (err) {
      setState({ error: errorText(err) });
    }
  };
  if (state.done) return <Notice>{state.done}</Notice>;
  return (
    <div className="transcript">
      {asking ? (
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            void send(email);
          }}
        >
          <input
            type="email"
            aria-label={t`Email for the transcript`}
            placeholder={t`name@example.com`}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <button type="submit" className="primary" disabled={state.busy}>
            {t`Send`}
          </button>
        </form>
      ) : (
        <button
          type="button"
          className="link"
          disabled={state.busy}
          onClick={() => (known ? void send() : setAsking(true))}
        >
          {t`Email me the transcript`}
        </button>
      )}
      {state.error && <Notice kind="error">{state.error}</Notice>}
    </div>
  );
}

function Composer({ id, chat, api }: { id: number; chat: Chat; api: ChatEndpoints }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const attachments = useAttachments(api);
  const send = async () => {
    const text = body.trim();
    if (!text && !attachments.ids.length) return;
    if (attachments.uploading) return setError(t`Please wait until your files have uploaded.`);
    setBusy(true);
    setError(null);
    try {
      await chat.sendMessage(id, text, attachments.ids);
      setBody('');
      attachments.clear();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <AttachmentChips attachments={attachments} />
      {error && <Notice kind="error">{error}</Notice>}
      <div className="row">
        <AttachmentPicker attachments={attachments} />
        <textarea
          aria-label={t`Write a message`}
          placeholder={t`Write a message…`}
          rows={1}
          value={body}
          maxLength={10_000}
          onChange={(e) => {
            setBody(e.target.value);
            if (e.target.value) chat.noteTyping(id);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void send();
            }
          }}
        />
        <button type="submit" className="primary" disabled={busy}>
          {t`Send`}
        </button>
      </div>
    </form>
  );
}
