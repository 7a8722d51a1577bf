import { useSyncExternalStore } from 'react';

export type DocumentTheme = 'dark' | 'light';

function read(): DocumentTheme {
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

/** The theme on <html data-theme>, following the header's toggle. */
export function useDocumentTheme(): DocumentTheme {
  return useSyncExternalStore(
    (onChange) => {
      const observer = new MutationObserver(onChange);
      observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
      return () => observer.disconnect();
    },
    read,
    () => 'dark',
  );
}
