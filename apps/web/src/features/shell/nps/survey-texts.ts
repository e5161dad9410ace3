import { SURVEY_MODAL_WIDTH } from '@parley/contracts';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../shell-config';

/** Survey texts (docs/product/screens.md, docs/product/states.md, docs/product/errors.md), verbatim (the trailing space of the first toast included). */
export const SURVEY_TEXTS = {
  title: `Help us improve ${PRODUCT_NAME}.`,
  promise: "It won't take more than 60 seconds.",
  recorded: 'Your feedback has been recorded!',
  expired: 'This feedback form has expired!',
  loadFailed: 'Something went wrong! ',
  rateFailed: 'Something went wrong!',
  submitFailed: 'Submission failed. Please try again later.',
  thanks: 'Thank you for your feedback!',
  floatTooltip: 'Feedback please?',
  reachOut: `Have a question? Reach out to us at ${SUPPORT_EMAIL}.`,
} as const;

export const SURVEY_WIDTH = SURVEY_MODAL_WIDTH;
