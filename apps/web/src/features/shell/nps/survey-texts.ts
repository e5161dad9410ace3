import { SURVEY_MODAL_WIDTH } from '@parley/contracts';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../shell-config';
import { t } from '@lingui/core/macro';

/**
 * Survey texts (docs/product/screens.md, docs/product/states.md, docs/product/errors.md), verbatim in
 * English (the trailing space of the first toast included). Read when shown, so each is in the
 * active language.
 */
export const SURVEY_TEXTS = {
  get title() {
    return t`Help us improve ${PRODUCT_NAME}.`;
  },
  get promise() {
    return t`It won't take more than 60 seconds.`;
  },
  get recorded() {
    return t`Your feedback has been recorded!`;
  },
  get expired() {
    return t`This feedback form has expired!`;
  },
  get loadFailed() {
    return t`Something went wrong! `;
  },
  get rateFailed() {
    return t`Something went wrong!`;
  },
  get submitFailed() {
    return t`Submission failed. Please try again later.`;
  },
  get thanks() {
    return t`Thank you for your feedback!`;
  },
  get floatTooltip() {
    return t`Feedback please?`;
  },
  get reachOut() {
    return t`Have a question? Reach out to us at ${SUPPORT_EMAIL}.`;
  },
};

export const SURVEY_WIDTH = SURVEY_MODAL_WIDTH;
