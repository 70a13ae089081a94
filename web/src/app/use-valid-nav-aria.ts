import { useEffect } from 'react';

const INVALID = 'nav[aria-orientation]';

/**
 * On a phone Cloudscape's app layout draws its toolbar as a `<nav aria-orientation="horizontal">`, an attribute
 * ARIA does not allow on navigation (axe: aria-allowed-attr; Lighthouse accessibility 94 on My deliveries).
 * Until the library stops, the attribute is taken off whenever that toolbar appears.
 */
export function useValidNavAria() {
  useEffect(() => {
    const strip = () => {
      for (const nav of document.querySelectorAll(INVALID)) nav.removeAttribute('aria-orientation');
    };
    strip();
    const observer = new MutationObserver(strip);
    observer.observe(document.body, { childList: true, subtree: true, attributeFilter: ['aria-orientation'] });
    return () => observer.disconnect();
  }, []);
}
