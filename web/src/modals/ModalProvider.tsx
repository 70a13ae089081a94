import { Suspense, useCallback, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import Modal from '@cloudscape-design/components/modal';
import Spinner from '@cloudscape-design/components/spinner';
import { ModalContext, type ModalApi, type ModalRegistry, type RegisteredModal } from './context';

interface OpenModal {
  key: number;
  name: RegisteredModal;
  props: object;
}

function LoadingModal({ onDismiss }: { onDismiss: () => void }) {
  return (
    <Modal visible onDismiss={onDismiss} header="Loading">
      <Box textAlign="center" padding="l">
        <Spinner size="large" />
      </Box>
    </Modal>
  );
}

/**
 * Renders the open dialogs, stacked in opening order; each is stateless about visibility. The app passes the
 * registry, so this folder never imports the dialogs themselves.
 */
export function ModalProvider({ registry, children }: { registry: ModalRegistry; children: ReactNode }) {
  const [stack, setStack] = useState<OpenModal[]>([]);
  const nextKey = useRef(0);

  const close = useCallback((key: number) => setStack((current) => current.filter((m) => m.key !== key)), []);

  const api = useMemo<ModalApi>(
    () => ({
      openModal(name, props) {
        const key = ++nextKey.current;
        setStack((current) => [...current, { key, name, props }]);
        return () => close(key);
      },
      closeAll: () => setStack([]),
    }),
    [close],
  );

  return (
    <ModalContext.Provider value={api}>
      {children}
      {stack.map(({ key, name, props }) => {
        // Each entry was stored with the props of its own name (see `openModal`).
        const Component = registry[name] as unknown as ComponentType<{ onDismiss: () => void }>;
        const onDismiss = () => close(key);
        return (
          <Suspense key={key} fallback={<LoadingModal onDismiss={onDismiss} />}>
            <Component {...props} onDismiss={onDismiss} />
          </Suspense>
        );
      })}
    </ModalContext.Provider>
  );
}
