import type { Page } from 'playwright-core';

/**
 * In the browser: the time from a keystroke in the product search to the filtered table painted.
 * Each keystroke sets the search input's value as typing does (native setter + input event), with a
 * MutationObserver on the table attached first; the time stops at the next animation frame after the
 * table changed.
 */
export async function searchKeystrokeLatency(page: Page, inputSelector: string, tableSelector: string, term: string) {
  const samples: number[] = [];
  for (let i = 1; i <= term.length; i++) {
    const ms = await page.evaluate(
      ([inputSel, tableSel, value]) =>
        new Promise<number>((resolve) => {
          const input = document.querySelector<HTMLInputElement>(inputSel)!;
          const table = document.querySelector(tableSel)!;
          const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
          let done = false;
          const t0 = performance.now();
          const finish = () => {
            if (done) return;
            done = true;
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - t0));
          };
          const observer = new MutationObserver(finish);
          observer.observe(table, { childList: true, subtree: true, characterData: true });
          setter.call(input, value);
          input.dispatchEvent(new Event('input', { bubbles: true }));
          setTimeout(() => {
            if (!done) {
              done = true;
              observer.disconnect();
              resolve(-1);
            }
          }, 2000);
        }),
      [inputSelector, tableSelector, term.slice(0, i)] as const,
    );
    if (ms >= 0) samples.push(ms);
  }
  return samples;
}
