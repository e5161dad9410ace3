import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import {
  InboxOutlined,
  MenuFoldOutlined,
  PlusOutlined,
  QuestionCircleOutlined,
  TeamOutlined,
  UserOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import type { ConversationMapping, ViewCounts } from '@parley/contracts';
import { inboxPath, type InboxLocation, type InboxView } from '../inbox-route';
import { ChannelIcon } from './channel-icon';
import styles from './inbox.module.css';

interface ViewsPanelProps {
  location: InboxLocation;
  counts: ViewCounts | undefined;
  mapping: ConversationMapping | undefined;
  onNewConversation: () => void;
  onShowShortcuts: () => void;
  /** Hides the panel; without it (the phone's drawer, which has its own title) no header. */
  onHide?: () => void;
}

interface ViewLinkProps {
  view: InboxView;
  location: InboxLocation;
  icon: ReactNode;
  name: string;
  count: number | undefined;
  unread?: number;
}

function ViewLink({ view, location, icon, name, count, unread }: ViewLinkProps) {
  const active = location.view === view;
  // A new view keeps the status and sort, and starts without a search or an open conversation.
  const to = inboxPath({ ...location, view, conversationId: null });
  return (
    <li>
      <Link to={to} className={styles.viewLink} aria-current={active ? 'page' : undefined}>
        <span className={styles.viewIcon} aria-hidden="true">
          {icon}
        </span>
        <span className={styles.viewName}>{name}</span>
        {unread ? (
          <span className={styles.unreadBadge} title={`${unread} unread`}>
            <span aria-hidden="true">{unread}</span>
            <span className={styles.srOnly}>{` (${unread} unread)`}</span>
          </span>
        ) : null}
        {count !== undefined && <span className={styles.viewCount}>{count}</span>}
      </Link>
    </li>
  );
}

/** The views: Mine, Unassigned, All, then every team, channel and tag, with their counts. */
export function ViewsPanel({
  location,
  counts,
  mapping,
  onNewConversation,
  onShowShortcuts,
  onHide,
}: ViewsPanelProps) {
  const teams = mapping?.teams ?? [];
  const channels = mapping?.support_channels ?? [];
  const tags = mapping?.tags ?? [];
  return (
    <>
      {onHide && (
        <div className={styles.panelHeader}>
          <h2 className={styles.panelTitle}>Inbox</h2>
          <Tooltip title="Hide views">
            <button
              type="button"
              className={styles.iconButton}
              aria-label="Hide views panel"
              onClick={onHide}
            >
              <MenuFoldOutlined />
            </button>
          </Tooltip>
        </div>
      )}
      <div style={{ padding: '12px 12px 4px' }}>
        <Button type="primary" block icon={<PlusOutlined />} onClick={onNewConversation}>
          New conversation
        </Button>
      </div>
      <nav aria-label="Inbox views" className={styles.viewsScroll}>
        <ul className={styles.viewList}>
          <ViewLink
            view="mine"
            location={location}
            icon={<UserOutlined />}
            name="Mine"
            count={counts?.mine}
            unread={counts?.unread_mine}
          />
          <ViewLink
            view="unassigned"
            location={location}
            icon={<UserSwitchOutlined />}
            name="Unassigned"
            count={counts?.unassigned}
          />
          <ViewLink
            view="all"
            location={location}
            icon={<InboxOutlined />}
            name="All"
            count={counts?.all}
          />
        </ul>
        {teams.length > 0 && (
          <>
            <h3 className={styles.viewGroup}>Teams</h3>
            <ul className={styles.viewList}>
              {teams.map((team) => (
                <ViewLink
                  key={team.id}
                  view={`team:${team.id}`}
                  location={location}
                  icon={<TeamOutlined />}
                  name={team.name}
                  count={counts ? (counts.teams[String(team.id)] ?? 0) : undefined}
                />
              ))}
            </ul>
          </>
        )}
        {channels.length > 0 && (
          <>
            <h3 className={styles.viewGroup}>Channels</h3>
            <ul className={styles.viewList}>
              {channels.map((channel) => (
                <ViewLink
                  key={channel.id}
                  view={`channel:${channel.id}`}
                  location={location}
                  icon={<ChannelIcon type={channel.type} />}
                  name={channel.name}
                  count={counts ? (counts.channels[String(channel.id)] ?? 0) : undefined}
                />
              ))}
            </ul>
          </>
        )}
        {tags.length > 0 && (
          <>
            <h3 className={styles.viewGroup}>Tags</h3>
            <ul className={styles.viewList}>
              {tags.map((tag) => (
                <ViewLink
                  key={tag.id}
                  view={`tag:${tag.id}`}
                  location={location}
                  icon={<span className={styles.tagDot} style={{ background: tag.color }} />}
                  name={tag.name}
                  count={counts ? (counts.tags[String(tag.id)] ?? 0) : undefined}
                />
              ))}
            </ul>
          </>
        )}
      </nav>
      <div className={styles.viewsFooter}>
        <Button
          type="text"
          size="small"
          icon={<QuestionCircleOutlined />}
          onClick={onShowShortcuts}
        >
          Keyboard shortcuts
        </Button>
      </div>
    </>
  );
}
