import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * DESIGN.md's arrows: views -> machines/streams -> api -> transport; domain imports nobody; sim
 * imports only domain and api; app (the composition root) wires everything but never reaches into
 * sim; the app reaches sim only through the sim transport's worker URL. Views may name the
 * contract's types (`import type` from api) but never call it at run time.
 */
const ROOT = resolve(__dirname, '../../src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** The layer of a path under `root`: its first folder, or the file's name at the top. */
function layerOf(root: string, path: string): string {
  return relative(root, path).split('/')[0] ?? '';
}

/** Which layers a layer may import at run time. */
const ALLOWED: Record<string, readonly string[]> = {
  domain: ['domain'],
  api: ['api', 'domain'],
  streams: ['streams', 'api', 'domain'],
  machines: ['machines', 'api', 'domain', 'streams'],
  views: ['views', 'machines', 'streams', 'domain'],
  sim: ['sim', 'api', 'domain'],
  app: ['app', 'views', 'machines', 'streams', 'api', 'domain'],
  'main.tsx': ['app', 'views', 'machines', 'domain'],
};

/**
 * Type-only imports a layer may add: views name the contract's shapes, and the app's services
 * (app-services.ts) whose objects the composition root hands them.
 */
const ALLOWED_TYPES: Record<string, readonly string[]> = {
  views: ['api', 'app'],
};

/** The one run-time arrow into sim: the sim transport starts the worker by its URL. */
const WORKER_URL = { from: 'api/transports/sim.ts', to: 'sim/worker.ts' };

/** Comments may name what code must not do; only code counts. */
function withoutComments(source: string): string {
  return source.replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '');
}

interface Edge {
  file: string;
  target: string;
  kind: 'static' | 'type' | 'dynamic' | 'url';
}

/** Every relative reference of a source file: imports, re-exports, import() and new URL(). */
function edgesOf(file: string, source: string): Edge[] {
  const code = withoutComments(source);
  const edge = (kind: Edge['kind']) => (match: RegExpMatchArray) => ({
    file,
    target: resolve(file, '..', match[2] ?? match[1] ?? ''),
    kind,
  });
  return [
    ...[
      ...code.matchAll(/(?:^|[;\n])\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g),
    ].map((match) => ({
      file,
      target: resolve(file, '..', match[3] ?? ''),
      kind: match[2] ? ('type' as const) : ('static' as const),
    })),
    ...[...code.matchAll(/(?:^|[;\n])\s*import\s+['"](\.{1,2}\/[^'"]+)['"]/g)].map(edge('static')),
    ...[...code.matchAll(/\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)].map(edge('dynamic')),
    ...[...code.matchAll(/new\s+URL\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*,\s*import\.meta\.url/g)].map(
      edge('url'),
    ),
  ];
}

/** The edges of `root`'s files that break the arrows, as "from -> to (kind)". */
function wrongWay(root: string, edges: readonly Edge[]): string[] {
  return edges
    .filter(({ file, target, kind }) => {
      const from = layerOf(root, file);
      const to = layerOf(root, target);
      if (!(from in ALLOWED)) return true; // a new top-level folder must be given its arrows here
      if (ALLOWED[from]?.includes(to)) return false;
      if (kind === 'type' && ALLOWED_TYPES[from]?.includes(to)) return false;
      return !(
        kind === 'url' &&
        relative(root, file) === WORKER_URL.from &&
        relative(root, target) === WORKER_URL.to
      );
    })
    .map(({ file, target, kind }) => `${relative(root, file)} -> ${relative(root, target)} (${kind})`);
}

function edgesUnder(root: string): Edge[] {
  return files(root).flatMap((file) => edgesOf(file, readFileSync(file, 'utf8')));
}

/**
 * One way to wire (DESIGN.md "src/app"): a machine gets its actors in src/app/machines, never in a
 * view. A view that calls `.provide(` on a machine, imports a feature's actors at run time, or
 * forwards a stream into a machine (`x$.subscribe((v) => actor.send(...))`: a push is an actor the
 * machine invokes) is wiring; it names "file:line: code". A view starts a machine with
 * use-app-actor.ts, which gives it the app's inspector, never with @xstate/react's own hooks.
 */
