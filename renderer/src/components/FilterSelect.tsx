/**
 * A labelled select for a list filter: '' is "everything", and choosing it clears the
 * filter (undefined), so views never have to tell an empty choice from none.
 */
export function FilterSelect<T extends string>({ label, value, choices, onChange }: { label: string; value: T | undefined; choices: ReadonlyArray<readonly [T | '', string]>; onChange(value: T | undefined): void }) {
  return (
    <label>
      {label}{' '}
      <select value={value ?? ''} onChange={(event) => onChange((event.target.value || undefined) as T | undefined)}>
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
