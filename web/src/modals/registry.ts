import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ModalName } from './names';
import type { ConfirmationModalProps } from './ConfirmationModal';
import type { EditUserModalProps } from '../pages/users/EditUserModal';

/**
 * The dialogs that exist, by spec name, with the props `openModal` takes for each.
 * Adding a dialog: one entry here and one in `modalRegistry` (each loads on first open).
 */
export interface ModalPropsByName {
  EditUser: EditUserModalProps;
  Confirmation: ConfirmationModalProps;
}

export type RegisteredModal = keyof ModalPropsByName;

/** What a registered dialog component receives: its props plus `onDismiss`, which closes it. */
export type ModalComponentProps<N extends RegisteredModal> = ModalPropsByName[N] & { onDismiss: () => void };

/** Keyed by registered name; a name outside the spec's list fails to compile (its entry would have to be `never`). */
type Registry = { [N in RegisteredModal]: LazyExoticComponent<ComponentType<ModalComponentProps<N>>> } & Record<
  Exclude<RegisteredModal, ModalName>,
  never
>;

export const modalRegistry: Registry = {
  EditUser: lazy(() => import('../pages/users/EditUserModal')),
  Confirmation: lazy(() => import('./ConfirmationModal')),
};
