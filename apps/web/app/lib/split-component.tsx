// A component in a chunk of its own (the product page's 150 KB budget) that the server still renders in
// place. React.lazy suspends on its first render in a process; with a streamed answer that boundary goes
// out later, hidden, and an inline script shows it. Without JavaScript it stayed hidden, and the page cache
// kept that first answer for everyone (CI, 26 November: the loyalty sign-in form of a product page was
// invisible to a browser without scripts). The server loads the chunk as soon as the module is loaded, so
// every render finds it ready; the browser loads it on first use and hydrates that part when it arrives,
// as with lazy (the server's HTML stays meanwhile).
import { use, type ComponentType } from 'react';

export function splitComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  if (import.meta.env.SSR) void start();
  function SplitComponent(props: P) {
    const Component = loaded ?? use(start());
    return <Component {...props} />;
  }
  return SplitComponent;
}
