import { lazy, Suspense } from 'react';
import { machinesReady } from '../../machines/deferred.ts';
import { useDemoTools } from '../use-demo-tools.ts';

/**
 * The header's controls that load after its first render (they and their machines are
 * not in the first paint's JavaScript). Each keeps its place while it loads: a control shown as an
 * icon button has a placeholder of that button's size, so the header neither moves nor re-lays out
 * when it arrives; the speed control shows nothing until the simulator answers its speed anyway.
 * Those that run a machine wait for the app's wired machines too (machines/deferred.ts).
 */
const AccountMenu = lazy(() =>
  import('./AccountMenu.tsx').then((module) => ({ default: module.AccountMenu })),
);
const DemoOutbox = lazy(() =>
  Promise.all([import('./DemoOutbox.tsx'), machinesReady()]).then(([module]) => ({
    default: module.DemoOutbox,
  })),
);
const NoticeCentre = lazy(() =>
  Promise.all([import('./NoticeCentre.tsx'), machinesReady()]).then(([module]) => ({
    default: module.NoticeCentre,
  })),
);
const DevMenu = lazy(() => import('../devtools/DevMenu.tsx').then((module) => ({ default: module.DevMenu })));
const SimSpeedControl = lazy(() =>
  Promise.all([import('./SimSpeedControl.tsx'), machinesReady()]).then(([module]) => ({
    default: module.SimSpeedControl,
  })),
);

/** An icon button's place (header.css sizes .icon-button in both header layouts). */
function IconButtonPlace() {
  return <span className="icon-button" aria-hidden="true" />;
}

/** The signed-in user's menu, with its button's place while it loads. */
export function LaterAccountMenu() {
  return (
    <Suspense fallback={<IconButtonPlace />}>
      <AccountMenu />
    </Suspense>
  );
}

/** The demo outbox (simulator and demo servers only), with its button's place while it loads. */
export function LaterDemoOutbox() {
  if (!useDemoTools()) return null;
  return (
    <Suspense fallback={<IconButtonPlace />}>
      <DemoOutbox />
    </Suspense>
  );
}

/** The signed-in user's notification centre (the bell), with its button's place while it loads. */
export function LaterNoticeCentre() {
  return (
    <Suspense fallback={<IconButtonPlace />}>
      <NoticeCentre />
    </Suspense>
  );
}

/** The developer menu (the inspector, the gallery, replay), with its button's place while it loads. */
export function LaterDevMenu() {
  return (
    <Suspense fallback={<IconButtonPlace />}>
      <DevMenu />
    </Suspense>
  );
}

/** The simulator's speed control: nothing until it loads, as before its speed is known. */
export function LaterSimSpeedControl() {
  return (
    <Suspense fallback={null}>
      <SimSpeedControl />
    </Suspense>
  );
}
