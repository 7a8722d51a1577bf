import { IMAGE_MAX_BYTES } from '../../domain/validation/image.ts';
import { GATEWAY_ID } from './cluster-protocol.ts';
import { DEFAULT_ORIGINS } from './cors.ts';

/**
 * What this process is (DESIGN.md "Past one machine"): `all` the whole server in one process;
 * `gateway` HTTP and WebSockets with no exchange state, sending every call to the core over NATS;
 * `core` the exchange (book, ledger, log), serving the gateways over NATS, with no HTTP.
 */
export type ServerRole = 'all' | 'gateway' | 'core';
const ROLES: readonly ServerRole[] = ['all', 'gateway', 'core'];

/** How `npm run server` is configured: command-line options, then environment variables. */
export interface ServerOptions {
  port: number;
  host: string;
  /** Directory of the SQLite file (tessera.db), or ':memory:' to keep nothing. */
  data: string;
  /** The market's seed; omitted: the simulator's default. */
  seed: number | undefined;
  /** Origins whose pages may call the API and open the socket ('*': any). */
  origins: string[];
  maxBodyBytes: number;
  requestTimeoutMs: number;
  /** Requests a second per client address (bursts of 4 times as many); 0: not limited. */
  rate: number;
  /** Where clients reach this server (image URLs); default http://host:port. */
  publicUrl: string | undefined;
  /** The operator token of the sim/* calls; omitted: a fresh one, printed at start. */
  operatorToken: string | undefined;
  /** PostgreSQL instead of SQLite when set (DATABASE_URL), in schema `databaseSchema`. */
  databaseUrl: string | undefined;
  databaseSchema: string;
  /** Verification e-mails by SMTP when set (SMTP_URL), from SMTP_FROM; else codes go to the log. */
  smtpUrl: string | undefined;
  smtpFrom: string;
  /**
   * One person's demo on their own machine (`--demo`, loopback only): the in-app outbox and the
   * simulator's controls are served without the operator token, as in the browser, and with
   * `--data :memory:` POST /demo/reset starts the exchange afresh (the browser suite's server run).
   */
  demo: boolean;
  /**
   * Whether the WebSocket connections live in a gateway process of their own (`--socket-gateway
   * on`), which writes frames on another core, or in this process (`off`, the default). Off by
   * default: on a shared 2-core machine at load 13-25, bench:server measured the gateway slower
   * (each hop between the processes waits for the scheduler); on means a free core for it.
   */
  socketGateway: boolean;
  role: ServerRole;
  /** The NATS server the gateway and core roles talk over (NATS_URL, --nats). */
  natsUrl: string;
  /** A gateway's id among the gateways (--gateway-id); omitted: a fresh one. */
  gatewayId: string | undefined;
  /** The key sealing TOTP seeds, base64 of 32 bytes (TESSERA_TOTP_KEY); wins over the key file. */
  totpKey: string | undefined;
  /** The file of that key (--totp-key-file); omitted: <data>/totp.key, made on the first start. */
  totpKeyFile: string | undefined;
  /**
   * The built app's directory (`--app`, usually dist/): served beside the API, its pages naming
   * this server as their backend and carrying its current quotes (app-files.ts, served-page.ts).
   */
  app: string | undefined;
}

/** Where `--demo` may listen: only this machine can reach a demo's open controls and outbox. */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', '::1', 'localhost']);

export const USAGE = `Usage: npm run server -- [options]

  --port <n>          port to listen on (default 8080; 0 picks a free one)
  --host <address>    address to listen on (default 127.0.0.1)
  --data <dir>        where the event log lives (default ./server-data; ":memory:" keeps nothing)
  --seed <n>          the simulated market's seed (a whole number)
  --origin <url>      a page origin allowed to call the server (repeatable; "*" allows any;
                      default the app's dev and preview servers on loopback)
  --max-body <bytes>  largest request body (default ${IMAGE_MAX_BYTES + 64 * 1024})
  --timeout <ms>      request timeout (default 20000)
  --rate <n>          requests a second per client address, bursts of 4n (default 50; 0: no limit)
  --public-url <url>  the server's address as clients see it (default http://host:port)
  --demo              one person's demo on this machine (loopback only): the in-app outbox and
                      the simulator's controls without the operator token; with --data :memory:,
                      POST /demo/reset starts the exchange afresh
  --socket-gateway on|off  the WebSockets in a process of their own, on another core (default off)
  --role all|gateway|core  all: the whole server in this process (default); gateway: HTTP and
                      WebSockets only, every call sent to the core over NATS; core: the exchange
                      and its log, serving the gateways over NATS (no HTTP)
  --nats <url>        the NATS server of the gateway and core roles (default NATS_URL, or
                      nats://127.0.0.1:4222; scripts/ensure-nats.sh starts one)
  --gateway-id <id>   this gateway's name among the gateways (letters, digits, dashes; default a
                      fresh one)
  --totp-key-file <path>  the key sealing two-factor seeds (base64 of 32 bytes; default
                      <data>/totp.key, written on the first start)
  --app <dir>         also serve the built app from <dir> (npm run build writes dist/): its pages
                      speak to this server and carry its current quotes; the server's own address
                      (--public-url, default http://host:port) becomes an allowed origin

Environment: TESSERA_OPERATOR_TOKEN (the sim/* calls' token; default a fresh one, printed at
start), TESSERA_ORIGINS (comma-separated origins, like --origin), DATABASE_URL (a PostgreSQL
connection string: the event log goes there instead of --data), DATABASE_SCHEMA (its schema,
default tessera), SMTP_URL (verification e-mails go out by SMTP instead of to the log), SMTP_FROM
(their sender), NATS_URL (like --nats) and TESSERA_TOTP_KEY (the two-factor seeds' AES-256-GCM
key, base64 of 32 bytes; wins over --totp-key-file; give every process of one deployment the same
key).`;

