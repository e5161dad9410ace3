import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Button, Result, Skeleton } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { Tag } from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import {
  useGetConversationDetailQuery,
  useGetConversationMappingQuery,
  useGetConversationMessagesQuery,
  useMarkConversationReadMutation,
} from '../api/conversation-api';
import type { TicketStore } from '../api/ticket-api';
import { useConversationActions } from '../hooks/use-conversation-actions';
import { useConversationPresence } from '../hooks/use-conversation-presence';
import { useConversationShortcuts } from '../hooks/use-conversation-shortcuts';
import { useLiveConversation } from '../hooks/use-live-conversation';
import { selectFreshTicket } from '../ticket-preload-slice';
import { Composer, type ComposerHandle } from './composer';
import { ContactPanel } from './contact-panel';
import { ConversationHeader, contactDisplayName } from './conversation-header';
import { MessageThread } from './message-thread';
import { MergedBanner, useConversationMoves, useLiveMoves } from './move-lines';
import { usePaneColors } from './pane-colors';
import { PresenceNotice } from './presence-notice';
import { ScheduledStrip } from './scheduled-strip';
import { backToListLabel, BackButton, ScreenBar } from './screen-bar';
import styles from './conversation-pane.module.css';

export interface ConversationPaneProps {
  conversationId: number;
  /** The store the inbox preloaded this ticket for (usePreloadTicket), to find that exact copy. */
  store?: TicketStore;
  /** Where a link to another conversation goes (contact panel). Default: defaultConversationHref. */
  conversationHref?: (id: number) => string;
  /** Called after the agent marked the conversation unread (e.g. to close the pane). */
  onMarkedUnread?: () => void;
  /**
   * Set when the pane is a screen of its own (a phone): it shows this back step to the list,
   * opens the contact details as a screen of their own, and sizes its controls for touch.
   */
  onBack?: () => void;
}

/**
 * Ticket link shape `{a}/{b}/{c}/{d}/{id}?search=id:{id}` (docs/product/screens.md), in every view and status, so
 * the conversation shows whatever its status.
 */
export function defaultConversationHref(id: number): string {
  return `/inboxes/all/all/newest/${id}?search=id:${id}`;
}

const NO_TAGS: Tag[] = [];

// The merge dialog is a chunk of its own, loaded when asked for (the inbox's JS budget).
const MergeModal = lazy(() => import('./merge-modal').then((m) => ({ default: m.MergeModal })));

/**
 * One conversation: header with its actions, the thread, its scheduled messages, the composer
 * and the contact panel.
 * Marks the conversation read when opened, stays live over realtime, shows who else is here,
 * and answers the pane's keyboard shortcuts.
 */
