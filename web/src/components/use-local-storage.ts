import { useCallback, useState } from 'react';

/** State kept in localStorage (JSON), falling back to `initial` when absent or unreadable. */
export function useLocalStorage<T>(key: string, initial: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      const stored = window.localStorage.getItem(key);
      return stored ? ({ ...initial, ...(JSON.parse(stored) as object) } as T) : initial;
    } catch {
      return initial;
    }
  });
  const save = useCallback(
    (next: T) => {
      setValue(next);
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // storage full or disabled: keep the preference for this visit only
      }
    },
    [key],
  );
  return [value, save];
}
