import { useState } from 'react';
import { Alert, Button, Flex, Input, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import { CONTACT_ATTRIBUTE_LIMITS, type ContactDetail } from '@parley/contracts';

interface Row {
  key: string;
  value: string;
}

const rowsOf = (attributes: ContactDetail['attributes']): Row[] =>
  Object.entries(attributes).map(([key, value]) => ({ key, value: String(value) }));

/** The rows as the map the server takes, or the first problem in words. */
function validate(rows: Row[]): { attributes: Record<string, string> } | { problem: string } {
  const attributes: Record<string, string> = {};
  for (const row of rows) {
    const key = row.key.trim();
    if (!key && !row.value.trim()) continue;
    if (!key) return { problem: t`Every attribute needs a name.` };
    if (key in attributes) return { problem: t`Two attributes are called “${key}”.` };
    attributes[key] = row.value;
  }
  const max = CONTACT_ATTRIBUTE_LIMITS.count;
  if (Object.keys(attributes).length > max)
    return { problem: t`A contact has at most ${max} attributes.` };
  return { attributes };
}

/**
 * A contact's custom attributes as name / value rows: add, change or remove rows, then save the
 * whole set at once (the server replaces the map).
 */
export function AttributesEditor({
  attributes,
  saving,
  onSave,
}: {
  attributes: ContactDetail['attributes'];
  saving: boolean;
  onSave: (attributes: Record<string, string>) => Promise<string | null>;
}) {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = rowsOf(attributes);

  if (rows === null)
    return (
      <Flex vertical gap={8}>
        {shown.length === 0 ? (
          <Typography.Text type="secondary">{t`No custom attributes yet.`}</Typography.Text>
        ) : (
          <dl style={{ margin: 0 }}>
            {shown.map((row) => (
              <Flex key={row.key} gap={8} wrap style={{ paddingBlock: 2 }}>
                <dt style={{ fontWeight: 600, minWidth: 120 }} dir="auto">
                  {row.key}
                </dt>
                <dd style={{ margin: 0, overflowWrap: 'anywhere' }} dir="auto">
                  {row.value}
                </dd>
              </Flex>
            ))}
          </dl>
        )}
        <div>
          <Button onClick={() => setRows(shown.length ? shown : [{ key: '', value: '' }])}>
            {t`Edit attributes`}
          </Button>
        </div>
      </Flex>
    );

  const change = (index: number, part: Partial<Row>) =>
    setRows(rows.map((row, i) => (i === index ? { ...row, ...part } : row)));

  const save = async () => {
    const checked = validate(rows);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    const failure = await onSave(checked.attributes);
    if (failure) setProblem(failure);
    else setRows(null);
  };

  return (
    <Flex vertical gap={8}>
      {rows.map((row, index) => {
        const number = index + 1;
        return (
          <Flex key={index} gap={8} wrap align="center">
            <Input
              aria-label={t`Attribute ${number} name`}
              placeholder={t`Name`}
              value={row.key}
              maxLength={CONTACT_ATTRIBUTE_LIMITS.keyLength}
              onChange={(event) => change(index, { key: event.target.value })}
              style={{ flex: '1 1 140px' }}
            />
            <Input
              aria-label={t`Attribute ${number} value`}
              placeholder={t`Value`}
              value={row.value}
              maxLength={CONTACT_ATTRIBUTE_LIMITS.valueLength}
              onChange={(event) => change(index, { value: event.target.value })}
              style={{ flex: '2 1 180px' }}
            />
            <Button
              aria-label={t`Remove attribute ${number}`}
              icon={<DeleteOutlined />}
              onClick={() => setRows(rows.filter((_, i) => i !== index))}
            />
          </Flex>
        );
      })}
      {problem && <Alert type="error" showIcon title={problem} />}
      <Flex gap={8} wrap>
        <Button
          icon={<PlusOutlined />}
          disabled={rows.length >= CONTACT_ATTRIBUTE_LIMITS.count}
          onClick={() => setRows([...rows, { key: '', value: '' }])}
        >
          {t`Add attribute`}
        </Button>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          {t`Save attributes`}
        </Button>
        <Button
          onClick={() => {
            setRows(null);
            setProblem(null);
          }}
        >
          {t`Cancel`}
        </Button>
      </Flex>
    </Flex>
  );
}
