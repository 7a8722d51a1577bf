import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AnyStateMachine, Snapshot } from 'xstate';
import { contextDiff, previewText } from '../../machines/devtools/context-diff.ts';
import { sendByHand, type HandEventRefusal } from '../../machines/devtools/hand-event.ts';
import { stepBack, stepForward, shownSeq, type Cursor } from '../../machines/devtools/history.ts';
import {
  isMachineSnapshot,
  type ActorEntry,
  type ActorRecord,
  type InspectionBus,
} from '../../machines/devtools/inspection.ts';
import { activeIds, chartOf, valueText, type Chart } from '../../machines/devtools/statechart.ts';
import { useTimeZone } from '../components/use-time-zone.ts';
import { useBusVersion } from './use-bus.ts';
import './devtools.css';

const StatechartView = lazy(() => import('./StatechartView.tsx'));

const NO_STATES: ReadonlySet<string> = new Set();
const charts = new WeakMap<AnyStateMachine, Chart>();
function chartFor(machine: AnyStateMachine): Chart {
  let chart = charts.get(machine);
  if (!chart) {
    chart = chartOf(machine);
    charts.set(machine, chart);
  }
  return chart;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** An event's time of day on the exchange's clock, to the ms, in the user's time zone. */
function clockText(ms: number | null, zone: string): string {
  if (ms === null) return '…';
  let format = clockFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      fractionalSecondDigits: 3,
      hourCycle: 'h23',
    });
    clockFormats.set(zone, format);
  }
  return format.format(ms);
}

function stateOf(record: ActorRecord | undefined): string {
  if (!record) return '—';
  return isMachineSnapshot(record.after) ? valueText(record.after.value) : record.after.status;
}

/** The machines worth showing first: the newest live machine that is not the app's session. */
function defaultActor(actors: readonly ActorEntry[]): string | null {
  const live = actors.filter((actor) => actor.alive && actor.isMachine);
  const page = [...live].reverse().find((actor) => actor.parent === null && actor.name !== 'session');
  return (page ?? live[0] ?? actors[0])?.sessionId ?? null;
}

