import { useState } from 'react';
import { Select, Tag } from 'antd';
import { t } from '@lingui/core/macro';
import { CloseOutlined } from '@ant-design/icons';
import type { Tag as TagEntity } from '@parley/contracts';
import styles from './conversation-pane.module.css';

/** Option values of tags to create, so a new name can never collide with an existing one. */
const NEW_PREFIX = '\u0000new:';

interface ConversationTagsProps {
  tagIds: number[];
  knownTags: TagEntity[];
  onAdd: (name: string) => void;
  onRemove: (tag: Pick<TagEntity, 'id' | 'name'>) => void;
  /** Sized for fingers (a phone): every control at least 24 px. */
  touch?: boolean;
}

/** The conversation's tags, each removable, and a field to pick an existing tag or type a new one. */
export function ConversationTags({
  tagIds,
  knownTags,
  onAdd,
  onRemove,
  touch = false,
}: ConversationTagsProps) {
  // A tag the mapping does not list (yet) is named by number, in the theme's plain tag colour.
  const attached = tagIds.map(
    (id): Pick<TagEntity, 'id' | 'name'> & { color?: string } =>
      knownTags.find((tag) => tag.id === id) ?? { id, name: t`Tag #${id}` },
  );
  const [search, setSearch] = useState('');
  const typed = search.trim();
  const available = knownTags.filter(
    (tag) => !tagIds.includes(tag.id) && tag.name.toLowerCase().includes(typed.toLowerCase()),
  );
  const exists = knownTags.some((tag) => tag.name.toLowerCase() === typed.toLowerCase());
  // Existing tags first (Enter picks the first), then "Create" for a name the account lacks.
  const options = [
    ...available.map((tag) => ({ value: tag.name, label: tag.name })),
    ...(typed && !exists
      ? [{ value: `${NEW_PREFIX}${typed}`, label: t`Create tag “${typed}”` }]
      : []),
  ];

  return (
    <div className={styles.tags} aria-label={t`Tags`} role="group">
      {attached.map((tag) => {
        const tagName = tag.name;
        return (
          // The tag's own colour, as the workspace picked it (data, not theme).
          <Tag key={tag.id} color={tag.color} style={{ marginInlineEnd: 0 }}>
            <span dir="auto">{tagName}</span>
            <button
              type="button"
              aria-label={t`Remove tag ${tagName}`}
              onClick={() => onRemove(tag)}
              style={{
                marginInlineStart: 4,
                padding: 0,
                border: 0,
                background: 'none',
                color: 'inherit',
                cursor: 'pointer',
                fontSize: 10,
                ...(touch ? { minWidth: 24, minHeight: 24 } : {}),
              }}
            >
              <CloseOutlined aria-hidden />
            </button>
          </Tag>
        );
      })}
      <Select<string>
        aria-label={t`Add tag`}
        size={touch ? 'middle' : 'small'}
        variant="borderless"
        placeholder={t`+ Add tag`}
        value={null}
        style={{ minWidth: 150 }}
        popupMatchSelectWidth={220}
        showSearch={{ searchValue: search, onSearch: setSearch, filterOption: false }}
        notFoundContent={null}
        options={options}
        onSelect={(value) => {
          setSearch('');
          onAdd(value.startsWith(NEW_PREFIX) ? value.slice(NEW_PREFIX.length) : value);
        }}
      />
    </div>
  );
}
