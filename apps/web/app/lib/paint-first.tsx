// The text of the paint-first script (paint-first.server.ts, decision 0060) reaches root.tsx from
// entry.server through this context, so the browser's bundle does not carry it: in the browser the script
// has run already, and hydration keeps the server's element as it is (its text is '' here, as the nonce).
import { createContext, useContext } from 'react';

const PaintFirstContext = createContext('');

export const PaintFirstProvider = PaintFirstContext.Provider;

export const usePaintFirstScript = () => useContext(PaintFirstContext);
