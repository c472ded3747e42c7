/** A prompt's messages as a conversation: who says what (text, images, embedded resources, links). */
import type { PromptMessageView } from '../../../../shared/api/prompts';
import { ContentViewer } from '../ContentViewer';
import './prompts.css';

const ROLE_NAMES: Record<PromptMessageView['role'], string> = { user: 'User', assistant: 'Assistant' };

export function Conversation({ messages, onOpenResource }: { messages: PromptMessageView[]; onOpenResource: (uri: string) => void }) {
  if (messages.length === 0) return <p className="empty">The prompt has no messages.</p>;
  return (
    <ol className="conversation" aria-label="Messages">
      {messages.map((message, index) => (
        <li key={index} className={`message message-${message.role}`} data-role={message.role}>
          <span className="message-role">{ROLE_NAMES[message.role] ?? message.role}</span>
          <div className="message-content">
            <ContentViewer content={message.content} onOpenResource={onOpenResource} />
          </div>
        </li>
      ))}
    </ol>
  );
}
