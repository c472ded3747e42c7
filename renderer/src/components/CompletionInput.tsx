/**
 * A text field that asks the server for suggestions as you type (`completion/complete`,
 * debounced): an ARIA combobox. Arrow keys move through the suggestions, Enter or a
 * click takes one, Escape closes the list. Without a `complete` function (the server
 * does not offer completion) it is a plain field.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { CompletionResult } from '../../../shared/api/resources';
import './CompletionInput.css';

const COMPLETION_DEBOUNCE_MS = 200;

interface Props {
  label: string;
  value: string;
  onChange(value: string): void;
  /** Suggestions for a value; undefined when the server offers no completion. */
  complete?: (value: string) => Promise<CompletionResult>;
  required?: boolean;
  description?: string;
  onEnter?: () => void;
}

export function CompletionInput({ label, value, onChange, complete, required, description, onEnter }: Props) {
  const id = useId();
  const listId = useId();
  const hintId = useId();
  const [suggestions, setSuggestions] = useState<CompletionResult>();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [problem, setProblem] = useState<string>();
  const [wanted, setWanted] = useState<string>();
  const request = useRef(0);
  // The latest function, without restarting the request whenever the parent renders anew.
  const completeRef = useRef(complete);
  completeRef.current = complete;
  const canComplete = complete !== undefined;

  // Ask for suggestions for `wanted`, once typing pauses; a late answer to an older value is dropped.
  useEffect(() => {
    const ask = completeRef.current;
    if (wanted === undefined || !ask) return;
    const mine = ++request.current;
    const timer = setTimeout(() => {
      ask(wanted).then(
        (result) => {
          if (mine !== request.current) return;
          setProblem(undefined);
          setSuggestions(result);
          setActive(-1);
        },
        (error: Error) => {
          if (mine === request.current) setProblem(`No suggestions: ${error.message}`);
        },
      );
    }, COMPLETION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [wanted, canComplete]);

  const values = suggestions?.values ?? [];
  // Nothing to offer when the only suggestion is what is already typed.
  const expanded = open && values.length > 0 && !(values.length === 1 && values[0] === value);

  const take = (choice: string) => {
    onChange(choice);
    setOpen(false);
    setWanted(choice);
  };

  const describedBy = [description ? hintId : '', problem ? `${hintId}-problem` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className="field completion-field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <div className="combobox">
        <input
          id={id}
          type="text"
          value={value}
          autoComplete="off"
          spellCheck={false}
          required={required}
          aria-required={required}
          aria-describedby={describedBy}
          {...(complete
            ? {
                role: 'combobox',
                'aria-autocomplete': 'list' as const,
                'aria-expanded': expanded,
                'aria-controls': listId,
                ...(expanded && active >= 0 ? { 'aria-activedescendant': `${listId}-${active}` } : {}),
              }
            : {})}
          onChange={(event) => {
            onChange(event.target.value);
            setOpen(true);
            setWanted(event.target.value);
          }}
          onFocus={() => {
            setOpen(true);
            setWanted(value);
          }}
          onBlur={() => setOpen(false)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && values.length > 0) {
              event.preventDefault();
              setOpen(true);
              setActive((index) => (index + 1) % values.length);
            } else if (event.key === 'ArrowUp' && values.length > 0) {
              event.preventDefault();
              setOpen(true);
              setActive((index) => (index <= 0 ? values.length - 1 : index - 1));
            } else if (event.key === 'Enter') {
              if (expanded && active >= 0 && values[active] !== undefined) {
                event.preventDefault();
                take(values[active]);
              } else onEnter?.();
            } else if (event.key === 'Escape' && expanded) {
              event.preventDefault();
              setOpen(false);
            }
          }}
        />
        {complete && (
          <ul id={listId} role="listbox" aria-label={`Suggestions for ${label}`} className="suggestions" hidden={!expanded}>
            {values.map((choice, index) => (
              <li
                key={choice}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={index === active ? 'active' : undefined}
                // Keep the focus in the field while choosing with the mouse.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => take(choice)}
              >
                {choice}
              </li>
            ))}
            {suggestions?.hasMore && (
              <li role="option" aria-selected={false} aria-disabled="true" className="muted more">
                {suggestions.total !== undefined ? `${suggestions.total - values.length} more…` : 'More…'} type to narrow
              </li>
            )}
          </ul>
        )}
      </div>
      {description && (
        <p id={hintId} className="field-help muted">
          {description}
        </p>
      )}
      {problem && (
        <p id={`${hintId}-problem`} className="field-help muted">
          {problem}
        </p>
      )}
    </div>
  );
}
