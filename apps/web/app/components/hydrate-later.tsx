// A block below the first screen that React hydrates in a pass of its own, after the rest of the page.
// Every Suspense boundary in the server's HTML is hydrated later than its parent, at React's lowest
// priority and in slices, so the first pass (header, first screen) commits and runs its effects without
// this block's cards, toggles and links. Nothing inside waits on anything (no promise, no lazy module):
// the boundary is hydrated as soon as the main thread is free, and if a router update reaches it before
// then, React hydrates it at once within that update, so a navigation never waits for a scroll
// (decision 0067; 0055 explains why a boundary held back on purpose would).
import { Suspense, type ReactNode } from 'react';

export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
