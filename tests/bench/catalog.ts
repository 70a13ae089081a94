import type { Page } from 'playwright-core';

/**
 * Runs in the page (kept as plain JavaScript text so the TypeScript runner's helpers never leak into it):
 * sets the search input's value as typing does (native setter + input event), with a MutationObserver
 * on the table attached first, and resolves at the next animation frame after the table changed
 * (null if it did not change within 2 s), with both times: the DOM committed, and the next frame.
 */
const KEYSTROKE = `([inputSel, tableSel, value]) => new Promise((resolve) => {
  const input = document.querySelector(inputSel);
  const table = document.querySelector(tableSel);
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  let done = false;
  const t0 = performance.now();
  const observer = new MutationObserver(() => {
    if (done) return;
    done = true;
    observer.disconnect();
    const commit = performance.now() - t0;
    requestAnimationFrame(() => resolve([commit, performance.now() - t0]));
  });
  observer.observe(table, { childList: true, subtree: true, characterData: true });
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  setTimeout(() => { if (!done) { done = true; observer.disconnect(); resolve(null); } }, 2000);
})`;

/** In the browser: the time from each keystroke of `term` in the product search to the filtered table painted. */
export async function searchKeystrokeLatency(page: Page, inputSelector: string, tableSelector: string, term: string) {
  const commit: number[] = [];
  const frame: number[] = [];
  for (let i = 1; i <= term.length; i++) {
    const ms = await page.evaluate(
      `(${KEYSTROKE})(${JSON.stringify([inputSelector, tableSelector, term.slice(0, i)])})`,
    );
    if (Array.isArray(ms)) {
      commit.push(ms[0] as number);
      frame.push(ms[1] as number);
    }
  }
  return { commit, frame };
}
