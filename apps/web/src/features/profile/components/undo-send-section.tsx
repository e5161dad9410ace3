import { Card, Flex, Select, Typography } from 'antd';
import { plural, t } from '@lingui/core/macro';
import { UNDO_SEND_SECONDS } from '@parley/contracts';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useGetUndoSendQuery, useSetUndoSendMutation } from '../../conversation';

/** The windows offered, in seconds (0 = off); the server takes 0 to UNDO_SEND_SECONDS.max. */
export const UNDO_SEND_CHOICES = [0, 5, 10, 20, 30].filter((s) => s <= UNDO_SEND_SECONDS.max);

/**
 * Settings → Profile: the person's undo window. With it on, Send waits that many seconds, with
 * "Sending… Undo", before the reply goes (docs/product/scheduled-send.md). Saved as chosen.
 */
export function UndoSendSection() {
  const { data, isError, isLoading } = useGetUndoSendQuery();
  const [save, { isLoading: saving }] = useSetUndoSendMutation();

  const current = data?.undo_send_seconds ?? UNDO_SEND_SECONDS.default;
  // A window set another way (the API) is shown as it is.
  const choices = [...new Set([...UNDO_SEND_CHOICES, current])].sort((a, b) => a - b);
  const options = choices.map((seconds) => ({
    value: seconds,
    label: seconds === 0 ? t`Off` : plural(seconds, { one: '# second', other: '# seconds' }),
  }));

  const choose = async (seconds: number) => {
    try {
      await save({ undo_send_seconds: seconds }).unwrap();
      toast.success(t`Undo send saved`);
    } catch (failure) {
      toast.error(
        t`Undo send could not be saved`,
        asErrorPayload(failure)?.message ?? genericErrorMessage(),
      );
    }
  };

  return (
    <Card variant="borderless" title={t`Undo send`} style={{ marginTop: 16 }}>
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">
          {t`Send waits this long, showing “Sending… Undo”, so you can take a reply back.`}
        </Typography.Text>
        <Select<number>
          aria-label={t`Undo send`}
          value={current}
          options={options}
          loading={isLoading || saving}
          disabled={isLoading || saving}
          onChange={(seconds) => void choose(seconds)}
          style={{ maxWidth: 280 }}
        />
        {isError && (
          <Typography.Text type="danger">{t`Your undo send setting could not be loaded.`}</Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
