import { Flex, InputNumber, Select, Space, Typography, theme } from 'antd';
import { t } from '@lingui/core/macro';
import { SLA_METRICS, type Priority, type SlaMetric } from '@parley/contracts';
import { durationUnitOptions, type DurationUnit } from '../../../components/settings-list';
import { priorityLabel } from '../../conversation';
import { slaMetricName } from '../clock/clock-words';
import { PRIORITY_ORDER, targetKey, type Duration, type TargetsDraft } from '../policy-draft';

/** One target: an amount (empty: none) and its unit. */
function DurationInput({
  priority,
  metric,
  value,
  invalid,
  onChange,
}: {
  priority: Priority;
  metric: SlaMetric;
  value: Duration;
  invalid: boolean;
  onChange: (next: Duration) => void;
}) {
  const metricName = slaMetricName(metric);
  const priorityName = priorityLabel(priority);
  return (
    <Flex vertical gap={2} style={{ flex: '1 1 150px', minWidth: 0 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {metricName}
      </Typography.Text>
      <Space.Compact style={{ width: '100%' }}>
        <InputNumber
          aria-label={t`${metricName} target, ${priorityName}`}
          min={1}
          precision={0}
          value={value.amount}
          placeholder="—"
          status={invalid ? 'error' : undefined}
          onChange={(amount) => onChange({ ...value, amount: amount ?? null })}
          style={{ flex: '1 1 64px', minWidth: 64 }}
        />
        <Select<DurationUnit>
          aria-label={t`${metricName} target unit, ${priorityName}`}
          value={value.unit}
          onChange={(unit) => onChange({ ...value, unit })}
          options={durationUnitOptions()}
          style={{ flex: '0 0 96px' }}
        />
      </Space.Compact>
    </Flex>
  );
}

/**
 * The promises per priority: first response, next response and resolution, each an optional
 * duration. One group per priority whose three fields wrap on a narrow screen, so a phone never
 * scrolls sideways.
 */
export function TargetsTable({
  targets,
  errors,
  onChange,
}: {
  targets: TargetsDraft;
  errors: Record<string, string[]>;
  onChange: (next: TargetsDraft) => void;
}) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={12}>
      {PRIORITY_ORDER.map((priority) => {
        const messages = SLA_METRICS.flatMap(
          (m) => errors[`targets.${priority}.${targetKey(m)}`] ?? [],
        ).concat(errors[`targets.${priority}`] ?? []);
        return (
          <fieldset
            key={priority}
            style={{
              margin: 0,
              padding: 0,
              border: 0,
              paddingBlockEnd: token.paddingSM,
              borderBlockEnd: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <legend style={{ fontWeight: 600, fontSize: token.fontSize, marginBottom: 4 }}>
              {priorityLabel(priority)}
            </legend>
            <Flex gap={8} wrap>
              {SLA_METRICS.map((metric) => (
                <DurationInput
                  key={metric}
                  priority={priority}
                  metric={metric}
                  value={targets[priority][metric]}
                  invalid={Boolean(errors[`targets.${priority}.${targetKey(metric)}`])}
                  onChange={(next) =>
                    onChange({
                      ...targets,
                      [priority]: { ...targets[priority], [metric]: next },
                    })
                  }
                />
              ))}
            </Flex>
            {messages.length > 0 && (
              <Typography.Text type="danger" role="alert">
                {[...new Set(messages)].join(' ')}
              </Typography.Text>
            )}
          </fieldset>
        );
      })}
    </Flex>
  );
}
