import { useState } from 'react';
import { Button, Dropdown, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import { useGetMacrosQuery } from '../api/macros-api';

/**
 * The bulk bar's "Macro" menu: the agent's macros, read when it first opens; choosing one hands
 * its id to the bar, which runs it on the selection as one bulk job.
 */
export function MacroBulkMenu({
  disabled,
  onRun,
}: {
  disabled: boolean;
  onRun: (macroId: number) => void;
}) {
  const [opened, setOpened] = useState(false);
  const { data, isLoading } = useGetMacrosQuery(undefined, { skip: !opened });
  const macros = data?.macros ?? [];
  const menu: MenuProps = {
    items: isLoading
      ? [{ key: 'loading', label: t`Loading…`, disabled: true }]
      : macros.length === 0
        ? [{ key: 'none', label: t`No macros yet`, disabled: true }]
        : macros.map((m) => ({
            key: String(m.id),
            label: m.name,
            disabled: Boolean(m.broken_reason),
            title: m.broken_reason ?? undefined,
          })),
    onClick: ({ key }) => onRun(Number(key)),
  };
  return (
    <Dropdown
      menu={menu}
      trigger={['click']}
      disabled={disabled}
      onOpenChange={(open) => {
        if (open) setOpened(true);
      }}
    >
      <Button size="small">
        {t`Macro`} <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
