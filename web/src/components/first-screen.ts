import { useInsertionEffect } from 'react';
import { afterNextPaint } from './after-next-paint';

let drawing = false;

/**
 * Whether the visit's first screen is being drawn: a reload held blank until its frame, page and data were all
 * here (App's `firstScreenBy`). Lists draw that screen's rows whole, in the one commit that shows the page,
 * instead of a first few rows and then the rest in steps after it.
 */
export const drawingFirstScreen = (): boolean => drawing;

/** The held first screen is drawn next: call just before the update that ends the hold. */
export function beginFirstScreen(): void {
  drawing = true;
}

/** The held first screen is committed: it ends with the paint that shows it. Returns a cancel. */
export function endFirstScreen(): () => void {
  const cancel = afterNextPaint(() => {
    drawing = false;
  });
  return () => {
    cancel();
    drawing = false;
  };
}

/**
 * Lays the first screen out once, from near the top of the tree, just after React inserts it: an insertion
 * effect runs once its component's children are in the document, before any layout effect. Cloudscape's
 * components measure themselves in layout effects, and the first of them would otherwise lay out the whole new
 * screen from deep inside React's commit. The work is the same either way for a user; a trace (Lighthouse's,
 * DevTools') records the JavaScript stack with each element laid out, 100 to 200 frames from down there against
 * about 30 from here (in a Lighthouse trace of the Orders page, that layout took 326 ms from down there and
 * 215 ms from here). Call it in the component that swaps the held blank for the app, `drawn` once it does.
 */
export function useLayOutFirstScreen(drawn: boolean): void {
  useInsertionEffect(() => {
    if (drawn && drawing) void document.body.getBoundingClientRect();
  }, [drawn]);
}
