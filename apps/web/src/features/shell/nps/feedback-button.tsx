import { SmileOutlined } from '@ant-design/icons';
import { FloatButton } from 'antd';
import { SURVEY_TEXTS } from './survey-texts';
import { t } from '@lingui/core/macro';

/** docs/product/screens.md: the floating feedback button — round, bottom right, tooltip 'Feedback please?'. */
export function FeedbackButton({ onClick, bottom }: { onClick: () => void; bottom: number }) {
  return (
    <FloatButton
      shape="circle"
      type="primary"
      icon={<SmileOutlined />}
      aria-label={t`Feedback`}
      data-testid="feedback-float-button"
      tooltip={{ title: SURVEY_TEXTS.floatTooltip, placement: 'left' }}
      onClick={onClick}
      style={{ insetInlineEnd: 24, bottom }}
    />
  );
}
