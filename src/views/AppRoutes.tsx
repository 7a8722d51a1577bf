import { useLayoutEffect } from 'react';
import { useNavigate, useRoutes, type NavigateFunction } from 'react-router-dom';
import { routes } from './routes.tsx';

/**
 * The app's routes under a <BrowserRouter> (main.tsx). The declarative router instead of a data
 * router (createBrowserRouter) because the app uses no loaders, actions or fetchers, and the data
 * router's machinery is a third of react-router's code: 16 KB gzipped off the first paint (issue
 * 19). `onNavigator` hands the composition root a way to navigate from outside React (the session
 * sends an expired user to /login), each time it changes.
 */
export function AppRoutes({ onNavigator }: { onNavigator: (navigate: NavigateFunction) => void }) {
  const navigate = useNavigate();
  useLayoutEffect(() => onNavigator(navigate), [navigate, onNavigator]);
  return useRoutes(routes);
}
