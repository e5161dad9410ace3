import { useState } from 'react';
import { CloseOutlined, MessageOutlined, SendOutlined } from '@ant-design/icons';
import { theme as antdTheme } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { WidgetPublicSettings } from '@parley/contracts';
import { readableTextOn } from '../widget-colours';

export interface WidgetPreviewProps {
  enabled: boolean;
  theme: WidgetPublicSettings['theme'];
  /** Shown in the panel's header, as visitors of the store see it. */
  storeName: string;
}

/**
 * Panel colours of docs/product/data.md messageTheme: the widget's own look on the store, which
 * the merchant picks (light or dark), whatever the agent app's theme.
 */
const SURFACES = {
  light: {
    // theme-ignore-next-line: the widget's light panel, chosen by the merchant.
    body: '#ffffff',
    // theme-ignore-next-line: the widget's light panel, chosen by the merchant.
    bubble: '#f1f3f5',
    // theme-ignore-next-line: the widget's light panel, chosen by the merchant.
    foreground: '#1f2329',
    // theme-ignore-next-line: the widget's light panel, chosen by the merchant.
    muted: '#5b6170',
    // theme-ignore-next-line: the widget's light panel, chosen by the merchant.
    border: '#e4e7ec',
  },
  dark: {
    // theme-ignore-next-line: the widget's dark panel, chosen by the merchant.
    body: '#1b1f24',
    // theme-ignore-next-line: the widget's dark panel, chosen by the merchant.
    bubble: '#2b3139',
    // theme-ignore-next-line: the widget's dark panel, chosen by the merchant.
    foreground: '#e8eaed',
    // theme-ignore-next-line: the widget's dark panel, chosen by the merchant.
    muted: '#a3a9b3',
    // theme-ignore-next-line: the widget's dark panel, chosen by the merchant.
    border: '#343b45',
  },
} as const;

/** The widget's own shadows, as the store shows them. */
// theme-ignore-next-line: the widget's panel shadow on the store, not the app's theme.
const PANEL_SHADOW = '0 12px 32px rgba(15, 23, 42, 0.22)';
// theme-ignore-next-line: the widget's launcher shadow on the store, not the app's theme.
const LAUNCHER_SHADOW = '0 6px 16px rgba(15, 23, 42, 0.25)';

/**
 * A faithful mock of what a store's visitors see: the launcher button (call-to-action in the
 * primary colour) and, once opened, the chat panel in the dark or light theme. It is drawn in
 * the page, on a mock storefront that is its own stacking context, so the z-index applies inside
 * it only. The conversation in it is an illustration, not data.
 */
