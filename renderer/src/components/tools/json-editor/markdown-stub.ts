/**
 * Stands in for codemirror-json-schema's markdown renderer (see vite.config.ts): that
 * one loads shiki, a syntax highlighter of several megabytes that compiles WebAssembly
 * (blocked by our CSP), to colour code in schema descriptions. Descriptions are shown
 * as plain, escaped text instead.
 */
export function renderMarkdown(markdown: string): string {
  return markdown.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
