// The request's Content-Security-Policy nonce for inline scripts (server/security-headers.ts).
// entry.server provides it; in the browser it is '' (browsers hide a nonce from the DOM, and scripts
// React adds after hydration are files from our own origin, which the policy allows).
import { createContext, useContext } from 'react';

const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;

export const useNonce = () => useContext(NonceContext);
