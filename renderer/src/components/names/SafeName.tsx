/**
 * A name a server chose (a tool, prompt or resource name, a title), shown so it reads as
 * it is: isolated from the text around it (`<bdi>`, so its direction cannot spill into a
 * sentence such as "Run X?"), and every invisible or bidirectional control character
 * replaced by a visible mark naming its code point. The character classes are the
 * doctor's (shared/hidden-characters.ts). Used everywhere the UI shows such a name,
 * confirmations included.
 */
import { splitHiddenCharacters, type TextPart } from '../../../../shared/hidden-characters';
import './names.css';

const WHY: Record<'invisible' | 'bidi', string> = {
  invisible: 'an invisible character',
  bidi: 'a bidirectional control, which can make text read backwards',
};

export function SafeName({ text, className }: { text: string; className?: string }) {
  const parts: TextPart[] = splitHiddenCharacters(text);
  const marked = parts.some((part) => 'hidden' in part);
  return (
    <bdi className={[className, marked ? 'name-with-hidden' : ''].filter(Boolean).join(' ') || undefined} {...(marked ? { title: 'This name holds characters that do not show: each is marked with its code point.' } : {})}>
      {parts.map((part, index) =>
        'hidden' in part ? (
          <span key={index} className="hidden-char" title={`${part.codePoint}: ${WHY[part.kind]}`}>
            {`⟦${part.codePoint}⟧`}
          </span>
        ) : (
          part.text
        ),
      )}
    </bdi>
  );
}

/** The same, as plain text (for an `aria-label`, a `title` or a text-only widget). */
export function safeNameText(text: string): string {
  return splitHiddenCharacters(text)
    .map((part) => ('hidden' in part ? `⟦${part.codePoint}⟧` : part.text))
    .join('');
}
