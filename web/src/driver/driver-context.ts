import { createContext, useContext } from 'react';
import type { useDriverDay, useDriverQueue } from './offline';

/** The signed-in driver's day and send queue, read once by the shell and shared by its screens. */
export interface DriverContextValue {
  userId: string;
  /** The day shown, `YYYY-MM-DD` in the phone's time zone. */
  day: string;
  today: ReturnType<typeof useDriverDay>;
  queue: ReturnType<typeof useDriverQueue>;
}

export const DriverContext = createContext<DriverContextValue | null>(null);

export function useDriver(): DriverContextValue {
  const value = useContext(DriverContext);
  if (!value) throw new Error('useDriver must be used inside the driver shell');
  return value;
}
