import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import type { AnyStateMachine } from 'xstate';
import { chartOf } from '../../machines/devtools/statechart.ts';
import { useServices } from '../services-context.ts';
import InspectorPanel from './InspectorPanel.tsx';
import './devtools.css';

const StatechartView = lazy(() => import('./StatechartView.tsx'));

/**
 * /inspect: the live inspector as a page, and /inspect/gallery: every machine of src/machines with
 * its chart, running or not, read from the machine modules' exports (a machine, or a form
 * definition carrying one).
 */
export default function InspectPage() {
  const { t } = useTranslation();
  const { inspection } = useServices();
  const { pathname } = useLocation();
  const gallery = pathname.startsWith('/inspect/gallery');
  return (
    <div className="devtools-page">
      <nav className="devtools-tabs" aria-label={t('devtools.menu')}>
        <NavLink to="/inspect" end>
          {t('devtools.inspector')}
        </NavLink>
        <NavLink to="/inspect/gallery">{t('devtools.gallery')}</NavLink>
      </nav>
      {gallery ? <Gallery /> : inspection && <InspectorPanel bus={inspection} variant="page" />}
    </div>
  );
}

interface GalleryEntry {
  machine: AnyStateMachine;
  file: string;
  exportName: string;
}

const modules = import.meta.glob('../../machines/*.machine.ts');

function isMachine(value: unknown): value is AnyStateMachine {
  return (
    !!value &&
    typeof value === 'object' &&
    'root' in value &&
    'config' in value &&
    typeof (value as { id?: unknown }).id === 'string'
  );
}

async function loadMachines(): Promise<GalleryEntry[]> {
  const found: GalleryEntry[] = [];
  const seen = new Set<AnyStateMachine>();
  for (const [path, load] of Object.entries(modules)) {
    const module = (await load()) as Record<string, unknown>;
    const file = path.replace(/^.*\//, '');
    for (const [exportName, value] of Object.entries(module)) {
      const machine = isMachine(value)
        ? value
        : value && typeof value === 'object' && isMachine((value as { machine?: unknown }).machine)
          ? (value as { machine: AnyStateMachine }).machine
          : null;
      if (machine && !seen.has(machine)) {
        seen.add(machine);
        found.push({ machine, file, exportName });
      }
    }
  }
  return found.sort((a, b) => a.file.localeCompare(b.file));
}

function Gallery() {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<GalleryEntry[] | null>(null);
  const [chosen, setChosen] = useState(0);
  useEffect(() => {
    let current = true;
    void loadMachines().then((found) => current && setEntries(found));
    return () => {
      current = false;
    };
  }, []);
  const entry = entries?.[chosen];
  const chart = useMemo(() => (entry ? chartOf(entry.machine) : null), [entry]);
  const none = useMemo(() => new Set<string>(), []);
  if (!entries) return <div className="page-loading" aria-busy="true" />;
  return (
    <section
      className="devtools devtools-page-body devtools-gallery"
      data-testid="gallery"
      data-count={entries.length}
    >
      <aside className="devtools-actors" aria-label={t('devtools.machines')}>
        <h3 className="devtools-heading">{t('devtools.machines', { count: entries.length })}</h3>
        <ul>
          {entries.map((item, index) => {
            const states = chartOf(item.machine).nodes.length;
            return (
              <li key={`${item.file}:${item.exportName}`}>
                <button
                  type="button"
                  className={`devtools-actor${index === chosen ? ' selected' : ''}`}
                  data-testid="gallery-item"
                  data-machine={item.machine.id}
                  aria-pressed={index === chosen}
                  onClick={() => setChosen(index)}
                >
                  <span className="devtools-actor-name">{item.machine.id}</span>
                  <span className="devtools-actor-id">{item.file}</span>
                  <span className="devtools-actor-state">{t('devtools.stateCount', { count: states })}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </aside>
      <div className="devtools-chart">
        <div className="devtools-chart-head">
          <span className="devtools-machine">{entry?.machine.id}</span>
          <span className="devtools-state">
            {entry ? `${entry.file} · ${entry.exportName}` : ''}
            {chart ? ` · ${t('devtools.transitionCount', { count: chart.edges.length })}` : ''}
          </span>
        </div>
        {chart && (
          <Suspense fallback={<div className="sc-canvas sc-loading">{t('devtools.layingOut')}</div>}>
            <StatechartView chart={chart} active={none} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
