/** A true/false choice of the user's kept in localStorage, e.g. whether the details are collapsed. */
import { useEffect, useState } from 'react';

export function useRememberedFlag(key: string, initial = false): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => {
    const stored = localStorage.getItem(key);
    return stored === null ? initial : stored === 'true';
  });
  useEffect(() => {
    localStorage.setItem(key, String(value));
  }, [key, value]);
  return [value, setValue];
}
