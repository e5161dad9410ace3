import { Alert, Button, Flex, Modal, Spin } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { asErrorPayload } from '../../../lib/api-error';
import { useGetProviderChannelSettingsQuery, type ChannelListItem } from '../api/channels-api';
import { CallSettingsForm } from './call-settings-form';
import { CloudApiSettingsForm } from './cloud-api-settings-form';
import { GupshupSettingsForm } from './gupshup-settings-form';

/** The channel types whose settings can be changed after creation. */
export const EDITABLE_PROVIDER_TYPES = new Set(['call', 'whatsapp_gupshup_isv']);

/** A call or WhatsApp channel's settings, loaded from the server and changed in place. */
export function ProviderChannelEditModal({
  channel,
  onClose,
}: {
  channel: ChannelListItem | null;
  onClose: () => void;
}) {
  const { data, error, isFetching, refetch } = useGetProviderChannelSettingsQuery(
    channel?.id ?? 0,
    { skip: channel === null },
  );
  const loaded = data && data.id === channel?.id ? data : null;
  const channelName = channel?.name ?? '';
  return (
    <Modal
      title={channel ? t`Edit ${channelName}` : ''}
      open={channel !== null}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={640}
    >
      {error && !isFetching ? (
        <Alert
          type="error"
          showIcon
          title={asErrorPayload(error)?.message ?? t`The channel settings could not be loaded.`}
          action={
            <Button size="small" onClick={() => void refetch()}>
              <Trans>Try again</Trans>
            </Button>
          }
        />
      ) : !loaded ? (
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin aria-label={t`Loading the channel settings`} />
        </Flex>
      ) : loaded.settings.kind === 'call' ? (
        <CallSettingsForm channel={loaded} settings={loaded.settings} onDone={onClose} />
      ) : loaded.settings.kind === 'gupshup' ? (
        <GupshupSettingsForm channel={loaded} settings={loaded.settings} onDone={onClose} />
      ) : (
        <CloudApiSettingsForm channel={loaded} settings={loaded.settings} onDone={onClose} />
      )}
    </Modal>
  );
}
