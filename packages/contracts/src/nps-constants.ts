/** docs/product/api.md: the three survey calls, under /marketingapi/nps/nps/. */
export const NPS_PATHS = {
  showPopup: '/marketingapi/nps/nps/show-nps-popup/',
  rate: '/marketingapi/nps/nps/update-and-get-follow-up-nps-feedback/',
  submit: '/marketingapi/nps/nps/submit-final-nps-response/',
} as const;
