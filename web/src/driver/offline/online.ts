/** Whether the browser believes it has a network (an answer still decides: a phone may be online without signal). */
export const isOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;
