import { useState } from 'react';
import { CloseOutlined, MessageOutlined, SendOutlined } from '@ant-design/icons';
import type { WidgetPublicSettings } from '@parley/contracts';
import { readableTextOn } from '../widget-colours';

export interface WidgetPreviewProps {
  enabled: boolean;
  theme: WidgetPublicSettings['theme'];
  /** Shown in the panel's header, as visitors of the store see it. */
  storeName: string;
}

/** Panel colours of docs/product/data.md messageTheme. */
const SURFACES = {
  light: {
    body: '#ffffff',
    bubble: '#f1f3f5',
    text: '#1f2329',
    muted: '#5b6170',
    border: '#e4e7ec',
  },
  dark: {
    body: '#1b1f24',
    bubble: '#2b3139',
    text: '#e8eaed',
    muted: '#a3a9b3',
    border: '#343b45',
  },
} as const;

/**
 * A faithful mock of what a store's visitors see: the launcher button (call-to-action in the
 * primary colour) and, once opened, the chat panel in the dark or light theme. It is drawn in
 * the page, on a mock storefront that is its own stacking context, so the z-index applies inside
 * it only. The conversation in it is an illustration, not data.
 */
export function WidgetPreview({ enabled, theme, storeName }: WidgetPreviewProps) {
  const [open, setOpen] = useState(true);
  const surface = SURFACES[theme.messageTheme];
  const onPrimary = readableTextOn(theme.primary);

  return (
    <section
      aria-label="Live preview"
      data-testid="widget-preview"
      style={{
        position: 'relative',
        isolation: 'isolate',
        height: 560,
        borderRadius: 12,
        border: '1px solid #e4e7ec',
        overflow: 'hidden',
        background: 'linear-gradient(180deg, #f7f8fa 0%, #eef0f4 100%)',
      }}
    >
      {/* The storefront behind the widget. */}
      <div aria-hidden style={{ padding: 20, display: 'grid', gap: 10 }}>
        <div style={{ height: 14, width: '40%', background: '#dde1e7', borderRadius: 4 }} />
        <div style={{ height: 90, background: '#e4e7ec', borderRadius: 8 }} />
        <div style={{ height: 10, width: '85%', background: '#e4e7ec', borderRadius: 4 }} />
        <div style={{ height: 10, width: '70%', background: '#e4e7ec', borderRadius: 4 }} />
      </div>

      {!enabled && (
        <p
          style={{
            position: 'absolute',
            inset: 'auto 20px 24px',
            margin: 0,
            textAlign: 'center',
            color: '#5b6170',
          }}
        >
          The widget is off: visitors to your store see no chat button.
        </p>
      )}

      {enabled && open && (
        <div
          role="dialog"
          aria-label="Chat panel preview"
          data-theme={theme.messageTheme}
          style={{
            position: 'absolute',
            right: 20,
            bottom: 84,
            width: 'min(340px, calc(100% - 40px))',
            height: 400,
            display: 'flex',
            flexDirection: 'column',
            borderRadius: 14,
            overflow: 'hidden',
            background: surface.body,
            color: surface.text,
            boxShadow: '0 12px 32px rgba(15, 23, 42, 0.22)',
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
              <div style={{ fontWeight: 600 }}>{storeName}</div>
              <div style={{ fontSize: 12, opacity: 0.85 }}>Send us a message</div>
            </div>
            <button
              type="button"
              aria-label="Close the chat panel preview"
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
                borderRadius: '12px 12px 12px 4px',
                background: surface.bubble,
              }}
            >
              Hi! How can we help you today?
            </div>
            <div
              data-testid="preview-visitor-bubble"
              style={{
                justifySelf: 'end',
                maxWidth: '80%',
                padding: '8px 12px',
                borderRadius: '12px 12px 4px 12px',
                background: theme.primary,
                color: onPrimary,
              }}
            >
              Do you ship to Canada?
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
            <span style={{ flex: 1 }}>Type your message…</span>
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
            boxShadow: '0 6px 16px rgba(15, 23, 42, 0.25)',
          }}
        >
          {open ? <CloseOutlined aria-hidden /> : <MessageOutlined aria-hidden />}
          <span>{theme.cta}</span>
        </button>
      )}
    </section>
  );
}
