import type { Collection } from '@bo/shared';

/** The Reject dialog's props, apart from its component so the page opens it by name without importing it. */
export interface RejectCollectionModalProps {
  collection: Collection;
}

declare module '../../../modals/context' {
  interface ModalPropsByName {
    RejectCollection: RejectCollectionModalProps;
  }
}
