// Settings → Automation: the page, the sentence a rule reads as, and the action rows macros reuse.
export { AutomationPage } from './components/automation-page';
export { actionsSentence, ruleSentence, type RuleNames } from './rule-sentence';
export { ActionRows, type EditorChoices } from './components/rule-editor';
export { useEditorChoices } from './hooks/use-editor-choices';
