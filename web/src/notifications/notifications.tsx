import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
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

/**
 * A message and where it shows: the page's Flashbar (`outlet` null) or the dialog outlet that was on top when it
 * was raised. The app's Flashbar sits under a modal's overlay, so a message raised while a dialog with an outlet
 * is open shows in that dialog; when the dialog closes, its messages move to the page.
 */
export interface NotificationEntry {
  item: FlashbarProps.MessageDefinition;
  outlet: string | null;
}

interface Outlets {
  /** Puts an outlet on top of the others; the returned function closes it and hands its messages to the page. */
  open(id: string): () => void;
}

const NotificationsContext = createContext<Notifications | null>(null);
const EntriesContext = createContext<NotificationEntry[]>([]);
const OutletsContext = createContext<Outlets | null>(null);

/** Success messages leave by themselves after this long; errors stay until dismissed. */
const SUCCESS_TIMEOUT_MS = 8000;

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [entries, setEntries] = useState<NotificationEntry[]>([]);
  const counter = useRef(0);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  /** Open dialog outlets, in opening order: the last one is on top. */
  const stack = useRef<string[]>([]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const dismiss = useCallback((id: string) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setEntries((current) => current.filter((entry) => entry.item.id !== id));
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
      const top = stack.current.at(-1) ?? null;
      setEntries((current) => {
        const at = current.findIndex((existing) => existing.item.id === id);
        // A replaced message stays where it is shown (an in-progress message becomes its result in place).
        if (at === -1) return [{ item: next, outlet: top }, ...current];
        const copy = [...current];
        copy.splice(at, 1, { item: next, outlet: current[at]!.outlet });
        return copy;
      });
      return id;
    },
    [dismiss],
  );

  const outlets = useMemo<Outlets>(
    () => ({
      open(id) {
        stack.current = [...stack.current, id];
        return () => {
          stack.current = stack.current.filter((o) => o !== id);
          setEntries((current) =>
            current.some((e) => e.outlet === id)
              ? current.map((e) => (e.outlet === id ? { ...e, outlet: null } : e))
              : current,
          );
        };
      },
    }),
    [],
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
      <OutletsContext.Provider value={outlets}>
        <EntriesContext.Provider value={entries}>{children}</EntriesContext.Provider>
      </OutletsContext.Provider>
    </NotificationsContext.Provider>
  );
}

/** The app-wide notifications: `const notify = useNotifications(); notify.success('Saved')`. */
export function useNotifications(): Notifications {
  const value = useContext(NotificationsContext);
  if (!value) throw new Error('useNotifications must be used inside <NotificationsProvider>');
  return value;
}

/** The messages to render in the shell's Flashbar: those not shown in an open dialog. */
export function useNotificationItems(): FlashbarProps.MessageDefinition[] {
  const entries = useContext(EntriesContext);
  return useMemo(() => entries.filter((e) => e.outlet === null).map((e) => e.item), [entries]);
}

/**
 * Makes the calling component (a dialog) the place where messages raised while it is open are shown, until it
 * unmounts; returns them. Used by `DialogNotifications`.
 */
export function useDialogNotificationItems(): FlashbarProps.MessageDefinition[] {
  const outlets = useContext(OutletsContext);
  const entries = useContext(EntriesContext);
  const outlet = useId();
  useEffect(() => outlets?.open(outlet), [outlets, outlet]);
  return useMemo(() => entries.filter((e) => e.outlet === outlet).map((e) => e.item), [entries, outlet]);
}
