// Settings → Automation: the page, the sentence a rule reads as, and the action rows (with their
// error paths) macros reuse.
export { AutomationPage } from './components/automation-page';
export { actionsSentence, ruleSentence, type RuleNames } from './rule-sentence';
export { ActionRows, actionPaths, type EditorChoices } from './components/rule-editor';
export { useEditorChoices } from './hooks/use-editor-choices';
