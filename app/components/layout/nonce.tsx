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
