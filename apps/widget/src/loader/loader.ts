import {
  WIDGET_FRAME_SOURCE,
  WIDGET_PUBLIC_SETTINGS_PATH,
  type WidgetFrameMessage,
  type WidgetPublicSettings,
} from '@parley/contracts';
import {
  acceptFrameMessage,
  badgeText,
  emitter,
  frameUrl,
  readScriptConfig,
  textOn,
  tokenKey,
  type LoaderConfig,
  type LoaderEvent,
} from './loader-core';
import { browserLanguages } from '../languages';
import { LOADER_TEXTS, loaderText } from './loader-texts';

/**
 * The script a store pastes into its pages. It stays under 3 KB gzip: it shows
 * the launcher and fetches nothing more until the visitor opens the chat, whose app then loads
 * in an iframe from the Parley origin. Styles are set through the CSSOM (never style attributes
 * or <style>), so a strict CSP on the store's page does not break it.
 */

type Identity = { id: string; name?: string; email?: string; phone?: string; hash?: string };
type Attributes = Record<string, string | number | boolean | null>;
type ToFrame = Extract<WidgetFrameMessage, { type: 'identify' | 'attributes' | 'visibility' }>;
/** A message to the frame before its `source` tag is added (one per union member). */
type OutgoingMessage = ToFrame extends infer M
  ? M extends ToFrame
    ? Omit<M, 'source'>
    : never
  : never;

declare global {
  interface Window {
    Parley?: ReturnType<typeof start>;
  }
}

/** Sets `prop:value;…` one property at a time: a value a browser refuses drops alone. */
const css = (el: HTMLElement, text: string) => {
  for (const declaration of text.split(';')) {
    const [prop, value] = declaration.split(/:(.*)/);
    if (prop && value) el.style.setProperty(prop, value);
  }
  return el;
};
const make = <K extends keyof HTMLElementTagNameMap>(tag: K) => document.createElement(tag);

function storage(key: string) {
  return {
    get: () => {
      try {
        return localStorage.getItem(key);
      } catch {
        return null; // storage blocked: the visitor starts afresh on each page
      }
    },
    set: (value: string) => {
      try {
        localStorage.setItem(key, value);
      } catch {
        /* same */
      }
    },
  };
}

/** A short two-note chime (Web Audio, no file to fetch); silent when the browser refuses. */
function chime() {
  try {
    const audio = new AudioContext();
    const gain = audio.createGain();
    gain.connect(audio.destination);
    gain.gain.value = 0.08;
    [660, 880].forEach((hz, i) => {
      const tone = audio.createOscillator();
      tone.frequency.value = hz;
      tone.connect(gain);
      tone.start(audio.currentTime + i * 0.12);
      tone.stop(audio.currentTime + i * 0.12 + 0.1);
    });
    setTimeout(() => audio.close(), 600);
  } catch {
    /* no sound */
  }
}