const FORWARDS_A_STREAM = /\.subscribe\(\s*\(?[\w{}, ]*\)?\s*=>\s*[\w.]*send\(/;
function viewsThatWire(root: string): string[] {
  const offenders: string[] = [];
  for (const file of files(join(root, 'views'))) {
    const code = withoutComments(readFileSync(file, 'utf8'));
    code.split('\n').forEach((line, index) => {
      if (/\.provide\(/.test(line) || FORWARDS_A_STREAM.test(line))
        offenders.push(`${relative(root, file)}:${index + 1}: ${line.trim()}`);
    });
    if (
      !file.endsWith('use-app-actor.ts') &&
      /import\s*\{[^}]*\b(useMachine|useActorRef)\b[^}]*\}\s*from\s*'@xstate\/react'/.test(code)
    )
      offenders.push(`${relative(root, file)}: starts a machine without use-app-actor.ts`);
    for (const edge of edgesOf(file, code))
      if (edge.kind !== 'type' && relative(root, edge.target).startsWith(join('machines', 'actors')))
        offenders.push(`${relative(root, file)}: imports ${relative(root, edge.target)}`);
  }
  return offenders;
}

/**
 * The data facade (streams/ontology.ts): a view reads data only through services.queries. What it
 * may import from streams at run time is a helper that loads nothing: the Loadable's constants, the
 * quotes table's pure functions, the frame sampler and the minute clock; never a query module, the
 * socket, a channel or a feed. Types it may name from anywhere in streams.
 */
const VIEW_STREAM_HELPERS = ['loadable.ts', 'quotes-store.ts', 'frame-sampled.ts', 'wall-clock.ts'].map(
  (name) => join('streams', name),
);

function viewsPastTheFacade(root: string): string[] {
  return files(join(root, 'views')).flatMap((file) =>
    edgesOf(file, readFileSync(file, 'utf8'))
      .filter(({ target, kind }) => {
        const to = relative(root, target);
        return kind !== 'type' && to.startsWith('streams') && !VIEW_STREAM_HELPERS.includes(to);
      })
      .map(({ file: from, target }) => `${relative(root, from)} -> ${relative(root, target)}`),
  );
}

describe('architecture', () => {
  it('every import, import() and worker URL follows the arrows of DESIGN.md', () => {
    expect(wrongWay(ROOT, edgesUnder(ROOT))).toEqual([]);
  });

  it('finds every kind of wrong-way reference planted in a copy of the layers', () => {
    const root = mkdtempSync(join(tmpdir(), 'arrows-'));
    const plant = (path: string, source: string) => {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), source);
    };
    try {
      plant(
        'views/Ok.tsx',
        "import type { AnswerOf } from '../api/catalogue.ts';\nimport { x } from '../machines/m.ts';",
      );
      plant('views/Call.tsx', "import { createApiClient } from '../api/client.ts';");
      plant('views/Lazy.tsx', "const page = () => import('../sim/simulator.ts');");
      plant('streams/Up.ts', "export { Page } from '../views/Page.tsx';");
      plant('machines/Worker.ts', "new Worker(new URL('../sim/worker.ts', import.meta.url));");
      plant('domain/Side.ts', "import '../api/fields.ts';");
      plant('sim/Back.ts', "import type { Machine } from '../machines/m.ts';");
      plant('api/transports/sim.ts', "new Worker(new URL('../../sim/worker.ts', import.meta.url));");
      plant('tools/New.ts', "import { a } from '../domain/a.ts';");
      // A comment naming a wrong import is not one.
      plant('api/Commented.ts', "// import { v } from '../views/v.ts';\nexport const a = 1;");
      expect(wrongWay(root, edgesUnder(root)).sort()).toEqual(
        [
          'views/Call.tsx -> api/client.ts (static)',
          'views/Lazy.tsx -> sim/simulator.ts (dynamic)',
          'streams/Up.ts -> views/Page.tsx (static)',
          'machines/Worker.ts -> sim/worker.ts (url)',
          'domain/Side.ts -> api/fields.ts (static)',
          'sim/Back.ts -> machines/m.ts (type)',
          'tools/New.ts -> domain/a.ts (static)',
        ].sort(),
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('no view wires a machine: no .provide(, no run-time import of machines/actors, no stream forwarded in', () => {
    expect(viewsThatWire(ROOT)).toEqual([]);
  });

  it('finds a view that wires, planted in a copy of the layers', () => {
    const root = mkdtempSync(join(tmpdir(), 'wiring-'));
    const plant = (path: string, source: string) => {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), source);
    };
    try {
      plant(
        'views/Provides.tsx',
        "import { m } from '../machines/m.ts';\nconst logic = m.provide({ actors: {} });",
      );
      plant('views/pages/Chained.tsx', 'const [logic] = useState(() =>\n  m\n    .provide({ actors: {} }));');
      plant('views/Actors.tsx', "import { spotActors } from '../machines/actors/spot.ts';");
      plant('views/Hooks.tsx', "import { useMachine, useSelector } from '@xstate/react';");
      plant('views/use-app-actor.ts', "import { useMachine as own } from '@xstate/react';");
      plant(
        'views/Forwards.tsx',
        "const sub = last$.subscribe((price) => screen.send({ type: 'LAST', price }));\n" +
          'const ok = actor.on((event) => toasts.show(event));',
      );
      // Naming the actors' types, and saying in a comment what must not be done, are not wiring.
      plant(
        'views/Fine.tsx',
        "import type { EarningsProduct } from '../machines/actors/earnings.ts';\n// never m.provide( here",
      );
      expect(viewsThatWire(root).sort()).toEqual(
        [
          'views/Actors.tsx: imports machines/actors/spot.ts',
          'views/Hooks.tsx: starts a machine without use-app-actor.ts',
          "views/Forwards.tsx:1: const sub = last$.subscribe((price) => screen.send({ type: 'LAST', price }));",
          'views/Provides.tsx:2: const logic = m.provide({ actors: {} });',
          'views/pages/Chained.tsx:3: .provide({ actors: {} }));',
        ].sort(),
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('views read data only through the ontology: no run-time import of a query, the socket or a feed', () => {
    expect(viewsPastTheFacade(ROOT)).toEqual([]);
  });

  it('finds a view that reads past the facade, planted in a copy of the layers', () => {
    const root = mkdtempSync(join(tmpdir(), 'facade-'));
    const plant = (path: string, source: string) => {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), source);
    };
    try {
      plant('views/Query.tsx', "import { walletQueries } from '../streams/queries/wallet.ts';");
      plant('views/pages/Feed.tsx', "import { depthFeed$ } from '../../streams/trade-feeds.ts';");
      plant('views/Lazy.tsx', "const socket = () => import('../streams/socket.ts');");
      plant(
        'views/Fine.tsx',
        "import type { WalletGroup } from '../streams/queries/wallet.ts';\nimport { LOADING } from '../streams/loadable.ts';",
      );
      expect(viewsPastTheFacade(root).sort()).toEqual(
        [
          'views/Lazy.tsx -> streams/socket.ts',
          'views/Query.tsx -> streams/queries/wallet.ts',
          'views/pages/Feed.tsx -> streams/trade-feeds.ts',
        ].sort(),
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('the domain does no I/O', () => {
    const offenders = files(join(ROOT, 'domain')).filter((file) =>
      /\b(fetch|localStorage|indexedDB|postMessage|WebSocket|document\.|window\.)/.test(
        withoutComments(readFileSync(file, 'utf8')),
      ),
    );
    expect(offenders.map((file) => relative(ROOT, file))).toEqual([]);
  });

  it('the simulator engine never reads the wall clock or Math.random', () => {
    const offenders = files(join(ROOT, 'sim'))
      // The two entries (the browser's worker and the Node server's main) map the wall clock to sim
      // time; wall-clock.ts is TOTP's (an authenticator app counts real time; the log records the step).
      .filter(
        (file) =>
          !file.endsWith('worker.ts') &&
          !file.endsWith(join('sim', 'node', 'main.ts')) &&
          !file.endsWith(join('sim', 'wall-clock.ts')),
      )
      .filter((file) => /Date\.now\(\)|Math\.random\(\)/.test(withoutComments(readFileSync(file, 'utf8'))));
    expect(offenders.map((file) => relative(ROOT, file))).toEqual([]);
  });

  it('no user-visible literal text in views: every string goes through i18n', () => {
    const offenders: string[] = [];
    for (const file of files(join(ROOT, 'views')).filter((path) => path.endsWith('.tsx'))) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          // JSX text between tags with a word in it, or CJK anywhere in the code.
          if (
            /(?<![=-])>\s*[A-Za-z][A-Za-z ,.'!?-]{2,}\s*</.test(line) ||
            /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/.test(line)
          ) {
            offenders.push(`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`);
          }
        });
    }
    expect(offenders).toEqual([]);
  });
});
