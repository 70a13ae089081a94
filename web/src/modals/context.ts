import { createContext, useContext, type ComponentType, type LazyExoticComponent } from 'react';
import type { ModalName } from './names';

/**
 * The dialogs that exist, by spec name, with the props `openModal` takes for each. Empty here: each dialog
 * adds its own entry beside its component, so this module imports no dialog and no dialog imports a list
 * of all the others:
 *
 *   declare module '../../modals/context' {
 *     interface ModalPropsByName { EditUser: EditUserModalProps }
 *   }
 *
 * The app's registry (`app/modal-registry.ts`) must then give that name a loader, or it does not compile.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModalPropsByName {}

export type RegisteredModal = keyof ModalPropsByName;

/** What a registered dialog component receives: its props plus `onDismiss`, which closes it. */
export type ModalComponentProps<N extends RegisteredModal> = ModalPropsByName[N] & { onDismiss: () => void };

/**
 * Name → the dialog's lazily loaded component. Keyed by registered name; a name outside the spec's list fails
 * to compile (its entry would have to be `never`).
 */
export type ModalRegistry = {
  [N in RegisteredModal]: LazyExoticComponent<ComponentType<ModalComponentProps<N>>>;
} & Record<Exclude<RegisteredModal, ModalName>, never>;

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
