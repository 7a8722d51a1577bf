import { useEffect, useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEMO_SPEEDS,
  feedClockText,
  MAX_FEED_FILE_BYTES,
  replayPosition,
  STEP_MS,
} from '../../domain/replay.ts';
import { dateTimeText } from '../../domain/time-zone.ts';
import { type ReplayState } from '../../machines/replay-control.machine.ts';
import { useTimeZone, useZoneLabel } from '../components/use-time-zone.ts';
import { useServices } from '../services-context.ts';
import { useMachine } from '../use-app-actor.ts';
import './replay.css';

type Feed = ReplayState['feeds'][number];

/** The shipped feeds' names in the interface language (devtools.replay.feedNames.*). */
const SHIPPED_NAME_KEYS: Record<string, string> = {
  'calm-day': 'calmDay',
  'crash-rebound': 'crashRebound',
  'thin-altcoin': 'thinAltcoin',
  'btc-usdt-sample': 'btcSample',
};

/**
 * The developer menu's market replay: which market the simulator runs (the live generator with its
 * seed, a recorded feed shipped with the app, or a feed file dropped in) and the one simulated
 * clock (play, pause, step, speed, seek). It renders the replay control machine and sends it what
 * the developer does; the machine and the simulator decide.
 */
export default function ReplayPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { machines } = useServices();
  const [snapshot, send] = useMachine(machines.demo.replay);
  const { replay, now, seedText, seekText, inputError, refusal } = snapshot.context;
  const busy = snapshot.matches('working');
  const titleId = useId();

  useEffect(() => {
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [onClose]);

  return (
    <section className="replay-panel" role="dialog" aria-labelledby={titleId} data-testid="replay-panel">
      <header className="replay-head">
        <h2 id={titleId}>{t('devtools.replay.title')}</h2>
        {replay && <ClockStatus replay={replay} now={now} />}
        <button
          type="button"
          className="icon-button replay-close"
          aria-label={t('devtools.replay.close')}
          title={t('devtools.replay.close')}
          onClick={onClose}
        >
          <svg
            aria-hidden="true"
            width="16"
            height="16"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </header>
      {snapshot.matches('loading') && <p className="replay-note">{t('devtools.replay.loading')}</p>}
      {snapshot.matches('unavailable') && (
        <p className="replay-note">
          {t('devtools.replay.unavailable')}{' '}
          <button type="button" className="replay-link" onClick={() => send({ type: 'RETRY' })}>
            {t('devtools.replay.retry')}
          </button>
        </p>
      )}
      {replay && (
        <>
          <fieldset className="replay-section" disabled={busy}>
            <legend>{t('devtools.replay.source')}</legend>
            <div
              className={`replay-source${replay.source === 'live' ? ' chosen' : ''}`}
              data-testid="replay-live"
              data-seed={replay.seed}
            >
              <button
                type="button"
                className="replay-source-pick"
                aria-pressed={replay.source === 'live'}
                onClick={() => send({ type: 'APPLY_SEED' })}
              >
                <span className="replay-source-name">{t('devtools.replay.live')}</span>
                <span className="replay-source-meta">{t('devtools.replay.liveHint')}</span>
              </button>
              <form
                className="replay-seed"
                onSubmit={(event) => {
                  event.preventDefault();
                  send({ type: 'APPLY_SEED' });
                }}
              >
                <label>
                  <span>{t('devtools.replay.seed')}</span>
                  <input
                    inputMode="numeric"
                    autoComplete="off"
                    data-testid="replay-seed"
                    value={seedText}
                    aria-invalid={inputError === 'badSeed'}
                    onChange={(event) => send({ type: 'SEED_TYPED', text: event.target.value })}
                  />
                </label>
                <button type="submit" className="replay-button">
                  {t('devtools.replay.applySeed')}
                </button>
              </form>
            </div>
            <ul className="replay-feeds" aria-label={t('devtools.replay.recorded')}>
              {replay.feeds.map((feed) => (
                <li key={feed.name}>
                  <button
                    type="button"
                    className={`replay-source-pick${replay.feed === feed.name ? ' chosen' : ''}`}
                    aria-pressed={replay.feed === feed.name}
                    data-testid={`replay-feed-${feed.name}`}
                    onClick={() => send({ type: 'CHOOSE_FEED', feed: feed.name })}
                  >
                    <span className="replay-source-name">
                      <FeedName feed={feed} />
                    </span>
                    <span className="replay-source-meta num">
                      {feed.symbol} · {feedClockText(feed.duration)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <FileDrop
              onRead={(name, data) => send({ type: 'FILE_READ', name, data })}
              onUnreadable={(tooLarge) => send({ type: 'FILE_UNREADABLE', tooLarge })}
            />
          </fieldset>
          <fieldset className="replay-section" disabled={busy}>
            <legend>{t('devtools.replay.time')}</legend>
            <div className="replay-transport">
              {replay.paused === 1 ? (
                <button
                  type="button"
                  className="replay-button primary"
                  data-testid="replay-play"
                  onClick={() => send({ type: 'PLAY' })}
                >
                  <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="currentColor">
                    <path d="M7 4l13 8-13 8z" />
                  </svg>
                  {t('devtools.replay.play')}
                </button>
              ) : (
                <button
                  type="button"
                  className="replay-button primary"
                  data-testid="replay-pause"
                  onClick={() => send({ type: 'PAUSE' })}
                >
                  <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="currentColor">
                    <path d="M6 4h4v16H6zM14 4h4v16h-4z" />
                  </svg>
                  {t('devtools.replay.pause')}
                </button>
              )}
              <button
                type="button"
                className="replay-button"
                data-testid="replay-step"
                onClick={() => send({ type: 'STEP' })}
              >
                {t('devtools.replay.step', { seconds: STEP_MS / 1000 })}
              </button>
              <label className="replay-speed">
                <span>{t('devtools.replay.speed')}</span>
                <select
                  data-testid="replay-speed"
                  value={replay.speed}
                  onChange={(event) => send({ type: 'SPEED', speed: Number(event.target.value) })}
                >
                  {DEMO_SPEEDS.map((speed) => (
                    <option key={speed} value={speed}>
                      {t('sim.speedOption', { speed })}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            {replay.source === 'feed' && replay.duration > 0 ? (
              <FeedPosition
                replay={replay}
                now={now ?? replay.now}
                seekText={seekText}
                badSeek={inputError === 'badSeekTime' || inputError === 'seekBeyondEnd'}
                onSeek={(ms) => send({ type: 'SEEK', ms })}
                onSeekTyped={(text) => send({ type: 'SEEK_TYPED', text })}
                onApplySeek={() => send({ type: 'APPLY_SEEK' })}
              />
            ) : (
              <p className="replay-note">{t('devtools.replay.liveNoSeek')}</p>
            )}
          </fieldset>
          <div className="replay-messages" aria-live="polite">
            {inputError && (
              <p className="replay-error" data-testid="replay-error">
                {t(`devtools.replay.errors.${inputError}`)}
              </p>
            )}
            {refusal && (
              <p className="replay-error" data-testid="replay-refusal">
                {refusal}
              </p>
            )}
          </div>
        </>
      )}
    </section>
  );
}

function FeedName({ feed }: { feed: Feed }) {
  const { t } = useTranslation();
  const key = SHIPPED_NAME_KEYS[feed.name];
  if (feed.kind === 'shipped' && key) return t(`devtools.replay.feedNames.${key}`);
  return feed.name.replace(/^file:/, '');
}

/** Simulated time and whether the clock runs, in the panel's head. */
function ClockStatus({ replay, now }: { replay: ReplayState; now: number | null }) {
  const { t } = useTranslation();
  const { zone } = useTimeZone();
  const zoneLabel = useZoneLabel(zone);
  const paused = replay.paused === 1;
  return (
    <p className="replay-clock" data-testid="replay-clock">
      <span className={`replay-state${paused ? ' paused' : ''}`} data-testid="replay-state">
        {paused ? t('devtools.replay.paused') : t('devtools.replay.playing', { speed: replay.speed })}
      </span>
      <span className="replay-sim-time">
        <span className="replay-label">{t('devtools.replay.simTime')}</span>{' '}
        <span
          className="num"
          data-testid="replay-sim-time"
        >{`${dateTimeText(now ?? replay.now, zone)} ${zoneLabel}`}</span>
      </span>
    </p>
  );
}

function FeedPosition(props: {
  replay: ReplayState;
  now: number;
  seekText: string;
  badSeek: boolean;
  onSeek: (ms: number) => void;
  onSeekTyped: (text: string) => void;
  onApplySeek: () => void;
}) {
  const { t } = useTranslation();
  const { replay, now } = props;
  const position = replayPosition(
    { position: replay.position, seekAt: replay.seek_at, duration: replay.duration },
    now,
  );
  // While the thumb is dragged it shows where it is; the seek is sent when it is let go.
  const [draft, setDraft] = useState<number | null>(null);
  const shown = draft ?? position;
  const commit = () => {
    if (draft !== null) props.onSeek(Math.min(draft, replay.duration - 1));
    setDraft(null);
  };
  const seekId = useId();
  return (
    <div className="replay-position">
      <div className="replay-position-row">
        <span className="replay-label">{t('devtools.replay.position')}</span>
        <span className="num" data-testid="replay-position">
          {feedClockText(shown)} / {feedClockText(replay.duration)}
        </span>
      </div>
      <input
        type="range"
        className="replay-slider"
        min={0}
        max={replay.duration}
        step={1000}
        value={shown}
        aria-label={t('devtools.replay.position')}
        aria-valuetext={feedClockText(shown)}
        data-testid="replay-slider"
        onChange={(event) => setDraft(Number(event.target.value))}
        onPointerUp={commit}
        onKeyUp={commit}
        onBlur={commit}
      />
      <form
        className="replay-seek"
        onSubmit={(event) => {
          event.preventDefault();
          props.onApplySeek();
        }}
      >
        <label htmlFor={seekId}>{t('devtools.replay.seekTo')}</label>
        <input
          id={seekId}
          placeholder="1:30:00"
          autoComplete="off"
          inputMode="numeric"
          data-testid="replay-seek"
          value={props.seekText}
          aria-invalid={props.badSeek}
          onChange={(event) => props.onSeekTyped(event.target.value)}
        />
        <button type="submit" className="replay-button">
          {t('devtools.replay.seek')}
        </button>
      </form>
    </div>
  );
}

/** A drop zone (and a file picker) for a recorded-feed file; the simulator checks what it holds. */
function FileDrop(props: {
  onRead: (name: string, data: string) => void;
  onUnreadable: (tooLarge: boolean) => void;
}) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const take = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_FEED_FILE_BYTES) {
      props.onUnreadable(true);
      return;
    }
    try {
      props.onRead(file.name, toBase64(new Uint8Array(await file.arrayBuffer())));
    } catch {
      props.onUnreadable(false);
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void take(event.dataTransfer.files[0]);
  };
  return (
    <div
      className={`replay-drop${over ? ' over' : ''}`}
      data-testid="replay-drop"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <svg
        aria-hidden="true"
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M12 15V3M7 8l5-5 5 5M4 15v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4" />
      </svg>
      <span>
        {t('devtools.replay.drop')}{' '}
        <label className="replay-link">
          {t('devtools.replay.chooseFile')}
          <input
            type="file"
            accept=".gz,application/gzip"
            className="visually-hidden"
            data-testid="replay-file"
            onChange={(event) => {
              void take(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
      </span>
      <span className="replay-source-meta">{t('devtools.replay.dropHint')}</span>
    </div>
  );
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode with a whole file as arguments would overflow the stack.
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}
