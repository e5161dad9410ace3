import { useCallback, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, FloatButton } from 'antd';
import {
  ArrowLeftOutlined,
  BookOutlined,
  CloseOutlined,
  MailOutlined,
  PhoneOutlined,
  PlayCircleOutlined,
  QuestionOutlined,
} from '@ant-design/icons';
import type { Me } from '@parley/contracts';
import { HELP_CENTER_URL, ONBOARDING_VIDEOS_URL, SUPPORT_EMAIL } from '../shell-config';
import { useShellModals } from '../shell-modals-context';
import { CallbackForm } from './callback-form';

/** Spec §2 help widget menu entries, in the spec's order and words. */
export const HELP_MENU = {
  supportEmail: 'Support email',
  helpCenter: 'Help Center',
  onboardingVideos: 'Watch Onboarding Videos',
  requestCallback: 'Request Callback',
} as const;
export const HELP_BUTTON_LABEL = 'Help';

/** Spec §9: the help widget panel is 376px wide, up to 704px high. */
const PANEL_WIDTH = 376;
const PANEL_MAX_HEIGHT = 704;
const FLOAT_RIGHT = 24;
const FLOAT_SIZE = 40;
/** Above the floating buttons and the page; antd's dropdowns (1050) still open over it. */
const PANEL_Z_INDEX = 1000;

type View = 'menu' | 'callback';

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
  return (
    <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
      <span style={{ fontWeight: 500 }}>{title}</span>
      {hint && <span style={{ fontSize: 12, color: '#5b6170' }}>{hint}</span>}
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
 * Spec §2/§4 help widget: a floating button (bottom right, under the feedback button) that
 * toggles a panel with the menu — support email, Help Center, Watch Onboarding Videos — and the
 * Request Callback form.
 */
export function HelpWidget({ me, bottom }: { me: Me | undefined; bottom: number }) {
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<View>('menu');
  const panelId = useId();
  const titleId = useId();
  const modals = useShellModals();

  const close = () => {
    setOpen(false);
    setView('menu');
  };

  // The panel takes the focus when it opens or changes view (it is keyed by view), so keyboard
  // users land in it.
  const focusPanel = useCallback((node: HTMLDivElement | null) => node?.focus(), []);

  const title = view === 'callback' ? HELP_MENU.requestCallback : 'How can we help?';

  return (
    <>
      <FloatButton
        shape="circle"
        icon={open ? <CloseOutlined /> : <QuestionOutlined />}
        aria-label={HELP_BUTTON_LABEL}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="help-float-button"
        tooltip={{ title: HELP_BUTTON_LABEL, placement: 'left' }}
        onClick={() => (open ? close() : setOpen(true))}
        style={{ insetInlineEnd: FLOAT_RIGHT, bottom }}
      />
      {open && (
        <div
          key={view}
          id={panelId}
          ref={focusPanel}
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          data-testid="help-widget-panel"
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || event.defaultPrevented) return;
            // An open select list closes first; the panel closes on the next Escape.
            const target = event.target as HTMLElement;
            if (target.getAttribute('aria-expanded') === 'true') return;
            close();
          }}
          style={{
            position: 'fixed',
            // Beside the stacked floating buttons, never over them.
            insetInlineEnd: FLOAT_RIGHT + FLOAT_SIZE + 16,
            bottom,
            width: PANEL_WIDTH,
            maxWidth: `calc(100vw - ${FLOAT_RIGHT * 2 + FLOAT_SIZE + 16}px)`,
            maxHeight: `min(${PANEL_MAX_HEIGHT}px, calc(100vh - ${bottom + 24}px))`,
            overflowY: 'auto',
            zIndex: PANEL_Z_INDEX,
            background: '#fff',
            borderRadius: 12,
            boxShadow: '0 12px 32px rgba(15, 23, 42, 0.18)',
            padding: 16,
            outline: 'none',
          }}
        >
          <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 12 }}>
            {view !== 'menu' && (
              <Button
                type="text"
                size="small"
                icon={<ArrowLeftOutlined />}
                aria-label="Back to help menu"
                onClick={() => setView('menu')}
              />
            )}
            <h2 id={titleId} style={{ margin: 0, fontSize: 16, fontWeight: 600, flex: 1 }}>
              {title}
            </h2>
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label="Close help"
              onClick={close}
            />
          </div>
          {view === 'menu' ? (
            <nav aria-label="Help menu">
              <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 4 }}>
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
                    <EntryText title={HELP_MENU.supportEmail} hint={SUPPORT_EMAIL} />
                  </Button>
                </li>
                <li>
                  <LinkEntry
                    to={HELP_CENTER_URL}
                    icon={<BookOutlined aria-hidden />}
                    title={HELP_MENU.helpCenter}
                    onFollow={close}
                  />
                </li>
                <li>
                  <LinkEntry
                    to={ONBOARDING_VIDEOS_URL}
                    icon={<PlayCircleOutlined aria-hidden />}
                    title={HELP_MENU.onboardingVideos}
                    onFollow={close}
                  />
                </li>
                <li>
                  <Button type="text" style={entryStyle} onClick={() => setView('callback')}>
                    <PhoneOutlined aria-hidden />
                    <EntryText title={HELP_MENU.requestCallback} />
                  </Button>
                </li>
              </ul>
            </nav>
          ) : (
            <CallbackForm me={me} onDone={close} />
          )}
        </div>
      )}
    </>
  );
}
