import { useMemo, useState } from 'react';
import { Button, Empty, Flex, Input, Spin, Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { Macro } from '@parley/contracts';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useGetMacrosQuery, useRunMacroMutation } from '../api/macros-api';
import styles from './macros.module.css';

/** Macros whose name or description holds every word typed. */
export function filterMacros(macros: readonly Macro[], search: string): Macro[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return macros.filter((m) => {
    const text = `${m.name} ${m.description ?? ''}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/**
 * The picker's content (loaded when it first opens): the macros with a search box; choosing one
 * runs it on the conversation and says so in a toast.
 */
export function MacroPicker({
  conversationId,
  onDone,
}: {
  conversationId: number;
  onDone: () => void;
}) {
  const { data, isLoading, error } = useGetMacrosQuery();
  const [runMacro, running] = useRunMacroMutation();
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterMacros(data?.macros ?? [], search), [data, search]);

  const run = async (macro: Macro) => {
    const name = macro.name;
    onDone();
    try {
      await runMacro({ conversationId, macroId: macro.id }).unwrap();
      toast.success(t`Macro “${name}” applied`);
    } catch (failure) {
      toast.error(
        t`Macro “${name}” could not be applied`,
        asErrorPayload(failure)?.message ?? genericErrorMessage(),
      );
    }
  };

  const runnable = shown.filter((m) => !m.broken_reason);
  return (
    <Flex vertical gap={8} className={styles.picker}>
      <Input.Search
        aria-label={t`Search macros`}
        placeholder={t`Search macros`}
        autoFocus
        allowClear
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        onSearch={() => {
          if (runnable[0]) void run(runnable[0]);
        }}
      />
      {isLoading && <Spin />}
      {error && (
        <Typography.Text type="danger">
          <Trans>Macros could not be loaded.</Trans>
        </Typography.Text>
      )}
      {!isLoading && !error && shown.length === 0 && (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            (data?.macros.length ?? 0) === 0
              ? t`No macros yet. Create them in Settings → Macros.`
              : t`No macro matches.`
          }
        />
      )}
      <ul className={styles.pickerList} aria-label={t`Macros`}>
        {shown.map((macro) => (
          <li key={macro.id}>
            <Button
              type="text"
              block
              className={styles.pickerItem}
              disabled={Boolean(macro.broken_reason) || running.isLoading}
              title={macro.broken_reason ?? macro.description ?? undefined}
              onClick={() => void run(macro)}
              icon={macro.broken_reason ? <WarningOutlined /> : undefined}
            >
              <span dir="auto" className={styles.pickerName}>
                {macro.name}
              </span>
            </Button>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
