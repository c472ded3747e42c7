/**
 * A skill's SKILL.md body rendered as markdown (GitHub flavour: tables, task lists,
 * strikethrough). react-markdown builds React elements from a syntax tree, never HTML
 * strings; raw HTML in the markdown is dropped (`skipHtml`). Nothing is loaded from
 * anywhere: an image is shown as its alt text and address, a link as its text with its
 * address beside it (the server wrote both; the user can copy it), and table alignment
 * becomes a class rather than an inline style, which the app's CSP forbids; a task list's
 * checkbox becomes a mark (there is nothing to tick).
 * Loaded on first use: the markdown parser stays off the first screen.
 */
import type { ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

type Align = 'left' | 'right' | 'center';

function alignOf(style: ComponentProps<'td'>['style']): Align | undefined {
  const align = style?.textAlign;
  return align === 'left' || align === 'right' || align === 'center' ? align : undefined;
}

const COMPONENTS: Components = {
  img: ({ src, alt }) => (
    <span className="md-image" data-remote-image="">
      [image{alt ? `: ${alt}` : ''}] <code className="uri">{typeof src === 'string' ? src : ''}</code>
    </span>
  ),
  a: ({ href, children }) => (
    <span className="md-link">
      {children}
      {href && href !== String(children) && (
        <>
          {' '}
          <code className="uri">({href})</code>
        </>
      )}
    </span>
  ),
  // A task list's box is not something to tick here: shown as a mark, which reads as one too.
  input: ({ type, checked }) => (type === 'checkbox' ? <span className="md-task">{checked ? '☑' : '☐'}</span> : null),
  td: ({ style, children }) => {
    const align = alignOf(style);
    return <td {...(align ? { className: `align-${align}` } : {})}>{children}</td>;
  },
  th: ({ style, children }) => {
    const align = alignOf(style);
    return <th {...(align ? { className: `align-${align}` } : {})}>{children}</th>;
  },
};

export default function SkillMarkdown({ text }: { text: string }) {
  return (
    <div className="skill-markdown" data-testid="skill-markdown">
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={COMPONENTS}>
        {text}
      </Markdown>
    </div>
  );
}
