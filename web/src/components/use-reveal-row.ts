import { useCallback, useEffect, useRef } from 'react';

/**
 * After an add, the table turns to the page the new row sorts onto (selecting it is the caller's), so what was just
 * added is on screen whatever the sort and however many rows come before it. The row may arrive with the list's
 * refetch after the dialog closed: until then the id waits, and the page turns when the list has it. A row the
 * user's filter hides stays where the filter put it.
 */
export function useRevealRow<T extends { id: string }>(
  allPageItems: readonly T[],
  pageSize: number,
  setCurrentPage: (page: number) => void,
): (id: string) => void {
  const waiting = useRef<string | null>(null);
  const turnTo = useCallback(
    (id: string) => {
      const index = allPageItems.findIndex((item) => item.id === id);
      if (index < 0) return false;
      setCurrentPage(Math.floor(index / pageSize) + 1);
      return true;
    },
    [allPageItems, pageSize, setCurrentPage],
  );
  useEffect(() => {
    if (waiting.current && turnTo(waiting.current)) waiting.current = null;
  }, [turnTo]);
  return useCallback(
    (id: string) => {
      waiting.current = turnTo(id) ? null : id;
    },
    [turnTo],
  );
}
