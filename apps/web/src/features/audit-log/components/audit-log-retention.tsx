import { Alert, Flex, Select, Typography } from 'antd';
import { plural, t } from '@lingui/core/macro';
import { AUDIT_LOG_RETENTION_DAYS } from '@parley/contracts';
import { toast } from '../../../lib/toast';
import { useGetAuditLogSettingsQuery, useSetAuditLogSettingsMutation } from '../api/audit-log-api';

const FOREVER = 'forever';
type Choice = number | typeof FOREVER;

function choiceName(days: number): string {
  if (days % 365 === 0) {
    const years = days / 365;
    return plural(years, { one: '# year', other: '# years' });
  }
  return plural(days, { one: '# day', other: '# days' });
}

/**
 * How long the workspace keeps its audit log (docs/product/audit-log.md): a choice of days, or as
 * long as the workspace exists. Saved as it is chosen; older entries go within the hour.
 */
export function AuditLogRetention() {
  const { data, error } = useGetAuditLogSettingsQuery();
  const [save, { isLoading: saving }] = useSetAuditLogSettingsMutation();
  if (error)
    return (
      <Alert
        type="error"
        showIcon
        title={'message' in error ? error.message : t`The retention could not be loaded.`}
      />
    );
  const value: Choice | undefined = data ? (data.retention_days ?? FOREVER) : undefined;
  const change = async (choice: Choice) => {
    try {
      await save({ retention_days: choice === FOREVER ? null : choice }).unwrap();
      toast.success(t`Retention saved`);
    } catch (err) {
      const message = (err as { message?: string }).message;
      toast.error(message || t`The retention could not be saved.`);
    }
  };
  return (
    <Flex vertical gap={4} style={{ marginTop: 16 }}>
      <Flex gap={8} wrap align="center">
        <Typography.Text aria-hidden>{t`Keep entries for`}</Typography.Text>
        <Select<Choice>
          aria-label={t`Keep entries for`}
          style={{ minWidth: 260 }}
          loading={!data || saving}
          disabled={!data || saving}
          value={value}
          onChange={(choice) => void change(choice)}
          options={[
            ...AUDIT_LOG_RETENTION_DAYS.map((days) => ({ value: days, label: choiceName(days) })),
            { value: FOREVER, label: t`As long as the workspace exists` },
          ]}
        />
      </Flex>
      <Typography.Text type="secondary">
        {value === FOREVER || value === undefined
          ? t`Entries are kept as long as the workspace exists.`
          : t`Older entries are deleted within the hour, for good.`}
      </Typography.Text>
    </Flex>
  );
}
