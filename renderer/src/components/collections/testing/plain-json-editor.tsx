/** Stands in for the CodeMirror JSON editor in component tests (CodeMirror does not load under vitest): a labelled textarea. */
import type { JsonEditorProps } from '../../tools/json-editor/JsonEditor';

export default function PlainJsonEditor({ value, onChange, label }: JsonEditorProps) {
  return <textarea aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} />;
}
