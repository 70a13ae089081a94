import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * A text box whose value reaches the form only after typing pauses for `delayMs` (spec section 9: purchase-order
 * notes, 2 s on New and 0.5 s on Edit). `flush` hands over what is typed now (before saving).
 */
export function useDebouncedText(committed: string, onCommit: (value: string) => void, delayMs: number) {
  const [text, setText] = useState(committed);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ text, onCommit });
  useLayoutEffect(() => {
    latest.current = { text, onCommit };
  });

  useEffect(() => () => clearTimeout(timer.current), []);

  const change = useCallback(
    (value: string) => {
      setText(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current.onCommit(value), delayMs);
    },
    [delayMs],
  );

  /** Commits the typed text at once and returns it. */
  const flush = useCallback((): string => {
    clearTimeout(timer.current);
    latest.current.onCommit(latest.current.text);
    return latest.current.text;
  }, []);

  return { text, change, flush };
}
