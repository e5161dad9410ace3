import { Suspense, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, FloatButton, theme } from 'antd';
import {
  ArrowLeftOutlined,
  BookOutlined,
  CloseOutlined,
  MailOutlined,
  MessageOutlined,
  PhoneOutlined,
  PlayCircleOutlined,
  QuestionOutlined,
} from '@ant-design/icons';
import { hostMessage, type Me } from '@parley/contracts';
import { lazyPage } from '../../../lib/lazy-page';
import { usePhoneLayout } from '../../../lib/use-phone-layout';
import { useGetHelpWidgetConfigQuery } from '../api/shell-api';
import { ONBOARDING_VIDEOS_ROUTE, SUPPORT_EMAIL } from '../shell-config';
import { useShellModals } from '../shell-modals-context';
import { HelpCallouts } from './help-callouts';
import {
  BESIDE_BUTTONS,
  FLOAT_GAP,
  FLOAT_RIGHT,
  FLOAT_SIZE,
  helpWidgetZIndex,
  PANEL_MAX_HEIGHT,
  PANEL_WIDTH,
  PHONE_TOP_BAR_HEIGHT,
  VIEWPORT_MARGIN,
} from './help-widget-layout';
import { useHelpCenterLink } from './use-help-center-link';
import { openChatPage, useHelpWidgetFrame } from './use-help-widget-frame';
import { t } from '@lingui/core/macro';

// The form (antd's Form and Select) loads when the panel first opens, not with every page.
const CallbackForm = lazyPage(() => import('./callback-form').then((m) => m.CallbackForm));

/** Help widget menu entries (docs/product/screens.md), in their documented order and words. */
/** The help menu's entries, in the active language. */
export const helpMenu = () => ({
  supportEmail: t`Support email`,
  helpCenter: t`Help Center`,
  onboardingVideos: t`Watch Onboarding Videos`,
  requestCallback: t`Request Callback`,
});
export const helpButtonLabel = () => t`Help`;

type View = 'menu' | 'callback' | 'chat';

/** The chat entry and view of the panel (the operator's live-chat widget). */
export const chatTitle = () => t`Chat with us`;

const isExternal = (url: string) => /^[a-z][a-z\d+.-]*:/i.test(url);

const entryStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  width: '100%',
  height: 'auto',
  padding: '10px 12px',
  justifyContent: 'flex-start',
  textAlign: 'start',
  whiteSpace: 'normal',
} as const;

function EntryText({ title, hint }: { title: string; hint?: string }) {
  const { token } = theme.useToken();
  return (
    <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
      <span style={{ fontWeight: 500 }}>{title}</span>
      {hint && (
        <span style={{ fontSize: token.fontSizeSM, color: token.colorTextSecondary }}>{hint}</span>
      )}
    </span>
  );
}

/** A menu entry that goes somewhere: in-app paths stay in the app, others open a new tab. */
function LinkEntry({
  to,
  icon,
  title,
  onFollow,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  onFollow: () => void;
}) {
  const content = (
    <>
      {icon}
      <EntryText title={title} />
    </>
  );
  const style = { ...entryStyle, color: 'inherit', borderRadius: 8 };
  if (isExternal(to)) {
    return (
      <a href={to} target="_blank" rel="noopener noreferrer" style={style} onClick={onFollow}>
        {content}
      </a>
    );
  }
  return (
    <Link to={to} style={style} onClick={onFollow}>
      {content}
    </Link>
  );
}

/**
 * Help widget (docs/product/screens.md, docs/product/states.md): a floating button (bottom right, under the feedback button) that
 * toggles a panel with the menu — support email, Help Center, Watch Onboarding Videos — the
 * Request Callback form and, when the operator configured one (HELP_WIDGET_URL), our live-chat
 * widget in an iframe that talks to the app through the frame messages of docs/product/api.md.
 */
