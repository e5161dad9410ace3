import { useEffect, useState } from 'react';
import { Badge, Button, theme, type GlobalToken } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { DEMO_CALLOUT_DELAY_MS, LOCAL_KEYS } from '@parley/contracts';
import { PRODUCT_NAME } from '../shell-config';
import { helpWidgetZIndex, VIEWPORT_MARGIN } from './help-widget-layout';
import { plural, t } from '@lingui/core/macro';

/** Read when shown, so each is in the active language. */
export const DEMO_CALLOUT_TEXT = {
  get title() {
    return t`New to ${PRODUCT_NAME}?`;
  },
  get body() {
    return t`Book a free demo with our team, or chat with us if you have a question.`;
  },
  get demo() {
    return t`Schedule a demo`;
  },
  get chat() {
    return t`Chat with us`;
  },
  get dismiss() {
    return t`Dismiss`;
  },
};

export const newMessageCalloutTitle = (count: number) =>
  count === 1
    ? t`New message from the ${PRODUCT_NAME} team`
    : plural(count, { one: '# new message', other: '# new messages' });

/** `showDemoAndChatCallout` (docs/product/data.md): 'false' once the person dismissed or used the callout. */
const calloutDismissed = () => localStorage.getItem(LOCAL_KEYS.showDemoAndChatCallout) === 'false';
const dismissCallout = () => localStorage.setItem(LOCAL_KEYS.showDemoAndChatCallout, 'false');

/** docs/product/states.md: the demo and chat callout appears 5 seconds after load, until dismissed. */
function useDemoCallout(): [boolean, () => void] {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (calloutDismissed()) return;
    const timer = setTimeout(() => setShown(true), DEMO_CALLOUT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return [
    shown,
    () => {
      dismissCallout();
      setShown(false);
    },
  ];
}

const CALLOUT_WIDTH = 280;

/**
 * Where the callouts sit: above the floating buttons' row on a wide screen; on a phone under the
 * top bar, since at the bottom they would cover the composer's text box.
 */
export type CalloutPlacement = { bottom: number; right: number } | { top: number; right: number };

const cardStyle = (token: GlobalToken, { right, ...edge }: CalloutPlacement) =>
  ({
    position: 'fixed',
    insetInlineEnd: right,
    ...edge,
    boxSizing: 'border-box',
    width: CALLOUT_WIDTH,
    maxWidth: `calc(100vw - ${right + VIEWPORT_MARGIN}px)`,
    // Under modals and their backdrops, like the panel.
    zIndex: helpWidgetZIndex(token),
    background: token.colorBgElevated,
    color: token.colorText,
    borderRadius: token.borderRadiusLG,
    boxShadow: token.boxShadowSecondary,
    padding: `${token.paddingSM}px ${token.padding}px`,
  }) as const;

/**
 * The callouts beside the help button (docs/product/states.md): a reply from the operator's team (`new_message`,
 * with a badge of the count) and, once per person, the demo-and-chat invitation. `placement`
 * keeps them off the composer: above its bottom row (Send) on a wide screen, at the top on a phone.
 */
export function HelpCallouts({
  placement,
  unread,
  preview,
  onOpenChat,
  onScheduleDemo,
}: {
  placement: CalloutPlacement;
  unread: number;
  preview: string | null;
  onOpenChat: () => void;
  onScheduleDemo: () => void;
}) {
  const calloutTitle = newMessageCalloutTitle(unread);
  const [demoShown, dismissDemo] = useDemoCallout();
  const { token } = theme.useToken();

  if (unread > 0) {
    return (
      <button
        type="button"
        role="status"
        aria-label={t`${calloutTitle}. Open the chat`}
        data-testid="help-new-message-callout"
        onClick={onOpenChat}
        style={{
          ...cardStyle(token, placement),
          border: 0,
          font: 'inherit',
          textAlign: 'start',
          cursor: 'pointer',
        }}
      >
        <span style={{ display: 'flex', alignItems: 'center', gap: 8, fontWeight: 600 }}>
          <Badge count={unread} aria-hidden />
          {newMessageCalloutTitle(unread)}
        </span>
        {preview && (
          <span
            style={{
              display: 'block',
              marginTop: 4,
              color: token.colorTextSecondary,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {preview}
          </span>
        )}
      </button>
    );
  }

  if (!demoShown) return null;
  return (
    <section
      aria-label={DEMO_CALLOUT_TEXT.title}
      data-testid="help-demo-callout"
      style={cardStyle(token, placement)}
    >
      <div style={{ display: 'flex', alignItems: 'flex-start', gap: 8 }}>
        <strong style={{ flex: 1 }}>{DEMO_CALLOUT_TEXT.title}</strong>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={DEMO_CALLOUT_TEXT.dismiss}
          onClick={dismissDemo}
        />
      </div>
      <p style={{ margin: '4px 0 10px', color: token.colorTextSecondary }}>
        {DEMO_CALLOUT_TEXT.body}
      </p>
      <div style={{ display: 'flex', gap: 8 }}>
        <Button
          type="primary"
          size="small"
          onClick={() => {
            dismissDemo();
            onScheduleDemo();
          }}
        >
          {DEMO_CALLOUT_TEXT.demo}
        </Button>
        <Button
          size="small"
          onClick={() => {
            dismissDemo();
            onOpenChat();
          }}
        >
          {DEMO_CALLOUT_TEXT.chat}
        </Button>
      </div>
    </section>
  );
}
