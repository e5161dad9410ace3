import { StrictMode, useEffect, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { t } from '@lingui/core/macro';
import { widgetLocale } from '../languages';
import { textOn, tokenKey } from '../loader/loader-core';
import { chatEndpoints, widgetApi } from './api';
import { ChatApp } from './app';
import { connectHost, type HostBridge } from './host';
import { activateLocale } from './i18n';
import { followTheme } from './theme';
import { useChat } from './use-chat';
// oxlint-disable-next-line import/no-unassigned-import -- the app's stylesheet, bundled by vite
import './styles.css';

// Listen to the host before anything else: the help widget sends `init` on the frame's load.
const host = connectHost();

/**
 * The visitor token: the loader keeps it in the store page's storage and hands it over in the
 * fragment (then dropped from the address bar); the help widget and a bare frame keep it here.
 */
let visitorToken = host.params.token;
const ownStorageKey = tokenKey(host.params.shop);
if (host.params.mode !== 'loader') {
  try {
    visitorToken ??= localStorage.getItem(ownStorageKey);
  } catch {
    /* storage blocked */
  }
}
if (location.hash) history.replaceState(null, '', location.pathname + location.search);
const storeToken = (token: string) => {
  visitorToken = token;
  host.params.token = token;
  if (host.params.mode === 'loader') return;
  try {
    localStorage.setItem(ownStorageKey, token);
  } catch {
    /* storage blocked */
  }
};
host.params.token = visitorToken;

function Root({ bridge }: { bridge: HostBridge }) {
  const api = useMemo(() => chatEndpoints(widgetApi(() => visitorToken)), []);
  const chat = useChat(api, bridge, storeToken);
  const { settings } = chat;
  const followVisitor = chat.session?.chat.follow_visitor_theme ?? false;
  useEffect(() => {
    const root = document.documentElement;
    if (settings?.theme.primary) {
      root.style.setProperty('--primary', settings.theme.primary);
      root.style.setProperty('--on-primary', textOn(settings.theme.primary));
    }
    return followTheme(root, settings?.theme, followVisitor);
  }, [settings, followVisitor]);
  return <ChatApp chat={chat} api={api} host={bridge} />;
}

if (!host.params.shop) {
  // No store, so no store's language: the visitor's.
  void activateLocale(widgetLocale(null)).then(() => {
    document.getElementById('root')!.textContent = t`This chat is missing its store.`;
  });
} else {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Root bridge={host} />
    </StrictMode>,
  );
}
