import { useState } from 'react';
import { Button, Flex, Input, Modal, Popconfirm, Typography } from 'antd';
import { CopyOutlined, LinkOutlined } from '@ant-design/icons';
import type { InvitationLink } from '@parley/contracts';
import { asErrorPayload } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useIssueInvitationLinkMutation, type PendingInvitation } from '../api/team-members-api';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function IssuedLinkNotice({ email, expiresOn }: { email: string; expiresOn: string }) {
  return (
    <Trans>
      Send this link to <bdi>{email}</bdi> yourself. It works once, until {expiresOn}. The link in
      the invitation email no longer works.
    </Trans>
  );
}

/**
 * "Copy link" for a pending invitation (owners and admins), for when the email does not arrive.
 * Links are stored hashed, so the server issues a new one and the emailed link stops working:
 * the confirmation says so before anything changes.
 */
export function CopyInvitationLink({ invitation }: { invitation: PendingInvitation }) {
  const [issue, { isLoading }] = useIssueInvitationLinkMutation();
  const [issued, setIssued] = useState<InvitationLink | null>(null);

  const copy = async (link: string) => {
    if (await copyToClipboard(link)) toast.success(t`Copied to Clipboard`);
    else toast.error(t`Could not copy`, t`Select the link and copy it by hand.`);
  };

  const makeLink = async () => {
    try {
      const result = await issue(invitation.id).unwrap();
      setIssued(result);
      if (await copyToClipboard(result.link)) toast.success(t`Invitation link copied`);
    } catch (failure) {
      toast.error(asErrorPayload(failure)?.message ?? t`Something went wrong. Please try again.`);
    }
  };

  const email = invitation.email;
  return (
    <>
      <Popconfirm
        title={t`Copy a new invitation link?`}
        description={t`A new link is made for you to share. The link in the invitation email stops working.`}
        okText={t`Copy new link`}
        onConfirm={() => void makeLink()}
      >
        <Button
          type="text"
          icon={<LinkOutlined />}
          // The name holds the visible words (WCAG 2.5.3) and says whose link it is.
          aria-label={t`Copy link for ${email}`}
          loading={isLoading}
        >
          <Trans>Copy link</Trans>
        </Button>
      </Popconfirm>
      <Modal
        open={issued !== null}
        title={t`Invitation link for ${email}`}
        onCancel={() => setIssued(null)}
        footer={
          <Button type="primary" onClick={() => setIssued(null)}>
            <Trans>Done</Trans>
          </Button>
        }
        destroyOnHidden
      >
        {issued && (
          <>
            <Typography.Paragraph>
              <IssuedLinkNotice email={issued.email} expiresOn={formatDate(issued.expires_at)} />
            </Typography.Paragraph>
            <Flex gap={8}>
              <Input
                readOnly
                value={issued.link}
                aria-label={t`Invitation link`}
                dir="ltr"
                style={{ fontFamily: 'monospace' }}
                onFocus={(event) => event.target.select()}
              />
              <Button
                icon={<CopyOutlined />}
                aria-label={t`Copy the invitation link`}
                onClick={() => void copy(issued.link)}
              />
            </Flex>
          </>
        )}
      </Modal>
    </>
  );
}
