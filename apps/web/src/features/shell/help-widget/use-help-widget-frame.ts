import { useCallback, useEffect, useRef, useState } from 'react';
import {
  hostMessage,
  isSafeOpenUrl,
  parseFrameToHost,
  type HelpWidgetPage,
  type HostToFrameMessage,
  type Me,
} from '@parley/contracts';
import { plural } from '@lingui/core/macro';

export interface FrameCallbacks {
  /** The widget asked to open (true) or close (false) the panel on its chat. */
  onActiveState: (open: boolean) => void;
}

export interface HelpWidgetFrame {
  /** Attach to the iframe. */
  frameRef: (node: HTMLIFrameElement | null) => void;
  /** The frame's load handler: greets the widget with `init`. */
  onFrameLoad: () => void;
  /** The widget answered `init_success`. */
  ready: boolean;
  /** Unread replies since the last `seen` (0: none). */
  unread: number;
  preview: string | null;
  /** Tell the widget what the panel does, and show a page of it. */
  post: (message: HostToFrameMessage) => void;
  /** The agent looks at the chat: the widget clears its count, the title comes back. */
  markSeen: () => void;
}

/** docs/product/states.md: `new_message` puts the new-messages count in the page title; `seen` restores it. */
export function newMessagesTitle(count: number): string {
  return plural(count, { one: '(#) New message', other: '(#) New messages' });
}

/**
 * The host side of the help widget frame protocol (docs/product/api.md): messages are accepted only from the
 * embedded frame's window and exact origin, and sent only to that origin — never to '*'.
 */
export function useHelpWidgetFrame(
  frameUrl: string | null,
  me: Me | undefined,
  pathname: string,
  callbacks: FrameCallbacks,
): HelpWidgetFrame {
  const frame = useRef<HTMLIFrameElement | null>(null);
  const [ready, setReady] = useState(false);
  const [unread, setUnread] = useState(0);
  const [preview, setPreview] = useState<string | null>(null);
  const savedTitle = useRef<string | null>(null);
  // What the message handler reads at the time a message arrives (kept out of its dependencies).
  const latest = useRef({ me, pathname, callbacks });
  useEffect(() => {
    latest.current = { me, pathname, callbacks };
  });

  const origin = frameUrl ? new URL(frameUrl, window.location.href).origin : null;

  const post = useCallback(
    (message: HostToFrameMessage) => {
      const target = frame.current?.contentWindow;
      if (target && origin) target.postMessage(message, origin);
    },
    [origin],
  );

  const restoreTitle = useCallback(() => {
    if (savedTitle.current === null) return;
    document.title = savedTitle.current;
    savedTitle.current = null;
  }, []);

  const markSeen = useCallback(() => {
    setUnread(0);
    setPreview(null);
    restoreTitle();
    post(hostMessage('reset_notifications', {}));
  }, [post, restoreTitle]);

  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      // Only our frame, from its origin: any other window or origin is ignored.
      if (event.origin !== origin || !frame.current || event.source !== frame.current.contentWindow)
        return;
      const message = parseFrameToHost(event.data);
      if (!message) return;
      const { me: user, callbacks: on } = latest.current;
      switch (message.type) {
        case 'init_success':
          setReady(true);
          // current_page follows from the effect below, once ready.
          if (user?.email) post(hostMessage('initial_email', { email: user.email }));
          break;
        case 'new_message':
          setUnread(message.payload.count);
          setPreview(message.payload.preview ?? null);
          savedTitle.current ??= document.title;
          document.title = newMessagesTitle(message.payload.count);
          break;
        case 'seen':
          setUnread(0);
          setPreview(null);
          restoreTitle();
          break;
        case 'close':
          on.onActiveState(false);
          break;
        case 'active_state':
          on.onActiveState(message.payload.open);
          break;
        case 'open_url':
          if (isSafeOpenUrl(message.payload.url))
            window.open(message.payload.url, '_blank', 'noopener,noreferrer');
          break;
        case 'window_page_loaded':
          break;
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, post, restoreTitle]);

  // The agent moves around the app: the widget knows where they are asking from.
  useEffect(() => {
    if (ready) post(hostMessage('current_page', { url: pathname }));
  }, [ready, pathname, post]);

  // Leaving the shell gives the page its own title back.
  useEffect(() => restoreTitle, [restoreTitle]);

  const frameRef = useCallback((node: HTMLIFrameElement | null) => {
    frame.current = node;
  }, []);

  const onFrameLoad = useCallback(() => {
    const { me: user, pathname: page } = latest.current;
    post(
      hostMessage('init', {
        name: user?.name ?? null,
        email: user?.email ?? null,
        account_id: user?.account.id ?? null,
        page_url: page,
      }),
    );
  }, [post]);

  return { frameRef, onFrameLoad, ready, unread, preview, post, markSeen };
}

export const openChatPage = (page: HelpWidgetPage = 'chat') =>
  hostMessage('open_window_page', { page });
