import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Button from '@cloudscape-design/components/button';
import type { FlashbarProps } from '@cloudscape-design/components/flashbar';

export interface NotifyOptions {
  /** Reuse an id to replace a message (e.g. in progress → success). */
  id?: string;
  header?: ReactNode;
  /** Shown as a Retry button on failures. */
  retry?: () => void;
}

export interface Notifications {
  success(content: ReactNode, options?: NotifyOptions): string;
  error(content: ReactNode, options?: NotifyOptions): string;
  /** A non-dismissible "working" message; replace it by calling success/error with the returned id. */
  inProgress(content: ReactNode, options?: NotifyOptions): string;
  dismiss(id: string): void;
}

const NotificationsContext = createContext<Notifications | null>(null);
const ItemsContext = createContext<FlashbarProps.MessageDefinition[]>([]);

/** Success messages leave by themselves after this long; errors stay until dismissed. */
const SUCCESS_TIMEOUT_MS = 8000;

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<FlashbarProps.MessageDefinition[]>([]);
  const counter = useRef(0);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const dismiss = useCallback((id: string) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);

  const put = useCallback(
    (item: Omit<FlashbarProps.MessageDefinition, 'id'>, options: NotifyOptions = {}): string => {
      const id = options.id ?? `notification-${++counter.current}`;
      const next: FlashbarProps.MessageDefinition = {
        ...item,
        id,
        ...(options.header ? { header: options.header } : {}),
        ...(item.dismissible ? { dismissLabel: 'Dismiss message', onDismiss: () => dismiss(id) } : {}),
      };
      clearTimeout(timers.current.get(id));
      timers.current.delete(id);
      if (item.type === 'success')
        timers.current.set(
          id,
          setTimeout(() => dismiss(id), SUCCESS_TIMEOUT_MS),
        );
      setItems((current) => {
        const at = current.findIndex((existing) => existing.id === id);
        if (at === -1) return [next, ...current];
        const copy = [...current];
        copy.splice(at, 1, next);
        return copy;
      });
      return id;
    },
    [dismiss],
  );

  const value = useMemo<Notifications>(
    () => ({
      dismiss,
      success: (content, options) =>
        put({ type: 'success', content, dismissible: true, statusIconAriaLabel: 'Success' }, options),
      error: (content, options) =>
        put(
          {
            type: 'error',
            content,
            dismissible: true,
            statusIconAriaLabel: 'Error',
            ...(options?.retry ? { action: <Button onClick={options.retry}>Retry</Button> } : {}),
          },
          options,
        ),
      inProgress: (content, options) =>
        put(
          { type: 'in-progress', loading: true, content, dismissible: false, statusIconAriaLabel: 'In progress' },
          options,
        ),
    }),
    [dismiss, put],
  );

  return (
    <NotificationsContext.Provider value={value}>
      <ItemsContext.Provider value={items}>{children}</ItemsContext.Provider>
    </NotificationsContext.Provider>
  );
}

/** The app-wide Flashbar: `const notify = useNotifications(); notify.success('Saved')`. */
export function useNotifications(): Notifications {
  const value = useContext(NotificationsContext);
  if (!value) throw new Error('useNotifications must be used inside <NotificationsProvider>');
  return value;
}

/** The messages to render in the shell's Flashbar. */
export const useNotificationItems = (): FlashbarProps.MessageDefinition[] => useContext(ItemsContext);
