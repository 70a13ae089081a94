import { useEffect, useState } from 'react';
import { drawingFirstScreen } from './first-screen';

/**
 * A page of rows drawn in steps the first time it has rows: the first `first` rows (what a screen shows) at
 * once, then `step` more after each paint. One long task of drawing every row becomes a few short ones, and the
 * top of the table is on screen sooner. Once every row has been drawn, each change draws the whole page (a list
 * that has not yet been longer than `first` steps the first time it is). The visit's first screen, drawn before
 * anything is painted, has its rows drawn whole (`drawingFirstScreen`).
 */
export function useProgressiveItems<T>(items: readonly T[], first = 10, step = 8): readonly T[] {
  const [limit, setLimit] = useState(() => (drawingFirstScreen() && items.length > 0 ? Infinity : first));
  const partial = limit !== Infinity && items.length > limit;
  useEffect(() => {
    if (!partial) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setLimit((n) => (n + step >= items.length ? Infinity : n + step)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [partial, step, items.length, limit]);
  return partial ? items.slice(0, limit) : items;
}
