/**
 * What bench/ui.ts measures inside the page, installed as an init script before the app runs, and
 * the arithmetic that turns a recording into figures.
 *
 *   - long tasks: PerformanceObserver 'longtask' entries (> 50 ms) on the page's main thread;
 *   - frame time: the deltas between requestAnimationFrame callbacks;
 *   - socket frames: every frame the app's socket receives on its message port, counted by type;
 *     a frame stamped with a sequence number `seq` (the simulator's storm, sim/bench) is kept with
 *     its arrival time, and for GLOBAL_TX with its newest trade's price (completes[] is newest
 *     first), which is the last price the page should show;
 *   - paints: after each animation frame's rendering (a user-blocking task posted from rAF runs once
 *     the frame is drawn, ahead of the socket messages that queued meanwhile) the `data-seq` that the
 *     order book and the tape write when they paint a stamped frame, and the text of one probe
 *     element the scenario names (a lever position's PnL cell);
 *   - timers: every setTimeout, setInterval and requestAnimationFrame the page registers (the
 *     benchmark's own frame loop excepted), by kind and by delay, and how many are live (pending
 *     timeouts and animation frames, running intervals) at each frame.
 *
 * Every time is the page's performance.now(), so the worker's clock never enters a measure.
 * Nothing is recorded between `__bench.start()` and `__bench.stop()`.
 */

export interface Arrival {
  type: string;
  seq: number;
  t: number;
  /** GLOBAL_TX: how many trades the frame carries, and the newest one's price. */
  trades: number;
  price: string;
}

export interface PaintSample {
  t: number;
  /** When the frame's animation callbacks began (rAF time). */
  frameStart: number;
  book: number;
  tape: number;
  /** The probe element's text, '' without a probe. */
  probe: string;
}

export interface TimerFigures {
  /** Registrations while recording, by kind. */
  registered: Record<'setTimeout' | 'setInterval' | 'requestAnimationFrame', number>;
  /** Registrations while recording, by `kind delay` (timeouts and intervals only). */
  byDelay: Record<string, number>;
  /** The most timers live at once at a frame while recording, and what they were then. */
  liveMax: number;
  liveAtMax: { timeouts: number; intervals: number; frames: number };
  /** The mean number live at a frame. */
  liveMean: number;
}

export interface Recording {
  seconds: number;
  arrivals: Arrival[];
  /** Every socket frame while recording, by type, stamped or not. */
  frameCounts: Record<string, number>;
  paints: PaintSample[];
  frames: number[];
  longTasks: number[];
  timers: TimerFigures;
  /** With --profile: the CPU profile's summary (bench/ui-profile.ts), added on the benchmark's side. */
  profile?: Array<[string, string]>;
  /** What the main thread allocated and its GCs (bench/ui-memory.ts), added on the benchmark's side. */
  memory?: Array<[string, string]>;
}

export interface BenchControl {
  start(options?: { probe?: string }): void;
  /** Ends the window (stop() after it answers it): the benchmark stops its profilers before the read-out. */
  pause(): void;
  stop(): Recording;
}

