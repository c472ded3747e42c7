/**
 * The raw JSON editor for arguments: CodeMirror 6 with JSON syntax, lint and completion
 * from the tool's input schema (codemirror-json-schema). Loaded lazily (React.lazy in
 * ArgumentsEditor), so the first screen does not carry the editor.
 * Ctrl/⌘+Enter runs the tool.
 *
 * It lives in a shadow root: CodeMirror injects its styles with a <style> element in a
 * document, which our CSP (`style-src 'self'`, no inline styles) blocks, but in a shadow
 * root it uses a constructed stylesheet (adoptedStyleSheets), which CSP allows. The
 * app's colours still apply: CSS variables inherit into shadow roots.
 */
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Prec } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import CodeMirror from '@uiw/react-codemirror';
import { jsonSchema } from 'codemirror-json-schema';
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface JsonEditorProps {
  value: string;
  onChange(value: string): void;
  schema?: Record<string, unknown>;
  label: string;
  onRun?(): void;
  /** Take the focus when mounted, caret at the end (the user was typing in the plain box it replaces). */
  autoFocus?: boolean;
}

/** Colours from the app's CSS variables, so light and dark themes both apply. */
const theme = EditorView.theme({
  '&': { backgroundColor: 'var(--bg)', color: 'var(--fg)', border: '1px solid var(--border)', borderRadius: '6px', fontSize: '12.5px' },
  '&.cm-focused': { outline: '2px solid var(--accent)', outlineOffset: '1px' },
  '.cm-content': { fontFamily: 'var(--mono)', caretColor: 'var(--fg)' },
  '.cm-gutters': { backgroundColor: 'var(--bg-subtle)', color: 'var(--fg-muted)', borderRight: '1px solid var(--border)' },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'transparent' },
  '.cm-tooltip': { backgroundColor: 'var(--bg)', color: 'var(--fg)', border: '1px solid var(--border)' },
  '.cm-selectionBackground, &.cm-focused .cm-selectionBackground': { backgroundColor: 'var(--bg-selected) !important' },
});

/**
 * JSON token colours from CSS variables too: CodeMirror's default highlight style is
 * made for light backgrounds, and its dark reds and greens are hard to read on ours.
 * Placed above the default style, which then only colours what this one leaves out.
 * Braces and commas keep the text colour: when typed-over text starts at a coloured
 * brace, Chromium tries to carry that colour over as an inline style, which the CSP
 * refuses (and reports).
 */
const highlight = Prec.high(
  syntaxHighlighting(
    HighlightStyle.define([
      { tag: tags.propertyName, color: 'var(--syntax-key)' },
      { tag: tags.string, color: 'var(--syntax-string)' },
      { tag: tags.number, color: 'var(--syntax-number)' },
      { tag: [tags.bool, tags.null], color: 'var(--syntax-keyword)' },
      { tag: tags.invalid, color: 'var(--danger)' },
    ]),
  ),
);

export default function JsonEditor({ value, onChange, schema, label, onRun, autoFocus = false }: JsonEditorProps) {
  const run = useRef(onRun);
  run.current = onRun;
  const extensions = useMemo(
    () => [
      jsonSchema(schema as Parameters<typeof jsonSchema>[0]),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' }),
      theme,
      highlight,
      Prec.highest(
        keymap.of([
          {
            key: 'Mod-Enter',
            run: () => {
              run.current?.();
              return true;
            },
          },
        ]),
      ),
    ],
    [schema, label],
  );
  return (
    <ShadowHost>
      <CodeMirror
      className="json-editor"
      value={value}
      onChange={onChange}
      autoFocus={autoFocus}
      {...(autoFocus ? { selection: { anchor: value.length } } : {})}
      extensions={extensions}
      theme="none"
      minHeight="120px"
      maxHeight="420px"
      basicSetup={{ foldGutter: true, highlightActiveLine: false, highlightActiveLineGutter: false, searchKeymap: true }}
      />
    </ShadowHost>
  );
}

function ShadowHost({ children }: { children: ReactNode }) {
  const host = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  useLayoutEffect(() => {
    const element = host.current;
    if (element) setRoot(element.shadowRoot ?? element.attachShadow({ mode: 'open' }));
  }, []);
  return (
    <div ref={host} className="json-editor-host">
      {root && createPortal(children, root)}
    </div>
  );
}