function start(config: LoaderConfig) {
  const events = emitter();
  const token = storage(tokenKey(config.shop));
  const queue: OutgoingMessage[] = [];
  let frame: HTMLIFrameElement | null = null;
  let frameReady = false;
  let isOpen = false;
  let unread = 0;
  let launcher: HTMLButtonElement | null = null;
  let badge: HTMLSpanElement | null = null;
  let zIndex = 2147483000;

  const post = (message: OutgoingMessage) => {
    if (frame?.contentWindow && frameReady)
      frame.contentWindow.postMessage({ source: WIDGET_FRAME_SOURCE, ...message }, config.base);
    else if (message.type !== 'visibility') queue.push(message);
  };

  const setOpen = (open: boolean) => {
    if (!launcher || open === isOpen) return;
    isOpen = open;
    if (open && !frame) {
      frame = make('iframe');
      frame.title = loaderText(LOADER_TEXTS.frameTitle, browserLanguages());
      frame.src = frameUrl(config, location.origin, token.get());
      document.body.append(frame);
    }
    if (frame)
      css(
        frame,
        `position:fixed;right:16px;bottom:88px;width:376px;height:min(704px,calc(100vh - 104px));max-width:calc(100vw - 32px);border:0;border-radius:14px;box-shadow:0 8px 32px rgba(0,0,0,.25);background:transparent;z-index:${zIndex};display:${open ? 'block' : 'none'}`,
      );
    launcher.setAttribute('aria-expanded', String(open));
    post({ type: 'visibility', open });
    events.emit(open ? 'open' : 'close');
  };

  const setUnread = (count: number) => {
    if (count > unread && !isOpen) chime();
    unread = count;
    if (badge) {
      badge.textContent = badgeText(count);
      badge.style.display = count > 0 ? 'block' : 'none';
    }
  };

  const onMessage = (event: MessageEvent) => {
    const message = acceptFrameMessage(event, config.base, frame?.contentWindow);
    if (!message) return;
    if (message.type === 'ready') {
      frameReady = true;
      queue.splice(0).forEach(post);
      post({ type: 'visibility', open: isOpen });
    } else if (message.type === 'session') token.set(message.visitor_token);
    else if (message.type === 'close') setOpen(false);
    else if (message.type === 'unread') setUnread(message.count);
    else if (message.type === 'message') events.emit('message', message.message);
  };
  addEventListener('message', onMessage);

  const show = (theme: WidgetPublicSettings['theme']) => {
    zIndex = theme.z_index;
    launcher = make('button');
    launcher.type = 'button';
    launcher.textContent = theme.cta;
    launcher.setAttribute('aria-expanded', 'false');
    launcher.setAttribute('aria-label', theme.cta);
    // Fixed and sized before it is added: the launcher never moves the page's content.
    css(
      launcher,
      `position:fixed;right:16px;bottom:16px;height:56px;max-width:280px;padding:0 22px;border:0;border-radius:28px;font:600 15px/1 system-ui,sans-serif;cursor:pointer;box-shadow:0 4px 16px rgba(0,0,0,.2);background:${theme.primary};color:${textOn(theme.primary)};z-index:${zIndex}`,
    );
    badge = make('span');
    badge.setAttribute('aria-label', loaderText(LOADER_TEXTS.unread, browserLanguages()));
    css(
      badge,
      'position:absolute;top:-6px;right:-4px;min-width:20px;padding:3px 6px;box-sizing:border-box;border-radius:10px;background:#e03131;color:#fff;font:700 12px/14px system-ui,sans-serif;display:none',
    );
    launcher.append(badge);
    launcher.addEventListener('click', () => setOpen(!isOpen));
    const add = () => {
      if (launcher) document.body.append(launcher);
      events.emit('ready');
    };
    if (document.body) add();
    else addEventListener('DOMContentLoaded', add);
  };

  fetch(
    `${config.base}${WIDGET_PUBLIC_SETTINGS_PATH}?myshopify_domain=${encodeURIComponent(config.shop)}`,
  )
    .then((res) => (res.ok ? (res.json() as Promise<WidgetPublicSettings>) : null))
    .then((settings) => {
      // A disabled widget shows nothing at all.
      if (settings?.basic_settings.is_widget_enabled) show(settings.theme);
    })
    .catch(() => {
      /* Parley unreachable: the store's page goes on without a chat */
    });

  return {
    open: () => setOpen(true),
    close: () => setOpen(false),
    toggle: () => setOpen(!isOpen),
    identify: (identity: Identity) => post({ type: 'identify', identity }),
    setAttributes: (attributes: Attributes) => post({ type: 'attributes', attributes }),
    on: (name: LoaderEvent, fn: (payload?: unknown) => void) => events.on(name, fn),
    /** Removes the launcher and the chat (single-page stores that leave the page). */
    destroy: () => {
      launcher?.remove();
      frame?.remove();
      launcher = frame = null;
      removeEventListener('message', onMessage);
      delete window.Parley;
    },
  };
}

const script =
  (document.currentScript as HTMLScriptElement | null) ??
  document.querySelector<HTMLScriptElement>(
    'script[data-myshopify-domain][src*="/widget/loader.js"]',
  );
const config = readScriptConfig(script);
if (config && !window.Parley) window.Parley = start(config);
