// The fast replies' test kit, for other features' tests.
export { attachment, FAST_REPLY_LIST, GREETING, REFUND } from './fast-reply-fixtures';
