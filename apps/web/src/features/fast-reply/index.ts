// Fast replies (docs/product/fast-replies.md): the store's slice, and the picker, templates and
// API the composer inserts them with. Settings → Fast replies is loaded by the router.
export {
  fastReplySlice,
  folderAdded,
  initialFastReplyState,
  type FastReply,
} from './fast-reply-slice';
export { fastReplyApi } from './api/fast-reply-api';
export { FastReplyPicker, pickerOptionId } from './components/fast-reply-picker';
export {
  pickerMatches,
  slashQueryAt,
  useFastReplyTemplates,
} from './hooks/use-fast-reply-templates';
