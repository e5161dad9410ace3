import { Button, Flex } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

/** The parts the provider channel settings forms share (provider-channel-edit-modal). */

export const channelSavedMessage = () => t`Channel saved`;

export const nameRules = () => [
  { required: true, whitespace: true, message: t`Give the channel a name.` },
];

/** The API's field paths (`provider.app_name`) → the form's names. */
export const providerPaths = (fields: readonly string[]) =>
  Object.fromEntries(fields.map((f) => [`provider.${f}`, f]));

/** Save and cancel at the foot of each form (the modal has no footer of its own). */
export function FormFooter({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  return (
    <Flex gap={8} justify="flex-end">
      <Button htmlType="button" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </Button>
      <Button type="primary" htmlType="submit" loading={saving}>
        <Trans>Save</Trans>
      </Button>
    </Flex>
  );
}
