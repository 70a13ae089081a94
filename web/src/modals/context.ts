import { createContext, useContext } from 'react';
import type { ModalPropsByName, RegisteredModal } from './registry';

export interface ModalApi {
  /** Opens a dialog by name (on top of any open one); returns a function that closes it. */
  openModal<N extends RegisteredModal>(name: N, props: ModalPropsByName[N]): () => void;
  /** Closes every open dialog. */
  closeAll(): void;
}

export const ModalContext = createContext<ModalApi | null>(null);

export function useModals(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error('useModals must be used inside <ModalProvider>');
  return api;
}
