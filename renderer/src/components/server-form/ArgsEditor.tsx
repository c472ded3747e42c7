/**
 * The arguments of a stdio command: one field per argument, so none needs quoting. A process
 * gets them one by one, without a shell, so an argument that looks like several words run
 * together ("-y @scope/server") is flagged, with a button that splits it into rows.
 */
import { useRef } from 'react';
import { severalArgumentsIn } from './command-line';
import './server-form.css';

export function ArgsEditor({ args, onChange }: { args: string[]; onChange: (args: string[]) => void }) {
  const list = useRef<HTMLOListElement>(null);
  const focusArg = (index: number) => requestAnimationFrame(() => list.current?.querySelectorAll('input')[index]?.focus());
  const set = (index: number, value: string) => onChange(args.with(index, value));
  const remove = (index: number) => onChange(args.filter((_, i) => i !== index));
  const split = (index: number, words: string[]) => {
    onChange([...args.slice(0, index), ...words, ...args.slice(index + 1)]);
    focusArg(index + words.length - 1);
  };
  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= args.length) return;
    const next = [...args];
    [next[index], next[target]] = [next[target]!, next[index]!];
    onChange(next);
    focusArg(target);
  };
  const add = () => {
    onChange([...args, '']);
    focusArg(args.length);
  };

  return (
    <fieldset className="list-editor">
      <legend>Arguments (one per row)</legend>
      {args.length === 0 && <p className="muted">No arguments.</p>}
      <ol ref={list}>
        {args.map((arg, index) => {
          const several = severalArgumentsIn(arg);
          const warningId = `argument-${index + 1}-warning`;
          return (
            <li key={index} className="list-item">
              <div className="list-row">
                <input
                  aria-label={`Argument ${index + 1}`}
                  value={arg}
                  autoComplete="off"
                  spellCheck={false}
                  aria-describedby={several ? warningId : undefined}
                  onChange={(event) => set(index, event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      onChange([...args.slice(0, index + 1), '', ...args.slice(index + 1)]);
                      focusArg(index + 1);
                    }
                  }}
                />
                <button type="button" aria-label={`Move argument ${index + 1} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                  ↑
                </button>
                <button type="button" aria-label={`Move argument ${index + 1} down`} disabled={index === args.length - 1} onClick={() => move(index, 1)}>
                  ↓
                </button>
                <button type="button" aria-label={`Remove argument ${index + 1}`} onClick={() => remove(index)}>
                  ✕
                </button>
              </div>
              {several && (
                <p id={warningId} className="field-warning">
                  Passed as one argument, spaces and all; it looks like {several.length}: {several.map((word) => `“${word}”`).join(', ')}.{' '}
                  <button type="button" onClick={() => split(index, several)}>
                    Split into {several.length} rows
                  </button>
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <button type="button" onClick={add}>
        Add argument
      </button>
    </fieldset>
  );
}