export function HelpWidget({ me, bottom }: { me: Me | undefined; bottom: number }) {
  const [open, setOpen] = useState(false);
  const phone = usePhoneLayout();
  const [view, setView] = useState<View>('menu');
  const panelId = useId();
  const titleId = useId();
  const modals = useShellModals();
  const { pathname } = useLocation();
  const { data: config } = useGetHelpWidgetConfigQuery();
  const frameUrl = config?.frame_url ?? null;
  const panel = useRef<HTMLDivElement | null>(null);
  const { token } = theme.useToken();
  const helpCenter = useHelpCenterLink(me?.account.id, open && view === 'menu');

  const close = useCallback(() => {
    setOpen(false);
    setView('menu');
  }, []);
  const openChat = useCallback(() => {
    setOpen(true);
    setView(frameUrl ? 'chat' : 'menu');
  }, [frameUrl]);

  const { frameRef, onFrameLoad, unread, preview, post, markSeen } = useHelpWidgetFrame(
    frameUrl,
    me,
    pathname,
    { onActiveState: (next) => (next ? openChat() : close()) },
  );
  const chatShown = open && view === 'chat';

  useEffect(() => {
    if (open) void CallbackForm.preload();
  }, [open]);

  // The widget hears whether its panel is open and which page it should show; looking at the
  // chat counts as seeing its messages.
  useEffect(() => {
    post(hostMessage('active_state', { open: chatShown }));
    if (!chatShown) return;
    post(openChatPage());
    markSeen();
  }, [chatShown, post, markSeen]);

  // The panel takes the focus when it opens or changes view (its header is keyed by both), so
  // keyboard users land in it.
  const focusPanel = useCallback(
    (node: HTMLDivElement | null) => {
      if (node && open) panel.current?.focus();
    },
    [open],
  );

  const title =
    view === 'callback'
      ? helpMenu().requestCallback
      : view === 'chat'
        ? chatTitle()
        : t`How can we help?`;

  return (
    <>
      <FloatButton
        shape="circle"
        icon={open ? <CloseOutlined /> : <QuestionOutlined />}
        badge={unread > 0 && !chatShown ? { count: unread } : undefined}
        aria-label={helpButtonLabel()}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="help-float-button"
        tooltip={{ title: helpButtonLabel(), placement: 'left' }}
        onClick={() => (open ? close() : setOpen(true))}
        style={{ insetInlineEnd: FLOAT_RIGHT, bottom }}
      />
      {!open && (
        <HelpCallouts
          placement={
            phone
              ? // Under the phone's top bar: at the bottom they would cover the composer.
                { top: PHONE_TOP_BAR_HEIGHT + VIEWPORT_MARGIN, right: VIEWPORT_MARGIN }
              : // Raised off the bottom row, where a composer keeps its Send button.
                { bottom: bottom + FLOAT_SIZE + FLOAT_GAP, right: BESIDE_BUTTONS }
          }
          unread={unread}
          preview={preview}
          onOpenChat={openChat}
          onScheduleDemo={() => modals.open('schedule-demo')}
        />
      )}
      {(open || frameUrl) && (
        <div
          id={panelId}
          ref={panel}
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          hidden={!open}
          data-testid={open ? 'help-widget-panel' : undefined}
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || event.defaultPrevented) return;
            // An open select list closes first; the panel closes on the next Escape.
            const target = event.target as HTMLElement;
            if (target.getAttribute('aria-expanded') === 'true') return;
            close();
          }}
          style={{
            position: 'fixed',
            insetInlineEnd: BESIDE_BUTTONS,
            bottom,
            boxSizing: 'border-box',
            width: PANEL_WIDTH,
            // On a phone it narrows and shortens to fit the viewport.
            maxWidth: `calc(100vw - ${BESIDE_BUTTONS + VIEWPORT_MARGIN}px)`,
            maxHeight: `min(${PANEL_MAX_HEIGHT}px, calc(100dvh - ${bottom + VIEWPORT_MARGIN}px))`,
            overflowY: view === 'chat' ? 'hidden' : 'auto',
            zIndex: helpWidgetZIndex(token),
            background: token.colorBgElevated,
            color: token.colorText,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowSecondary,
            padding: token.padding,
            outline: 'none',
            display: open ? 'flex' : 'none',
            flexDirection: 'column',
          }}
        >
          <div
            key={`${open}-${view}`}
            ref={focusPanel}
            style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 12 }}
          >
            {view !== 'menu' && (
              <Button
                type="text"
                size="small"
                icon={<ArrowLeftOutlined />}
                aria-label={t`Back to help menu`}
                onClick={() => setView('menu')}
              />
            )}
            <h2
              id={titleId}
              style={{ margin: 0, fontSize: token.fontSizeLG, fontWeight: 600, flex: 1 }}
            >
              {title}
            </h2>
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={t`Close help`}
              onClick={close}
            />
          </div>
          {open && view === 'menu' && (
            <nav aria-label={t`Help menu`}>
              <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 4 }}>
                {frameUrl && (
                  <li>
                    <Button type="text" style={entryStyle} onClick={() => setView('chat')}>
                      <MessageOutlined aria-hidden />
                      <EntryText
                        title={chatTitle()}
                        hint="Our team usually answers within minutes"
                      />
                    </Button>
                  </li>
                )}
                <li>
                  <Button
                    type="text"
                    style={entryStyle}
                    onClick={() => {
                      close();
                      modals.open('support-email');
                    }}
                  >
                    <MailOutlined aria-hidden />
                    <EntryText title={helpMenu().supportEmail} hint={SUPPORT_EMAIL} />
                  </Button>
                </li>
                <li>
                  {helpCenter.to === null ? (
                    // Nothing to open: the entry stays, saying why.
                    <span
                      aria-disabled="true"
                      style={{ ...entryStyle, color: token.colorTextDisabled }}
                    >
                      <BookOutlined aria-hidden />
                      <EntryText title={helpMenu().helpCenter} hint={helpCenter.reason} />
                    </span>
                  ) : (
                    <LinkEntry
                      to={helpCenter.to}
                      icon={<BookOutlined aria-hidden />}
                      title={helpMenu().helpCenter}
                      onFollow={close}
                    />
                  )}
                </li>
                <li>
                  <LinkEntry
                    to={ONBOARDING_VIDEOS_ROUTE}
                    icon={<PlayCircleOutlined aria-hidden />}
                    title={helpMenu().onboardingVideos}
                    onFollow={close}
                  />
                </li>
                <li>
                  <Button type="text" style={entryStyle} onClick={() => setView('callback')}>
                    <PhoneOutlined aria-hidden />
                    <EntryText title={helpMenu().requestCallback} />
                  </Button>
                </li>
              </ul>
            </nav>
          )}
          {open && view === 'callback' && (
            <Suspense fallback={null}>
              <CallbackForm me={me} onDone={close} />
            </Suspense>
          )}
          {frameUrl && (
            // Always mounted (hidden while closed) so replies reach the agent as callouts.
            <iframe
              ref={frameRef}
              src={frameUrl}
              title={chatTitle()}
              onLoad={onFrameLoad}
              // The widget lives on the operator's own origin (never ours, see the CSP), so it
              // may keep its same-origin storage without being able to reach into this page.
              // oxlint-disable-next-line react/iframe-missing-sandbox
              sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
              data-testid="help-widget-frame"
              style={{
                border: 0,
                width: '100%',
                height: PANEL_MAX_HEIGHT - 80,
                // A shorter viewport shrinks it with the panel.
                flex: '1 1 auto',
                minHeight: 0,
                display: view === 'chat' ? 'block' : 'none',
              }}
            />
          )}
        </div>
      )}
    </>
  );
}
