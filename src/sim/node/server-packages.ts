/**
 * The packages only the Node server needs (issue 27 item 7). They are optionalDependencies in
 * package.json: npm installs them by default, but a machine where one cannot be installed (most
 * likely better-sqlite3, a native addon that npm compiles when no prebuilt binary downloads) still
 * gets a working install of the browser app, and `npm run server` then says what is missing and how
 * to get it instead of failing on an unresolved import.
 */
export const SERVER_PACKAGES = ['better-sqlite3', 'pg', 'ws', 'nodemailer'] as const;
/** What the gateway and core roles need besides (`--role gateway|core`): the NATS client. */
export const CLUSTER_PACKAGES = ['@nats-io/transport-node'] as const;

export type ServerPackage = (typeof SERVER_PACKAGES)[number] | (typeof CLUSTER_PACKAGES)[number];

export interface PackageProblem {
  name: ServerPackage;
  /** `missing`: not installed; `unbuilt`: installed, but its native addon does not load in this Node. */
  kind: 'missing' | 'unbuilt';
  detail: string;
}

/** Loads a package as `require` does (the server's own `createRequire`, or a test's stand-in). */
export type PackageLoader = (name: string) => unknown;

type SqliteConstructor = new (file: string) => { close(): void };

function isMissing(error: unknown, name: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return code === 'MODULE_NOT_FOUND' && message.includes(`'${name}'`);
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

/**
 * What stops the server from starting, package by package: none missing, and better-sqlite3's addon
 * opens a database (its JavaScript loads without the addon, which it looks for only when a database
 * opens: `npm install --ignore-scripts` leaves it unbuilt, and a build for another Node refuses to load).
 */
export function serverPackageProblems(
  load: PackageLoader,
  names: readonly ServerPackage[] = SERVER_PACKAGES,
): PackageProblem[] {
  const problems: PackageProblem[] = [];
  for (const name of names) {
    let loaded: unknown;
    try {
      loaded = load(name);
    } catch (error) {
      problems.push({ name, kind: isMissing(error, name) ? 'missing' : 'unbuilt', detail: messageOf(error) });
      continue;
    }
    if (name !== 'better-sqlite3') continue;
    try {
      const Database = ((loaded as { default?: unknown }).default ?? loaded) as SqliteConstructor;
      new Database(':memory:').close();
    } catch (error) {
      problems.push({ name, kind: 'unbuilt', detail: messageOf(error) });
    }
  }
  return problems;
}

/** The message `npm run server` prints instead of starting: what is wrong, and the command that fixes it. */
export function serverPackagesMessage(problems: readonly PackageProblem[], nodeVersion: string): string {
  const lines = [
    'npm run server needs packages that npm installs as optional dependencies of Tessera (the browser app runs without them):',
    ...problems.map((problem) =>
      problem.kind === 'missing'
        ? `  - ${problem.name} is not installed.`
        : `  - ${problem.name} is installed but does not load in Node ${nodeVersion}: ${problem.detail}`,
    ),
    '',
  ];
  if (problems.some((problem) => problem.kind === 'missing'))
    lines.push(
      'Install them: npm install (when npm cannot install one, it says why and carries on without it).',
    );
  if (problems.some((problem) => problem.name === 'better-sqlite3' && problem.kind === 'unbuilt'))
    lines.push(
      'Build the SQLite addon for this Node: npm run setup:server (it compiles from source, which needs',
      'python3, make and a C++ compiler, and takes a minute or more).',
    );
  return `${lines.join('\n')}\n`;
}
