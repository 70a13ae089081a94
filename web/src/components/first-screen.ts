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