/** The page's side (see the top). Runs in the page: it may use nothing from this module's scope. */
export function instrument(): void {
  type Kind = 'setTimeout' | 'setInterval' | 'requestAnimationFrame';
  const state = {
    recording: false,
    started: 0,
    /** When the window ended (pause or stop). */
    ended: 0,
    probe: '',
    arrivals: [] as Arrival[],
    frameCounts: {} as Record<string, number>,
    paints: [] as PaintSample[],
    frames: [] as number[],
    longTasks: [] as number[],
    registered: { setTimeout: 0, setInterval: 0, requestAnimationFrame: 0 } as Record<Kind, number>,
    byDelay: {} as Record<string, number>,
    liveMax: 0,
    liveAtMax: { timeouts: 0, intervals: 0, frames: 0 },
    liveSum: 0,
    liveSamples: 0,
  };

  // Timers: wrapped before the app's modules run, so every registration of the app passes here.
  const pendingTimeouts = new Set<number>();
  const runningIntervals = new Set<number>();
  const pendingFrames = new Set<number>();
  const count = (kind: Kind, delay?: number) => {
    if (!state.recording) return;
    state.registered[kind]++;
    if (kind !== 'requestAnimationFrame') {
      const key = `${kind} ${Math.round(Number(delay) || 0)} ms`;
      state.byDelay[key] = (state.byDelay[key] ?? 0) + 1;
    }
  };
  const realSetTimeout = window.setTimeout.bind(window);
  const realClearTimeout = window.clearTimeout.bind(window);
  const realSetInterval = window.setInterval.bind(window);
  const realClearInterval = window.clearInterval.bind(window);
  const realRequestFrame = window.requestAnimationFrame.bind(window);
  const realCancelFrame = window.cancelAnimationFrame.bind(window);
  const wrappedSetTimeout = (handler: TimerHandler, delay?: number, ...rest: unknown[]): number => {
    let id = 0;
    const run =
      typeof handler === 'function'
        ? (...values: unknown[]) => {
            pendingTimeouts.delete(id);
            return (handler as (...a: unknown[]) => unknown)(...values);
          }
        : handler;
    id = realSetTimeout(run, delay, ...rest);
    pendingTimeouts.add(id);
    count('setTimeout', delay);
    return id;
  };
  const wrappedSetInterval = (handler: TimerHandler, delay?: number, ...rest: unknown[]): number => {
    const id = realSetInterval(handler, delay, ...rest);
    runningIntervals.add(id);
    count('setInterval', delay);
    return id;
  };
  const wrappedClear = (id?: number) => {
    if (id === undefined) return;
    pendingTimeouts.delete(id);
    runningIntervals.delete(id);
    realClearTimeout(id);
  };
  const wrappedClearInterval = (id?: number) => {
    if (id === undefined) return;
    pendingTimeouts.delete(id);
    runningIntervals.delete(id);
    realClearInterval(id);
  };
  const wrappedRequestFrame = (callback: FrameRequestCallback): number => {
    let id = 0;
    id = realRequestFrame((time) => {
      pendingFrames.delete(id);
      callback(time);
    });
    pendingFrames.add(id);
    count('requestAnimationFrame');
    return id;
  };
  const wrappedCancelFrame = (id: number) => {
    pendingFrames.delete(id);
    realCancelFrame(id);
  };
  Object.assign(window, {
    setTimeout: wrappedSetTimeout,
    clearTimeout: wrappedClear,
    setInterval: wrappedSetInterval,
    clearInterval: wrappedClearInterval,
    requestAnimationFrame: wrappedRequestFrame,
    cancelAnimationFrame: wrappedCancelFrame,
  });

  // Socket frames as they arrive on the port of the app's sim transport.
  const original = MessagePort.prototype.addEventListener;
  MessagePort.prototype.addEventListener = function (
    this: MessagePort,
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ) {
    if (type !== 'message' || typeof listener !== 'function') {
      return original.call(this, type, listener as EventListenerOrEventListenerObject, options);
    }
    const wrapped = function (this: MessagePort, event: Event) {
      const data = (event as MessageEvent).data as { kind?: string; text?: string } | null;
      if (state.recording && data?.kind === 'socket-message' && typeof data.text === 'string') {
        const text = data.text;
        const frameType = /"type":"(\w+)"/.exec(text)?.[1] ?? '';
        state.frameCounts[frameType] = (state.frameCounts[frameType] ?? 0) + 1;
        const seq = /"seq":(\d+)/.exec(text);
        if (seq) {
          const tape = frameType === 'GLOBAL_TX';
          state.arrivals.push({
            type: frameType,
            seq: Number(seq[1]),
            t: performance.now(),
            trades: tape ? text.split('"way":').length - 1 : 0,
            price: tape ? (/"completes":\[\{[^}]*?"price":"?(-?[\d.]+)/.exec(text)?.[1] ?? '') : '',
          });
        }
      }
      return listener.call(this, event);
    };
    return original.call(this, type, wrapped, options);
  };

  const seqOf = (element: Element | null) => Number((element as HTMLElement | null)?.dataset.seq ?? 0);
  let frameStart = 0;
  const sample = () => {
    if (!state.recording) return;
    state.paints.push({
      t: performance.now(),
      frameStart,
      book: seqOf(document.querySelector('[data-testid="book-body"]')),
      tape: seqOf(document.querySelector('[data-testid="tape-body"]')),
      probe: state.probe ? (document.querySelector(state.probe)?.textContent ?? '') : '',
    });
  };
  const scheduler = (
    globalThis as {
      scheduler?: { postTask: (task: () => void, options: { priority: string }) => Promise<void> };
    }
  ).scheduler;
  const afterPaint = new MessageChannel();
  afterPaint.port1.onmessage = sample;
  const schedulePaintSample = () =>
    scheduler
      ? void scheduler.postTask(sample, { priority: 'user-blocking' })
      : afterPaint.port2.postMessage(0);
  let last = 0;
  const frame = (now: number) => {
    if (state.recording) {
      if (last > 0) state.frames.push(now - last);
      const live = pendingTimeouts.size + runningIntervals.size + pendingFrames.size;
      state.liveSum += live;
      state.liveSamples++;
      if (live > state.liveMax) {
        state.liveMax = live;
        state.liveAtMax = {
          timeouts: pendingTimeouts.size,
          intervals: runningIntervals.size,
          frames: pendingFrames.size,
        };
      }
    }
    last = now;
    frameStart = performance.now();
    schedulePaintSample();
    realRequestFrame(frame);
  };
  realRequestFrame(frame);

  new PerformanceObserver((list) => {
    if (!state.recording) return;
    for (const entry of list.getEntries()) state.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: false });

  const control: BenchControl = {
    start: (options = {}) => {
      state.probe = options.probe ?? '';
      state.arrivals = [];
      state.frameCounts = {};
      state.paints = [];
      state.frames = [];
      state.longTasks = [];
      state.registered = { setTimeout: 0, setInterval: 0, requestAnimationFrame: 0 };
      state.byDelay = {};
      state.liveMax = 0;
      state.liveAtMax = { timeouts: 0, intervals: 0, frames: 0 };
      state.liveSum = 0;
      state.liveSamples = 0;
      last = 0;
      state.started = performance.now();
      state.recording = true;
    },
    pause: () => {
      if (!state.recording) return;
      state.recording = false;
      state.ended = performance.now();
    },
    stop: () => {
      control.pause();
      return {
        seconds: (state.ended - state.started) / 1000,
        arrivals: state.arrivals,
        frameCounts: state.frameCounts,
        paints: state.paints,
        frames: state.frames,
        longTasks: state.longTasks,
        timers: {
          registered: state.registered,
          byDelay: state.byDelay,
          liveMax: state.liveMax,
          liveAtMax: state.liveAtMax,
          liveMean: state.liveSamples ? state.liveSum / state.liveSamples : 0,
        },
      };
    },
  };
  Object.assign(window, { __bench: control });
}

/** Starts recording in the page (see instrument). */
export function startRecording(options: { probe?: string } = {}) {
  return (window as unknown as { __bench: BenchControl }).__bench.start(options);
}

/** Ends the recorded window in the page; stopRecording answers it. */
export function pauseRecording(): void {
  (window as unknown as { __bench: BenchControl }).__bench.pause();
}

/** Stops recording in the page and answers what it recorded. */
export function stopRecording(): Recording {
  return (window as unknown as { __bench: BenchControl }).__bench.stop();
}

/**
 * Push-to-paint of the stamped frames of one type: from a frame's arrival to the end of the first
 * paint that shows it or a newer frame (`painted` answers the newest seq a paint shows), and in how
 * many animation frames that was: 1 when the first frame to start after the arrival painted it.
 */
export function latencies(
  recording: Recording,
  type: string,
  painted: (sample: PaintSample) => number,
): { ms: number[]; frames: number[] } {
  const ms: number[] = [];
  const frames: number[] = [];
  const { paints } = recording;
  const shown = paints.map(painted);
  let from = 0;
  for (const arrival of recording.arrivals.filter((item) => item.type === type)) {
    while (from < paints.length && paints[from]!.frameStart < arrival.t) from++;
    for (let i = from; i < paints.length; i++) {
      if (shown[i]! >= arrival.seq) {
        ms.push(paints[i]!.t - arrival.t);
        frames.push(i - from + 1);
        break;
      }
    }
  }
  return { ms, frames };
}