export function ConversationPane({
  conversationId,
  store,
  conversationHref = defaultConversationHref,
  onMarkedUnread,
  onBack,
}: ConversationPaneProps) {
  const stacked = onBack !== undefined;
  const detailQuery = useGetConversationDetailQuery(conversationId);
  const messagesQuery = useGetConversationMessagesQuery(conversationId);
  const { data: mapping } = useGetConversationMappingQuery();
  const meId = useAppSelector((state) => state.auth.me?.id ?? null);
  // A preloaded copy (list hover) shows at once while the pane's own data loads.
  const preloaded = useAppSelector((state) =>
    selectFreshTicket(state, conversationId, Date.now(), store),
  );
  const [markRead] = useMarkConversationReadMutation();
  const [contactPanelOpen, setContactPanelOpen] = useState(true);
  // Stacked, the contact details replace the conversation; another conversation starts without.
  const [contactScreenOf, setContactScreenOf] = useState<number | null>(null);
  const contactScreen = stacked && contactScreenOf === conversationId;
  const [macrosOpen, setMacrosOpen] = useState(false);
  const [mergeOpen, setMergeOpen] = useState(false);
  const composer = useRef<ComposerHandle>(null);
  // After "Mark unread" the agent wants it unread: new messages must not read it again.
  const keepUnread = useRef(false);

  const detail = detailQuery.currentData ?? preloaded?.ticket;
  const messages = messagesQuery.currentData?.items ?? preloaded?.messages ?? null;
  const actions = useConversationActions(detail, meId, mapping?.tags ?? NO_TAGS);
  const moves = useConversationMoves(conversationId, messages);
  useLiveMoves();
  const presence = useConversationPresence(conversationId);
  const colors = usePaneColors();
  const paneLabel = t`Conversation ${conversationId}`;

  useEffect(() => {
    keepUnread.current = false;
    void markRead(conversationId);
  }, [conversationId, markRead]);

  const onIncomingMessage = useCallback(() => {
    if (keepUnread.current || document.visibilityState === 'hidden') return;
    void markRead(conversationId);
  }, [conversationId, markRead]);
  useLiveConversation(conversationId, { onIncomingMessage });

  useConversationShortcuts({
    reply: () => composer.current?.focus('reply'),
    note: () => composer.current?.focus('note'),
    resolve: () => {
      if (detail && detail.status !== 'closed') void actions.setStatus('closed');
    },
    'assign-to-me': () => void actions.assignToMe(),
    macros: () => setMacrosOpen(true),
    blur: () => composer.current?.blur(),
  });

  // While the conversation loads or fails, the way back to the list is still there.
  const backBar = onBack && (
    <ScreenBar>
      <BackButton label={backToListLabel()} onClick={onBack} />
    </ScreenBar>
  );

  if (!detail) {
    if (detailQuery.isError) {
      const error = asErrorPayload(detailQuery.error);
      return (
        <section aria-label={paneLabel} className={styles.pane} style={colors}>
          {backBar}
          <Result
            status={error?.status === 404 ? '404' : 'warning'}
            title={
              error?.status === 404
                ? t`This conversation was not found`
                : t`This conversation could not be loaded`
            }
            subTitle={error?.message ?? genericErrorMessage()}
            extra={
              <Button onClick={() => void detailQuery.refetch()}>
                <Trans>Try again</Trans>
              </Button>
            }
          />
        </section>
      );
    }
    return (
      <section aria-label={paneLabel} aria-busy className={styles.pane} style={colors}>
        {backBar}
        <div style={{ padding: 16 }}>
          <Skeleton active title paragraph={{ rows: 8 }} />
        </div>
      </section>
    );
  }

  if (contactScreen) {
    return (
      <section aria-label={paneLabel} className={styles.pane} style={colors}>
        <ScreenBar>
          <BackButton
            label={t`Back to the conversation`}
            onClick={() => setContactScreenOf(null)}
          />
          <h2 className={styles.screenTitle}>
            <Trans>Contact details</Trans>
          </h2>
        </ScreenBar>
        <ContactPanel detail={detail} conversationHref={conversationHref} screen />
      </section>
    );
  }

  return (
    <section aria-label={paneLabel} className={styles.pane} style={colors}>
      <ConversationHeader
        detail={detail}
        mapping={mapping}
        meId={meId}
        actions={actions}
        contactPanelOpen={stacked ? contactScreen : contactPanelOpen}
        onToggleContactPanel={() =>
          stacked ? setContactScreenOf(conversationId) : setContactPanelOpen((open) => !open)
        }
        onBack={onBack}
        macrosOpen={macrosOpen}
        onMacrosOpenChange={setMacrosOpen}
        onMerge={() => setMergeOpen(true)}
        onMarkedUnread={() => {
          keepUnread.current = true;
          onMarkedUnread?.();
        }}
      />
      <PresenceNotice
        colleagues={presence.colleagues}
        typingContact={presence.visitorTyping ? contactDisplayName(detail) : null}
      />
      <MergedBanner mergedInto={moves.mergedInto} conversationHref={conversationHref} />
      {mergeOpen && (
        <Suspense fallback={null}>
          <MergeModal detail={detail} onClose={() => setMergeOpen(false)} />
        </Suspense>
      )}
      <div className={styles.body}>
        <div className={styles.main}>
          <MessageThread
            conversationId={conversationId}
            messages={messages}
            hasMore={messagesQuery.currentData?.has_more ?? false}
            contactName={contactDisplayName(detail)}
            loadError={
              messagesQuery.isError
                ? (asErrorPayload(messagesQuery.error)?.message ?? genericErrorMessage())
                : null
            }
            onRetry={() => void messagesQuery.refetch()}
            movesByLine={moves.byLine}
            conversationHref={conversationHref}
          />
          <ScheduledStrip
            conversationId={conversationId}
            meId={meId}
            onRestored={(mode) => composer.current?.focus(mode)}
          />
          <Composer
            key={conversationId}
            ref={composer}
            conversationId={conversationId}
            contactName={contactDisplayName(detail)}
            channelType={detail.channel_type}
            replyChannels={detail.reply_channels}
            latestCustomerChannelId={detail.latest_customer_channel_id}
            users={mapping?.dc_users ?? []}
            meId={meId}
            onTyping={presence.typing}
            onStopTyping={presence.stopTyping}
            touch={stacked}
          />
        </div>
        {contactPanelOpen && !stacked && (
          <ContactPanel detail={detail} conversationHref={conversationHref} />
        )}
      </div>
    </section>
  );
}
