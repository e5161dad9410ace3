import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  WIDGET_EVENTS,
  type HelpWidgetPage,
  type WidgetAgent,
  type WidgetConversation,
  type WidgetEventPayloads,
  type WidgetMessage,
  type WidgetPublicSettings,
  type WidgetSession,
} from '@parley/contracts';
import { errorText, sessionErrorText, type ChatEndpoints } from './api';
import {
  lastUnreadAgentMessage,
  mergeMessages,
  totalUnread,
  upsertConversation,
  withMessage,
} from './chat-state';
import type { HostBridge, HostCommand } from './host';
import { connectRealtime } from './realtime';

export type View = { name: 'home' } | { name: 'new' } | { name: 'thread'; id: number };

export interface Thread {
  messages: WidgetMessage[];
  hasMore: boolean;
  loading: boolean;
  error: string | null;
}

const EMPTY_THREAD: Thread = { messages: [], hasMore: false, loading: true, error: null };
const TYPING_IDLE_MS = 3000;
const AGENT_TYPING_EXPIRY_MS = 10_000;

/** The chat's state and actions: the session, the conversations, realtime and the host. */
export function useChat(api: ChatEndpoints, host: HostBridge, storeToken: (t: string) => void) {
  const { shop } = host.params;
  const [session, setSession] = useState<WidgetSession | null>(null);
  const [settings, setSettings] = useState<WidgetPublicSettings | null>(null);
  const [fatal, setFatal] = useState<string | null>(null);
  const [conversations, setConversations] = useState<WidgetConversation[]>([]);
  const [threads, setThreads] = useState<Record<number, Thread>>({});
  const [typing, setTyping] = useState<Record<number, WidgetAgent | null | undefined>>({});
  const [view, setViewState] = useState<View>({ name: 'home' });
  const [open, setOpen] = useState(host.params.mode !== 'help');
  const [online, setOnline] = useState(true);
  const [prefill, setPrefill] = useState<{ name?: string; email?: string }>({});
  const [attempt, setAttempt] = useState(0);

  const typingExpiry = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  // What event handlers read when an event arrives.
  const live = useRef({ view, open, conversations });
  live.current = { view, open, conversations };

  const setView = useCallback(
    (next: View) => {
      setViewState(next);
      if (host.params.mode === 'help') {
        const page: HelpWidgetPage =
          next.name === 'thread' || next.name === 'new' ? 'chat' : 'home';
        host.pageLoaded(page);
      }
    },
    [host],
  );

  const loadThread = useCallback(
    async (id: number, before?: number) => {
      setThreads((t) => ({
        ...t,
        [id]: { ...(t[id] ?? EMPTY_THREAD), loading: true, error: null },
      }));
      try {
        const page = await api.messages(id, before);
        setThreads((t) => {
          const current = t[id] ?? EMPTY_THREAD;
          return {
            ...t,
            [id]: {
              messages: mergeMessages(current.messages, page.messages),
              // Only the oldest page says whether there are older ones still.
              hasMore: before || !current.messages.length ? page.has_more : current.hasMore,
              loading: false,
              error: null,
            },
          };
        });
      } catch (err) {
        setThreads((t) => ({
          ...t,
          [id]: { ...(t[id] ?? EMPTY_THREAD), loading: false, error: errorText(err) },
        }));
      }
    },
    [api],
  );

  const openConversation = useCallback(
    (id: number) => {
      setView({ name: 'thread', id });
      void loadThread(id);
    },
    [loadThread, setView],
  );

  // Where the token is kept may change identity between renders; the session must not restart.
  const keepToken = useRef(storeToken);
  keepToken.current = storeToken;

  // The session: started (or resumed with the kept token) once, again on "Try again".
  useEffect(() => {
    let cancelled = false;
    setFatal(null);
    Promise.all([
      api.startSession(shop, host.params.token),
      api.publicSettings(shop).catch(() => null),
    ])
      .then(([s, publicSettings]) => {
        if (cancelled) return;
        keepToken.current(s.visitor_token);
        setSettings(publicSettings);
        setSession(s);
        setConversations(s.conversations);
        host.ready(s.visitor_token);
      })
      .catch((err) => {
        if (!cancelled) setFatal(sessionErrorText(err));
      });
    return () => {
      cancelled = true;
    };
  }, [api, host, shop, attempt]);

  // Realtime on the visitor's own channel.
  const channel = session?.realtime.channel;
  useEffect(() => {
    if (!session) return;
    const { key, wsHost, wsPort, forceTLS } = session.realtime;
    const connection = connectRealtime({
      key,
      wsHost,
      wsPort,
      forceTLS,
      channel: session.realtime.channel,
      authorize: api.pusherAuth,
      onSubscribed: () => {
        setOnline(true);
        // Catch up on what arrived while the socket was down.
        api.conversations().then(setConversations, () => undefined);
        const v = live.current.view;
        if (v.name === 'thread') void loadThread(v.id);
      },
      onDisconnected: () => setOnline(false),
      onEvent: (event, data) => {
        if (event === WIDGET_EVENTS.message || event === WIDGET_EVENTS.messageUpdated) {
          const { message } = data as WidgetEventPayloads['widget_message'];
          if (!message) return;
          const isNew = event === WIDGET_EVENTS.message;
          const { view: v, open: isOpen } = live.current;
          const watching = isOpen && v.name === 'thread' && v.id === message.conversation_id;
          setThreads((t) =>
            t[message.conversation_id]
              ? {
                  ...t,
                  [message.conversation_id]: {
                    ...t[message.conversation_id]!,
                    messages: mergeMessages(t[message.conversation_id]!.messages, [message]),
                  },
                }
              : t,
          );
          if (isNew) {
            setConversations((list) => {
              const known = list.find((c) => c.id === message.conversation_id);
              if (!known) {
                api.conversations().then(setConversations, () => undefined);
                return list;
              }
              const already = known.last_message && known.last_message.id >= message.id;
              return upsertConversation(
                list,
                withMessage(known, message, message.author === 'agent' && !watching && !already),
              );
            });
            if (message.author === 'agent')
              setTyping((t) => ({ ...t, [message.conversation_id]: undefined }));
            host.message(message);
          }
        } else if (event === WIDGET_EVENTS.agentTyping) {
          const p = data as WidgetEventPayloads['widget_agent_typing'];
          setTyping((t) => ({ ...t, [p.conversation_id]: p.typing ? p.agent : undefined }));
          // An agent who closes the tab mid-sentence sends no "stopped": it fades on its own.
          clearTimeout(typingExpiry.current.get(p.conversation_id));
          if (p.typing)
            typingExpiry.current.set(
              p.conversation_id,
              setTimeout(
                () => setTyping((t) => ({ ...t, [p.conversation_id]: undefined })),
                AGENT_TYPING_EXPIRY_MS,
              ),
            );
        } else if (event === WIDGET_EVENTS.conversation) {
          const { conversation } = data as WidgetEventPayloads['widget_conversation'];
          if (conversation) setConversations((list) => upsertConversation(list, conversation));
        }
      },
    });
    return () => connection.close();
    // The socket lives as long as the visitor's channel.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [channel]);

  // The unread badge on the launcher, and new_message for the help widget host.
  const unread = totalUnread(conversations);
  const preview = useMemo(() => {
    const latest = conversations.find((c) => c.unread > 0)?.last_message;
    return latest?.author === 'agent' ? latest.body : null;
  }, [conversations]);
  useEffect(() => {
    if (session) host.unread(unread, preview);
  }, [host, session, unread, preview]);

  // Read receipts: the visitor looks at a thread with agents' messages not yet read.
  const viewedId = view.name === 'thread' ? view.id : null;
  const viewedThread = viewedId === null ? undefined : threads[viewedId];
  useEffect(() => {
    if (viewedId === null || !open || !viewedThread) return;
    const conversation = conversations.find((c) => c.id === viewedId);
    const target = lastUnreadAgentMessage(viewedThread.messages);
    if (!target && !conversation?.unread) return;
    setConversations((list) => list.map((c) => (c.id === viewedId ? { ...c, unread: 0 } : c)));
    host.seen();
    const last = target ?? viewedThread.messages.findLast((m) => m.author === 'agent');
    if (last) {
      setThreads((t) => ({
        ...t,
        [viewedId]: {
          ...t[viewedId]!,
          messages: t[viewedId]!.messages.map((m) =>
            m.author === 'agent' && m.id <= last.id ? { ...m, status: 'read' } : m,
          ),
        },
      }));
      api.markRead(viewedId, last.id).catch(() => undefined);
    }
  }, [api, host, viewedId, open, viewedThread, conversations]);

  // The host's commands: visibility, identify, attributes, and the help widget's own.
  useEffect(
    () =>
      host.listen((command: HostCommand) => {
        switch (command.type) {
          case 'visibility':
            setOpen(command.open);
            break;
          case 'identify':
            // History may follow a verified id: the session is read again.
            api
              .identify(command.identity)
              .then(() => setAttempt((n) => n + 1))
              .catch((err) => console.warn('Parley identify:', errorText(err)));
            break;
          case 'attributes':
            api
              .setAttributes(command.attributes)
              .catch((err) => console.warn('Parley attributes:', errorText(err)));
            break;
          case 'prefill':
            setPrefill((p) => ({
              name: command.name ?? p.name,
              email: command.email ?? p.email,
            }));
            break;
          case 'page': {
            // The chat page: the latest conversation still going on, else a new one.
            const current = live.current.conversations.find((c) => c.status !== 'closed');
            if (command.page !== 'chat') setView({ name: 'home' });
            else if (current) openConversation(current.id);
            else setView({ name: 'new' });
            break;
          }
          case 'reset_notifications':
            setConversations((list) => list.map((c) => ({ ...c, unread: 0 })));
            break;
        }
      }),
    [api, host, setView, openConversation],
  );

  // The visitor's typing, relayed to agents: on at the first key, off after 3 s of quiet.
  const typingState = useRef<{ id: number; timer: ReturnType<typeof setTimeout> } | null>(null);
  const stopTyping = useCallback(() => {
    const t = typingState.current;
    if (!t) return;
    clearTimeout(t.timer);
    typingState.current = null;
    api.typing(t.id, false).catch(() => undefined);
  }, [api]);
  const noteTyping = useCallback(
    (id: number) => {
      const t = typingState.current;
      if (t && t.id !== id) stopTyping();
      if (!typingState.current) api.typing(id, true).catch(() => undefined);
      if (typingState.current) clearTimeout(typingState.current.timer);
      typingState.current = { id, timer: setTimeout(stopTyping, TYPING_IDLE_MS) };
    },
    [api, stopTyping],
  );

  const startConversation = useCallback(
    async (preChat: Record<string, string>, body: string, attachmentIds: number[]) => {
      const started = await api.startConversation({
        pre_chat: preChat,
        body,
        attachment_ids: attachmentIds,
      });
      const { id } = started.conversation;
      setConversations((list) => upsertConversation(list, started.conversation));
      setThreads((t) => ({
        ...t,
        [id]: {
          messages: mergeMessages(t[id]?.messages ?? [], started.messages),
          hasMore: false,
          loading: false,
          error: null,
        },
      }));
      setView({ name: 'thread', id });
      started.messages.forEach((m) => host.message(m));
      if (preChat['email'] || preChat['name'])
        setSession((s) =>
          s
            ? {
                ...s,
                visitor: {
                  ...s.visitor,
                  name: preChat['name'] || s.visitor.name,
                  email: preChat['email'] || s.visitor.email,
                },
              }
            : s,
        );
    },
    [api, host, setView],
  );

  const sendMessage = useCallback(
    async (id: number, body: string, attachmentIds: number[]) => {
      stopTyping();
      const message = await api.sendMessage(id, body, attachmentIds);
      {
        setThreads((t) => ({
          ...t,
          [id]: {
            ...(t[id] ?? EMPTY_THREAD),
            loading: false,
            messages: mergeMessages(t[id]?.messages ?? [], [message]),
          },
        }));
        setConversations((list) => {
          const known = list.find((c) => c.id === id);
          return known ? upsertConversation(list, withMessage(known, message, false)) : list;
        });
        host.message(message);
      }
    },
    [api, host, stopTyping],
  );

  // The rating prompt of a closed conversation: its rating is kept so the prompt is not shown again.
  const rateConversation = useCallback(
    async (id: number, rating: number, comment: string) => {
      const rated = await api.rate(id, rating, comment);
      setConversations((list) => upsertConversation(list, rated));
    },
    [api],
  );

  return {
    session,
    settings,
    fatal,
    retry: () => setAttempt((n) => n + 1),
    conversations,
    threads,
    typing,
    view,
    setView,
    open,
    online,
    prefill,
    unread,
    openConversation,
    loadOlder: (id: number) => {
      const first = threads[id]?.messages[0];
      if (first) void loadThread(id, first.id);
    },
    startConversation,
    sendMessage,
    rateConversation,
    noteTyping,
    stopTyping,
  };
}
export type Chat = ReturnType<typeof useChat>;