function wholeNumber(name: string, text: string | undefined, min: number, max: number): number {
  const value = Number(text);
  if (text === undefined || !/^-?\d+$/.test(text) || value < min || value > max) {
    throw new Error(`${name} needs a whole number from ${min} to ${max}`);
  }
  return value;
}

/** Reads argv (without node and the script) and the environment; throws with a message on a bad option. */
export function parseServerOptions(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): ServerOptions {
  const options: ServerOptions = {
    port: 8080,
    host: '127.0.0.1',
    data: 'server-data',
    seed: undefined,
    origins: env.TESSERA_ORIGINS ? env.TESSERA_ORIGINS.split(',').map((origin) => origin.trim()) : [],
    maxBodyBytes: IMAGE_MAX_BYTES + 64 * 1024,
    requestTimeoutMs: 20_000,
    rate: 50,
    publicUrl: undefined,
    operatorToken: env.TESSERA_OPERATOR_TOKEN || undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || 'tessera',
    smtpUrl: env.SMTP_URL || undefined,
    smtpFrom: env.SMTP_FROM || 'Tessera <no-reply@tessera.example>',
    demo: false,
    socketGateway: false,
    role: 'all',
    natsUrl: env.NATS_URL || 'nats://127.0.0.1:4222',
    gatewayId: undefined,
    totpKey: env.TESSERA_TOTP_KEY || undefined,
    totpKeyFile: undefined,
    app: undefined,
  };
  const origins: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i]!;
    const value = argv[i + 1];
    const next = (): string => {
      if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
      i++;
      return value;
    };
    switch (name) {
      case '--port':
        options.port = wholeNumber(name, next(), 0, 65_535);
        break;
      case '--host':
        options.host = next();
        break;
      case '--data':
        options.data = next();
        break;
      case '--seed':
        options.seed = wholeNumber(name, next(), 0, 2 ** 31 - 1);
        break;
      case '--origin':
        origins.push(next());
        break;
      case '--max-body':
        options.maxBodyBytes = wholeNumber(name, next(), 1024, 1024 ** 3);
        break;
      case '--timeout':
        options.requestTimeoutMs = wholeNumber(name, next(), 100, 600_000);
        break;
      case '--rate':
        options.rate = wholeNumber(name, next(), 0, 1_000_000);
        break;
      case '--public-url':
        options.publicUrl = next().replace(/\/+$/, '');
        break;
      case '--demo':
        options.demo = true;
        break;
      case '--socket-gateway': {
        const value = next();
        if (value !== 'on' && value !== 'off') throw new Error('--socket-gateway needs on or off');
        options.socketGateway = value === 'on';
        break;
      }
      case '--role': {
        const role = ROLES.find((known) => known === value);
        if (!role) throw new Error('--role needs all, gateway or core');
        next();
        options.role = role;
        break;
      }
      case '--nats':
        options.natsUrl = next();
        break;
      case '--gateway-id': {
        const id = next();
        if (!GATEWAY_ID.test(id)) throw new Error('--gateway-id needs 1 to 64 letters, digits or dashes');
        options.gatewayId = id;
        break;
      }
      case '--totp-key-file':
        options.totpKeyFile = next();
        break;
      case '--app':
        options.app = next();
        break;
      default:
        throw new Error(`unknown option ${name}`);
    }
  }
  if (options.demo && !LOOPBACK_HOSTS.has(options.host)) {
    throw new Error(
      `--demo serves codes and controls to anyone who reaches it: --host must be loopback, not ${options.host}`,
    );
  }
  if (options.role !== 'all' && (options.demo || options.socketGateway)) {
    throw new Error('--demo and --socket-gateway are options of --role all');
  }
  if (options.role === 'core' && options.app !== undefined) {
    throw new Error('--app needs HTTP: an option of --role all or gateway, not core');
  }
  if (origins.length > 0) options.origins = origins;
  if (options.origins.length === 0) options.origins = [...DEFAULT_ORIGINS];
  return options;
}
