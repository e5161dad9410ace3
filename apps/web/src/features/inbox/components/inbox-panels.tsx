import {
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { t } from '@lingui/core/macro';
import { Drawer } from 'antd';
import { MenuUnfoldOutlined } from '@ant-design/icons';
import { startSide } from '../../../lib/i18n';
import type { PanelLayout } from '../hooks/use-panel-layout';
import { MAX_PANEL_WIDTHS, type ResizablePanel } from '../panel-layout';
import { useInboxColors } from './inbox-colors';
import styles from './inbox.module.css';

const KEY_STEP_PX = 16;

/** The handle after a panel, named for screen readers (whole sentences, for translators). */
const resizeLabel = (panel: ResizablePanel) =>
  panel === 'views' ? t`Resize views panel` : t`Resize conversation list`;

/** The rail's button that brings a hidden panel back. */
const showLabel = (panel: ResizablePanel) =>
  panel === 'views' ? t`Show views panel` : t`Show conversation list`;

/** Right-to-left the panels run from the right: a handle dragged leftwards widens its panel. */
const inlineSign = (): 1 | -1 => (startSide() === 'right' ? -1 : 1);

interface ResizeHandleProps {
  panel: ResizablePanel;
  layout: PanelLayout;
}

/** A draggable (and keyboard-operable) divider after a panel; double-click restores the width. */
function ResizeHandle({ panel, layout }: ResizeHandleProps) {
  const [dragging, setDragging] = useState(false);
  const sign = inlineSign();
  const width = layout.widths[panel];
  const min = layout.spec[panel];

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const startX = event.clientX;
    const startWidth = width;
    setDragging(true);
    const onMove = (move: globalThis.PointerEvent) =>
      layout.resize(panel, startWidth + sign * (move.clientX - startX));
    const onUp = () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onUp);
      setDragging(false);
      layout.commit();
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onUp);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowLeft: -KEY_STEP_PX, ArrowRight: KEY_STEP_PX }[event.key];
    if (step === undefined && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    let next = width + sign * (step ?? 0);
    if (event.key === 'Home') next = min;
    if (event.key === 'End') next = MAX_PANEL_WIDTHS[panel];
    layout.resize(panel, next, true);
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={resizeLabel(panel)}
      aria-valuenow={width}
      aria-valuemin={min}
      aria-valuemax={MAX_PANEL_WIDTHS[panel]}
      tabIndex={0}
      className={`${styles.handle} ${dragging ? styles.handleActive : ''}`}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onDoubleClick={() => layout.reset(panel)}
    />
  );
}

/** Where hidden panels come back from: one button per hidden panel. */
function CollapsedRail({ layout }: { layout: PanelLayout }) {
  const hidden = (['views', 'list'] as const).filter((panel) => !layout.visible[panel]);
  return (
    <div className={styles.rail}>
      {hidden.map((panel) => {
        const label = showLabel(panel);
        return (
          <button
            key={panel}
            type="button"
            className={styles.iconButton}
            aria-label={label}
            title={label}
            onClick={() => layout.toggle(panel)}
          >
            <MenuUnfoldOutlined />
          </button>
        );
      })}
    </div>
  );
}

/** How the inbox shows on a phone (usePhoneLayout): one screen at a time. */
export interface PhoneScreens {
  /** A conversation is open (the address names one): it is the screen, not the list. */
  conversationOpen: boolean;
  /** The views are open in their drawer. */
  viewsOpen: boolean;
  onCloseViews: () => void;
}

interface InboxPanelsProps {
  layout: PanelLayout;
  views: ReactNode;
  list: ReactNode;
  conversation: ReactNode;
  /** Set on a phone: the screens stack instead of standing side by side. */
  phone?: PhoneScreens;
}

/** The list, or the open conversation, full width; the views slide in from the start side. */
function StackedScreens({
  views,
  list,
  conversation,
  phone,
}: Omit<InboxPanelsProps, 'layout' | 'phone'> & { phone: PhoneScreens }) {
  const colors = useInboxColors();
  // Picking a view (a link) closes the drawer; the list behind it shows that view.
  const onViewsClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('a[href]')) phone.onCloseViews();
  };
  return (
    <div
      className={`${styles.workspace} ${styles.stacked}`}
      style={colors}
      data-testid="inbox-panels"
    >
      {phone.conversationOpen ? (
        <section aria-label={t`Conversation`} className={styles.screen} data-panel="conversation">
          {conversation}
        </section>
      ) : (
        <section aria-label={t`Conversation list`} className={styles.screen} data-panel="list">
          {list}
        </section>
      )}
      <Drawer
        open={phone.viewsOpen}
        onClose={phone.onCloseViews}
        placement={startSide()}
        size="min(300px, 85vw)"
        title={t`Inbox`}
        styles={{ body: { padding: 0 }, header: { paddingBlock: 8 } }}
      >
        <div className={styles.drawerViews} style={colors} onClick={onViewsClick}>
          {views}
        </div>
      </Drawer>
    </div>
  );
}

/**
 * Views | list | conversation, side by side; the first two resizable and hideable. On a phone,
 * stacked screens instead (the panels' widths and visibility stay saved for wider screens).
 */
export function InboxPanels({ layout, views, list, conversation, phone }: InboxPanelsProps) {
  const colors = useInboxColors();
  if (phone) {
    return <StackedScreens views={views} list={list} conversation={conversation} phone={phone} />;
  }
  const { visible, widths, spec } = layout;
  return (
    <div className={styles.workspace} style={colors} data-testid="inbox-panels">
      {(!visible.views || !visible.list) && <CollapsedRail layout={layout} />}
      {visible.views && (
        <>
          <section
            aria-label={t`Views`}
            className={styles.viewsPanel}
            style={{ width: widths.views }}
            data-panel="views"
          >
            {views}
          </section>
          <ResizeHandle panel="views" layout={layout} />
        </>
      )}
      {visible.list && (
        <>
          <section
            aria-label={t`Conversation list`}
            className={styles.listPanel}
            style={{ width: widths.list }}
            data-panel="list"
          >
            {list}
          </section>
          <ResizeHandle panel="list" layout={layout} />
        </>
      )}
      <section
        aria-label={t`Conversation`}
        className={styles.conversationPanel}
        style={{ minWidth: spec.conversation }}
        data-panel="conversation"
      >
        {conversation}
      </section>
    </div>
  );
}
