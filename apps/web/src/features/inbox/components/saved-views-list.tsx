import { lazy } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { SettingOutlined, SlidersOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { ConversationMapping, SavedView } from '@parley/contracts';
import { MountOnOpen } from '../../../components/mount-on-open';
import { formatNumber } from '../../../lib/format';
import {
  openSavedViewSheet,
  savedViewCount,
  savedViewHref,
  useSavedViewSheet,
  type CurrentFilters,
} from '../saved-views';
import styles from './inbox.module.css';

// The dialogs are their own chunk: the inbox route's JS stays within its budget.
const SavedViewSheets = lazy(() =>
  import('./saved-view-sheets').then((m) => ({ default: m.SavedViewSheets })),
);

/**
 * "Saved views" in the sidebar, under the built-in views: each with its count, the one in sight
 * marked. Plain links: opening one is navigating to its filters' inbox URL.
 */
export function SavedViewsList({
  views,
  active,
}: {
  views: readonly SavedView[] | undefined;
  active: SavedView | undefined;
}) {
  if (!views || views.length === 0) return null;
  return (
    <>
      <div style={{ display: 'flex', alignItems: 'center' }}>
        <h3 className={styles.viewGroup} style={{ flex: 1 }}>
          <Trans>Saved views</Trans>
        </h3>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={t`Manage saved views`}
          title={t`Manage saved views`}
          onClick={() => openSavedViewSheet({ kind: 'manage' })}
        >
          <SettingOutlined />
        </button>
      </div>
      <ul className={styles.viewList} aria-label={t`Saved views`}>
        {views.map((view) => (
          <li key={view.id}>
            <Link
              to={savedViewHref(view.filters)}
              className={styles.viewLink}
              aria-current={active?.id === view.id ? 'page' : undefined}
            >
              <span className={styles.viewIcon} aria-hidden="true">
                <SlidersOutlined />
              </span>
              <span className={styles.viewName} dir="auto">
                {view.name}
              </span>
              <span className={styles.viewCount}>{savedViewCount(view, formatNumber)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Shows the saved-view dialog that is open, loading the dialogs the first time one opens. */
export function SavedViewSheetHost({
  current,
  mapping,
}: {
  current: CurrentFilters;
  mapping: ConversationMapping | undefined;
}) {
  const sheet = useSavedViewSheet();
  return (
    <MountOnOpen open={sheet !== null}>
      <SavedViewSheets
        sheet={sheet}
        current={current}
        mapping={mapping}
        onClose={() => openSavedViewSheet(null)}
      />
    </MountOnOpen>
  );
}
