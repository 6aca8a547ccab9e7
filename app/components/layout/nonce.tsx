import { setNonce } from 'get-nonce';
import { createContext, useContext, type ReactNode } from 'react';

/**
 * The CSP nonce of the current response. Only the server knows it; in the browser it is empty,
 * which is fine because browsers hide nonce attributes from scripts anyway.
 */
const NonceContext = createContext('');

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export function useNonce(): string {
  return useContext(NonceContext);
}

// docs/requirements.md §14 (decision 012): an open dialog's scroll lock (react-remove-scroll, under Radix Dialog)
// adds a <style> element, which the CSP allows only with this page's nonce. Browsers hide the nonce
// attribute from scripts but keep the element's `nonce` property, so it is read from a script.
if (typeof document !== 'undefined') {
  const pageNonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
  if (pageNonce) setNonce(pageNonce);
}
