import { useState } from 'react';
import { Alert, Button, Flex, Modal, Progress, Select, Steps, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import {
  CONTACT_IMPORT_LIMITS,
  type ContactImportField,
  type ContactImportPreview,
  type ContactImportProgress,
  type ContactImportTarget,
} from '@parley/contracts';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { isCanceledRequest } from '../../../lib/request';
import { toast } from '../../../lib/toast';
import {
  downloadImportErrors,
  previewContactImport,
  useGetContactImportQuery,
  useStartContactImportMutation,
} from '../api/contacts-import-api';

/** A column's choice in the select: a field, a custom attribute named after it, or nothing. */
type Choice = ContactImportField | 'attribute' | 'skip';

const errorText = (error: unknown) => asErrorPayload(error)?.message ?? genericErrorMessage();

function fieldName(field: ContactImportField): string {
  switch (field) {
    case 'name':
      return t`Name`;
    case 'first_name':
      return t`First name`;
    case 'last_name':
      return t`Last name`;
    case 'email':
      return t`Email`;
    case 'phone':
      return t`Phone`;
  }
}

const FIELDS: ContactImportField[] = ['name', 'first_name', 'last_name', 'email', 'phone'];

/** The attribute a column fills: its header, or "Column 3" when it has none. */
function attributeName(header: string, index: number): string {
  const column = index + 1;
  return (header.trim() || t`Column ${column}`).slice(0, 64);
}

function choicesOf(preview: ContactImportPreview): Choice[] {
  return preview.header.map((_, index) => {
    const target = preview.suggested_mapping[String(index)];
    if (!target) return 'skip';
    return typeof target === 'string' ? target : 'attribute';
  });
}

/** Step 2: each column of the file, a few of its values, and where it goes. */
export function MappingStep({
  preview,
  choices,
  onChange,
}: {
  preview: ContactImportPreview;
  choices: Choice[];
  onChange: (choices: Choice[]) => void;
}) {
  const taken = (field: Choice, except: number) =>
    choices.some((choice, index) => choice === field && index !== except);
  return (
    <Flex vertical gap={12} role="list">
      {preview.header.map((header, index) => {
        const samples = preview.sample
          .map((row) => row[index]?.trim() ?? '')
          .filter(Boolean)
          .slice(0, 3);
        const column = index + 1;
        const label = header.trim() || t`Column ${column}`;
        const attribute = attributeName(header, index);
        return (
          <Flex key={index} role="listitem" wrap gap={8} align="center">
            <Flex vertical style={{ flex: '1 1 200px', minWidth: 0 }}>
              <Typography.Text strong dir="auto">
                {label}
              </Typography.Text>
              <Typography.Text
                type="secondary"
                dir="auto"
                ellipsis={{ tooltip: samples.join(', ') }}
              >
                {samples.length > 0 ? samples.join(', ') : t`(empty in the first rows)`}
              </Typography.Text>
            </Flex>
            <Select<Choice>
              aria-label={t`Import “${label}” as`}
              value={choices[index]}
              onChange={(value) =>
                onChange(choices.map((choice, i) => (i === index ? value : choice)))
              }
              style={{ flex: '1 1 200px', minWidth: 180 }}
              options={[
                { value: 'skip', label: t`Don’t import` },
                ...FIELDS.map((field) => ({
                  value: field,
                  label: fieldName(field),
                  disabled: taken(field, index),
                })),
                {
                  value: 'attribute',
                  label: t`Custom attribute “${attribute}”`,
                },
              ]}
            />
          </Flex>
        );
      })}
    </Flex>
  );
}

/** Step 3: the running import, then what it did. */
export function ProgressStep({ progress }: { progress: ContactImportProgress }) {
  const [downloading, setDownloading] = useState(false);
  const processed = formatNumber(progress.processed);
  const total = formatNumber(progress.total);
  const percent = progress.total ? Math.floor((progress.processed / progress.total) * 100) : 0;
  const finished = progress.status === 'done' || progress.status === 'failed';
  const download = async () => {
    setDownloading(true);
    try {
      await downloadImportErrors(progress.id);
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Flex vertical gap={12}>
      <Progress
        percent={percent}
        status={progress.status === 'failed' ? 'exception' : finished ? 'success' : 'active'}
      />
      <Typography.Text>
        {progress.status === 'queued' ? t`Waiting to start…` : t`Imported ${processed} of ${total}`}
      </Typography.Text>
      {progress.status === 'failed' && (
        <Alert type="error" showIcon title={progress.error ?? genericErrorMessage()} />
      )}
      {finished && (
        <Flex vertical gap={4}>
          <Typography.Text>
            {plural(progress.created, { one: '# contact added', other: '# contacts added' })}
          </Typography.Text>
          <Typography.Text>
            {plural(progress.updated, { one: '# contact updated', other: '# contacts updated' })}
          </Typography.Text>
          <Typography.Text type={progress.failed_count > 0 ? 'warning' : undefined}>
            {plural(progress.failed_count, {
              one: '# row not imported',
              other: '# rows not imported',
            })}
          </Typography.Text>
        </Flex>
      )}
      {progress.failed_count > 0 && (
        <Button
          icon={<DownloadOutlined />}
          loading={downloading}
          onClick={() => void download()}
          style={{ alignSelf: 'flex-start' }}
        >
          {t`Download error report`}
        </Button>
      )}
    </Flex>
  );
}

function ImportProgress({ id }: { id: number }) {
  const [running, setRunning] = useState(true);
  const { data, error } = useGetContactImportQuery(id, { pollingInterval: running ? 1000 : 0 });
  const finished = data?.status === 'done' || data?.status === 'failed';
  if (finished && running) setRunning(false);
  if (error && !data) return <Alert type="error" showIcon title={errorText(error)} />;
  if (!data) return <Progress percent={0} status="active" />;
  return <ProgressStep progress={data} />;
}

/**
 * Contacts → Import: choose a CSV, say where each column goes (the server's suggestion
 * preselected), then watch the import run and read what it did. Owners and admins only.
 */
export function ImportContactsModal({
  open,
  onClose,
}: {
  open: boolean;
  /** `imported`: an import ran, so the list may have changed. */
  onClose: (imported: boolean) => void;
}) {
  const [preview, setPreview] = useState<ContactImportPreview | null>(null);
  const [choices, setChoices] = useState<Choice[]>([]);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const [start, { isLoading: starting }] = useStartContactImportMutation();

  const step = importId !== null ? 2 : preview ? 1 : 0;
  const hasKey = choices.includes('email') || choices.includes('phone');

  const choose = async (file: File) => {
    setProblem(null);
    if (file.size > CONTACT_IMPORT_LIMITS.bytes) {
      setProblem(t`The file is larger than 20 MB. Split it into smaller files.`);
      return;
    }
    setUploading(true);
    try {
      const result = await previewContactImport(file);
      if (isCanceledRequest(result)) return;
      setPreview(result);
      setChoices(choicesOf(result));
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setUploading(false);
    }
  };

  const begin = async () => {
    if (!preview) return;
    const mapping: Record<string, ContactImportTarget> = {};
    choices.forEach((choice, index) => {
      if (choice === 'attribute')
        mapping[String(index)] = { attribute: attributeName(preview.header[index] ?? '', index) };
      else if (choice !== 'skip') mapping[String(index)] = choice;
    });
    setProblem(null);
    try {
      const progress = await start({ uploadId: preview.upload_id, mapping }).unwrap();
      setImportId(progress.id);
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  const close = () => {
    onClose(importId !== null);
    setPreview(null);
    setChoices([]);
    setProblem(null);
    setImportId(null);
  };

  const rows = preview ? formatNumber(preview.total_rows) : '';
  const fileName = preview?.file_name ?? '';
  return (
    <Modal
      open={open}
      title={t`Import contacts`}
      onCancel={close}
      width={720}
      destroyOnHidden
      footer={
        step === 1 ? (
          <Flex justify="end" gap={8} wrap>
            <Button onClick={() => setPreview(null)}>{t`Choose another file`}</Button>
            <Button
              type="primary"
              disabled={!hasKey}
              loading={starting}
              onClick={() => void begin()}
            >
              {t`Import ${rows} rows`}
            </Button>
          </Flex>
        ) : (
          <Button onClick={close}>{step === 2 ? t`Close` : t`Cancel`}</Button>
        )
      }
    >
      <Flex vertical gap={16}>
        <Steps
          size="small"
          current={step}
          responsive={false}
          items={[{ title: t`File` }, { title: t`Columns` }, { title: t`Import` }]}
        />
        {problem && <Alert type="error" showIcon title={problem} />}
        {step === 0 && (
          <Upload.Dragger
            accept=".csv,text/csv"
            multiple={false}
            showUploadList={false}
            disabled={uploading}
            beforeUpload={(file) => {
              void choose(file);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <Typography.Paragraph>
              {uploading ? t`Reading the file…` : t`Click or drop a CSV file here`}
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary">
              <Trans>
                The first row names the columns. Up to 100,000 rows and 20 MB. Each contact is
                recognised by its email or phone number, so importing a file again updates the same
                contacts.
              </Trans>
            </Typography.Paragraph>
          </Upload.Dragger>
        )}
        {step === 1 && preview && (
          <>
            <Typography.Text>
              {t`${fileName}: ${rows} rows. Choose where each column goes.`}
            </Typography.Text>
            {!hasKey && (
              <Alert
                type="info"
                showIcon
                title={t`Choose the column with email addresses or phone numbers: that is how a contact is recognised.`}
              />
            )}
            <MappingStep preview={preview} choices={choices} onChange={setChoices} />
          </>
        )}
        {step === 2 && importId !== null && <ImportProgress id={importId} />}
      </Flex>
    </Modal>
  );
}