export default function InspectorPanel({
  bus,
  variant,
  onClose,
}: {
  bus: InspectionBus;
  variant: 'drawer' | 'page';
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  const { zone } = useTimeZone();
  useBusVersion(bus);
  useEffect(() => bus.setRecording(true), [bus]);
  // Live actors only unless asked: every call a screen makes is a child that stops when it answers.
  const [showStopped, setShowStopped] = useState(false);
  const actors = bus.actors({ stopped: showStopped });
  const stoppedCount = bus.stoppedCount();
  const [chosen, setChosen] = useState<string | null>(null);
  const listed = chosen !== null && actors.some((actor) => actor.sessionId === chosen);
  const selectedId = listed ? chosen : defaultActor(actors);
  const selected = selectedId ? bus.actor(selectedId) : undefined;
  const [cursors, setCursors] = useState<Record<string, Cursor>>({});
  const cursor = selectedId ? (cursors[selectedId] ?? null) : null;
  const setCursor = (next: Cursor) => selectedId && setCursors((all) => ({ ...all, [selectedId]: next }));
  // The record itself, not its number: a busy actor's history drops old records (150 kept), and
  // the one the developer is reading must not change under them when it goes.
  const [picked, setPicked] = useState<ActorRecord | null>(null);

  const history = selected?.history;
  const total = history?.total ?? 0;
  const first = history?.firstSeq ?? 0;
  const shown = shownSeq(cursor, first, total);
  const shownRecord = shown === null ? undefined : history?.bySeq(shown);
  const detailSeq = picked?.seq ?? shown;
  const detail = picked ?? shownRecord;
  const records = history ? history.toArray().reverse() : [];

  const snapshot = shownRecord?.after ?? selected?.ref.getSnapshot();
  const machine = isMachineSnapshot(snapshot) ? snapshot.machine : null;
  const chart = machine ? chartFor(machine) : null;
  const value = isMachineSnapshot(snapshot) ? snapshot.value : null;
  const active = chart && value !== null ? activeIds(chart, value) : NO_STATES;

  const [draft, setDraft] = useState('');
  const [sendProblem, setSendProblem] = useState<HandEventRefusal | null>(null);
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!selected) return;
    // Checked and tried on a copy first: a badly-shaped event is refused with a reason, and the
    // machine runs on untouched (machines/devtools/hand-event.ts).
    const refusal = sendByHand(selected.ref, draft);
    setSendProblem(refusal);
    if (!refusal) setCursor(null);
  };

  const diff = detail ? contextDiff(contextOf(detail.before), contextOf(detail.after)) : [];
  const live = cursor === null;

  return (
    <section
      className={`devtools devtools-${variant}`}
      data-testid="inspector"
      aria-label={t('devtools.inspector')}
    >
      <header className="devtools-bar">
        <h2 className="devtools-title">
          <span className="devtools-logo" aria-hidden="true">
            ◇
          </span>
          {t('devtools.inspector')}
        </h2>
        <span className="devtools-count" data-testid="actor-count">
          {t('devtools.liveActors', { count: bus.actors({ stopped: false }).length })}
        </span>
        <nav className="devtools-links">
          {variant === 'drawer' && <Link to="/inspect">{t('devtools.openPage')}</Link>}
          <Link to="/inspect/gallery">{t('devtools.gallery')}</Link>
        </nav>
        {onClose && (
          <button type="button" className="devtools-icon" onClick={onClose} aria-label={t('devtools.close')}>
            ✕
          </button>
        )}
      </header>
      <div className="devtools-body">
        <aside className="devtools-actors" aria-label={t('devtools.actors')}>
          <h3 className="devtools-heading">{t('devtools.actors')}</h3>
          <label className="devtools-switch">
            <input
              type="checkbox"
              data-testid="show-stopped"
              checked={showStopped}
              onChange={(event) => setShowStopped(event.target.checked)}
            />
            {t('devtools.showStopped', { count: stoppedCount })}
          </label>
          {actors.length === 0 && <p className="devtools-empty">{t('devtools.noActors')}</p>}
          <ul data-testid="actor-list">
            {actors.map((actor) => {
              const current = actor.ref.getSnapshot() as Snapshot<unknown>;
              const state = isMachineSnapshot(current) ? valueText(current.value) : '';
              return (
                <li
                  key={actor.sessionId}
                  style={{ paddingInlineStart: `${bus.depth(actor.sessionId) * 14}px` }}
                >
                  <button
                    type="button"
                    className={`devtools-actor${actor.sessionId === selectedId ? ' selected' : ''}${actor.alive ? '' : ' stopped'}`}
                    data-testid="actor-item"
                    data-machine={actor.name}
                    aria-pressed={actor.sessionId === selectedId}
                    onClick={() => {
                      setChosen(actor.sessionId);
                      setPicked(null);
                    }}
                  >
                    <span className={`devtools-dot${actor.alive ? ' alive' : ''}`} aria-hidden="true" />
                    <span className="devtools-actor-name">{actor.name}</span>
                    <span className="devtools-actor-id">{actor.id}</span>
                    {actor.alive ? (
                      state && <span className="devtools-actor-state">{state}</span>
                    ) : (
                      <span className="devtools-actor-state">{t('devtools.stopped')}</span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        </aside>
        <div className="devtools-chart">
          <div className="devtools-chart-head">
            <span className="devtools-machine">{selected?.name ?? ''}</span>
            <span className="devtools-state" data-testid="current-state">
              {value !== null ? valueText(value) : (snapshot?.status ?? '')}
            </span>
            {!live && <span className="devtools-paused">{t('devtools.paused')}</span>}
          </div>
          {chart ? (
            <Suspense fallback={<div className="sc-canvas sc-loading">{t('devtools.layingOut')}</div>}>
              <StatechartView chart={chart} active={active} />
            </Suspense>
          ) : (
            <p className="devtools-empty">{selected ? t('devtools.notMachine') : t('devtools.noActors')}</p>
          )}
        </div>
        <div className="devtools-log">
          <div className="devtools-controls" role="toolbar" aria-label={t('devtools.history')}>
            <button
              type="button"
              data-testid="step-back"
              onClick={() => {
                setPicked(null);
                setCursor(stepBack(cursor, first, total));
              }}
              disabled={shown === null || shown <= first}
              title={t('devtools.stepBack')}
              aria-label={t('devtools.stepBack')}
            >
              ◀
            </button>
            {live ? (
              <button
                type="button"
                data-testid="pause"
                onClick={() => setCursor(shown)}
                disabled={shown === null}
                title={t('devtools.pause')}
                aria-label={t('devtools.pause')}
              >
                ❚❚
              </button>
            ) : (
              <button
                type="button"
                data-testid="live"
                className="devtools-live"
                onClick={() => {
                  setPicked(null);
                  setCursor(null);
                }}
                title={t('devtools.live')}
              >
                ● {t('devtools.live')}
              </button>
            )}
            <button
              type="button"
              data-testid="step-forward"
              onClick={() => {
                setPicked(null);
                setCursor(stepForward(cursor, first, total));
              }}
              disabled={shown === null || shown >= total - 1}
              title={t('devtools.stepForward')}
              aria-label={t('devtools.stepForward')}
            >
              ▶
            </button>
            <span className="devtools-position" data-testid="history-position">
              {shown === null ? '0 / 0' : `${shown - first + 1} / ${total - first}`}
            </span>
          </div>
          <h3 className="devtools-heading">{t('devtools.events')}</h3>
          <ol className="devtools-events" data-testid="event-log">
            {records.length === 0 && <li className="devtools-empty">{t('devtools.noEvents')}</li>}
            {records.map((record) => (
              <li key={record.seq}>
                <button
                  type="button"
                  data-testid="event-row"
                  className={`devtools-event${record.seq === shown ? ' shown' : ''}${record.seq === detailSeq ? ' picked' : ''}`}
                  onClick={() => {
                    setPicked(record);
                    setCursor(record.seq);
                  }}
                >
                  <span className="devtools-seq">#{record.seq}</span>
                  <span className="devtools-event-type">{record.event.type}</span>
                  <span className="devtools-time" data-testid="event-time" title={t('devtools.eventTime')}>
                    {clockText(record.at, zone)}
                  </span>
                  <span className="devtools-transition">
                    {record.before ? stateOf({ ...record, after: record.before }) : '∅'} → {stateOf(record)}
                  </span>
                </button>
              </li>
            ))}
          </ol>
          {detail && (
            <div className="devtools-detail" data-testid="event-detail">
              <h3 className="devtools-heading">{t('devtools.contextDiff')}</h3>
              {diff.length === 0 ? (
                <p className="devtools-empty">{t('devtools.noChange')}</p>
              ) : (
                <table className="devtools-diff">
                  <tbody>
                    {diff.slice(0, 40).map((change) => (
                      <tr key={change.path} className={`diff-${change.kind}`}>
                        <th scope="row">{change.path || '(context)'}</th>
                        <td className="diff-before">
                          {change.kind === 'added' ? '' : previewText(change.before, 60)}
                        </td>
                        <td className="diff-after">
                          {change.kind === 'removed' ? '' : previewText(change.after, 60)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              <pre className="devtools-json">{previewText(detail.event, 400)}</pre>
            </div>
          )}
          <form className="devtools-send" onSubmit={send}>
            <label htmlFor="devtools-send-input" className="devtools-heading">
              {t('devtools.sendEvent')}
            </label>
            <div className="devtools-send-row">
              <input
                id="devtools-send-input"
                data-testid="send-input"
                spellCheck={false}
                autoComplete="off"
                value={draft}
                placeholder='{ "type": "…" }'
                onChange={(event) => setDraft(event.target.value)}
                aria-invalid={sendProblem !== null}
              />
              <button
                type="submit"
                data-testid="send-button"
                disabled={!selected?.alive || draft.trim() === ''}
              >
                {t('devtools.send')}
              </button>
            </div>
            {sendProblem && (
              <p className="devtools-problem" role="alert" data-testid="send-problem">
                {sendProblem.reason === 'sendThrows'
                  ? t('devtools.sendThrows', { detail: sendProblem.detail })
                  : t(`devtools.${sendProblem.reason}`)}
              </p>
            )}
          </form>
        </div>
      </div>
    </section>
  );
}

function contextOf(snapshot: unknown): unknown {
  return snapshot && typeof snapshot === 'object' && 'context' in snapshot
    ? (snapshot as { context: unknown }).context
    : undefined;
}
