import { createContext, useContext, type ReactNode } from "react";

/**
 * The Content-Security-Policy nonce of the page being rendered on the server. In the browser it
 * is empty: the scripts that needed it have already run.
 */
const NonceContext = createContext<string | undefined>(undefined);

export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