export function WidgetPreview({ enabled, theme, storeName }: WidgetPreviewProps) {
  const { token } = antdTheme.useToken();
  const [open, setOpen] = useState(true);
  const surface = SURFACES[theme.messageTheme];
  const onPrimary = readableTextOn(theme.primary);

  return (
    <section
      aria-label={t`Live preview`}
      data-testid="widget-preview"
      style={{
        position: 'relative',
        isolation: 'isolate',
        height: 560,
        borderRadius: token.borderRadiusLG,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        overflow: 'hidden',
        background: `linear-gradient(180deg, ${token.colorBgContainer} 0%, ${token.colorBgLayout} 100%)`,
      }}
    >
      {/* The storefront behind the widget. */}
      <div aria-hidden style={{ padding: 20, display: 'grid', gap: 10 }}>
        <div
          style={{
            height: 14,
            width: '40%',
            background: token.colorFill,
            borderRadius: token.borderRadiusXS,
          }}
        />
        <div
          style={{
            height: 90,
            background: token.colorFillSecondary,
            borderRadius: token.borderRadius,
          }}
        />
        <div
          style={{
            height: 10,
            width: '85%',
            background: token.colorFillSecondary,
            borderRadius: token.borderRadiusXS,
          }}
        />
        <div
          style={{
            height: 10,
            width: '70%',
            background: token.colorFillSecondary,
            borderRadius: token.borderRadiusXS,
          }}
        />
      </div>

      {!enabled && (
        <p
          style={{
            position: 'absolute',
            inset: 'auto 20px 24px',
            margin: 0,
            textAlign: 'center',
            color: token.colorTextSecondary,
          }}
        >
          <Trans>The widget is off: visitors to your store see no chat button.</Trans>
        </p>
      )}

      {enabled && open && (
        <div
          role="dialog"
          aria-label={t`Chat panel preview`}
          data-theme={theme.messageTheme}
          style={{
            position: 'absolute',
            // The widget sits at the bottom right of the store, whatever the agent's language.
            right: 20,
            bottom: 84,
            width: 'min(340px, calc(100% - 40px))',
            height: 400,
            display: 'flex',
            flexDirection: 'column',
            borderRadius: 14,
            overflow: 'hidden',
            background: surface.body,
            color: surface.foreground,
            boxShadow: PANEL_SHADOW,
            zIndex: theme.z_index,
          }}
        >
          <header
            data-testid="preview-header"
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              padding: '14px 16px',
              background: theme.primary,
              color: onPrimary,
            }}
          >
            <div style={{ flex: 1, minWidth: 0 }}>
              <div dir="auto" style={{ fontWeight: 600 }}>
                {storeName}
              </div>
              <div style={{ fontSize: token.fontSizeSM, opacity: 0.85 }}>
                <Trans>Send us a message</Trans>
              </div>
            </div>
            <button
              type="button"
              aria-label={t`Close the chat panel preview`}
              onClick={() => setOpen(false)}
              style={{
                border: 'none',
                background: 'transparent',
                color: onPrimary,
                cursor: 'pointer',
                padding: 4,
                // WCAG 2.2 target size.
                minWidth: 28,
                minHeight: 28,
              }}
            >
              <CloseOutlined />
            </button>
          </header>
          <div
            aria-hidden
            style={{ flex: 1, padding: 16, display: 'grid', alignContent: 'start', gap: 10 }}
          >
            <div
              style={{
                justifySelf: 'start',
                maxWidth: '80%',
                padding: '8px 12px',
                borderRadius: 12,
                borderEndStartRadius: 4,
                background: surface.bubble,
              }}
            >
              <Trans>Hi! How can we help you today?</Trans>
            </div>
            <div
              data-testid="preview-visitor-bubble"
              style={{
                justifySelf: 'end',
                maxWidth: '80%',
                padding: '8px 12px',
                borderRadius: 12,
                borderEndEndRadius: 4,
                background: theme.primary,
                color: onPrimary,
              }}
            >
              <Trans>Do you ship to Canada?</Trans>
            </div>
          </div>
          <div
            aria-hidden
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              padding: '10px 12px',
              borderTop: `1px solid ${surface.border}`,
              color: surface.muted,
            }}
          >
            <span style={{ flex: 1 }}>
              <Trans>Type your message…</Trans>
            </span>
            <SendOutlined style={{ color: theme.primary }} />
          </div>
        </div>
      )}

      {enabled && (
        <button
          type="button"
          data-testid="preview-launcher"
          aria-expanded={open}
          onClick={() => setOpen((was) => !was)}
          style={{
            position: 'absolute',
            // The widget sits at the bottom right of the store, whatever the agent's language.
            right: 20,
            bottom: 20,
            zIndex: theme.z_index,
            display: 'inline-flex',
            alignItems: 'center',
            gap: 8,
            maxWidth: 'calc(100% - 40px)',
            height: 48,
            padding: '0 20px',
            border: 'none',
            borderRadius: 24,
            background: theme.primary,
            color: onPrimary,
            fontWeight: 600,
            fontSize: 15,
            cursor: 'pointer',
            boxShadow: LAUNCHER_SHADOW,
          }}
        >
          {open ? <CloseOutlined aria-hidden /> : <MessageOutlined aria-hidden />}
          <span dir="auto">{theme.cta}</span>
        </button>
      )}
    </section>
  );
}
