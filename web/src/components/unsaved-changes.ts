import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { useModals } from '../modals/context';

/**
 * While `dirty`, leaving the page asks first: in-app navigation through the Confirmation dialog,
 * closing or reloading the tab through the browser's own prompt.
 */
export function useUnsavedChangesGuard(dirty: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const { openModal } = useModals();

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    openModal('Confirmation', {
      title: 'Leave page?',
      message: 'You have unsaved changes. Are you sure you want to leave this page?',
      confirmLabel: 'Leave page',
      cancelLabel: 'Stay',
      onConfirm: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, openModal]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
