import { useId } from 'react';
import { Flex, Input, Switch, Typography } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

/** An editor's errors by the path the server (or the editor's own check) names. */
export type FieldErrorMap = Record<string, string[]>;

/** The messages at `prefix` and below it (`actions.0` takes `actions.0.tag_ids`), each once. */
export const errorsUnder = (errors: FieldErrorMap, prefix: string): string[] => [
  ...new Set(
    Object.entries(errors)
      .filter(([path]) => path === prefix || path.startsWith(`${prefix}.`))
      .flatMap(([, messages]) => messages),
  ),
];

/** What is wrong with a field, under it; read out as it appears. */
export function FieldErrors({ messages }: { messages: string[] | undefined }) {
  if (!messages || messages.length === 0) return null;
  return (
    <Typography.Text type="danger" role="alert">
      {messages.join(' ')}
    </Typography.Text>
  );
}

/** The item's name, with what is wrong with it under it. */
export function NameField({
  value,
  errors,
  maxLength,
  onChange,
}: {
  value: string;
  errors: FieldErrorMap;
  maxLength?: number;
  onChange: (name: string) => void;
}) {
  const id = useId();
  return (
    <Flex vertical gap={4}>
      <label htmlFor={id}>
        <Trans>Name</Trans>
      </label>
      <Input
        id={id}
        value={value}
        maxLength={maxLength}
        status={errors.name ? 'error' : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldErrors messages={errorsUnder(errors, 'name')} />
    </Flex>
  );
}

/** The item's on/off switch in its editor, with "On" or "Off" beside it. */
export function EnabledField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (enabled: boolean) => void;
}) {
  return (
    <Flex align="center" gap={8}>
      <Switch aria-label={label} checked={checked} onChange={onChange} />
      <Typography.Text>{checked ? t`On` : t`Off`}</Typography.Text>
    </Flex>
  );
}
