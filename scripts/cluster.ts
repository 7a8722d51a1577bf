import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { haproxyConfig } from './haproxy-config.ts';

/**
 * `npm run cluster`: the whole topology of DESIGN.md "Past one machine" on this machine, on
 * loopback: NATS (scripts/ensure-nats.sh), PostgreSQL for the event log (scripts/ensure-postgres.sh,
 * unless DATABASE_URL is set), 2 cores (the leader and a standby waiting for the log's writer lock),
 * 3 gateways and HAProxy (Debian's package, installed when missing) in front of them for HTTP and
 * WebSockets. Every process's log goes to a file in a fresh temporary folder. Ctrl-C stops it all.
 *
 *   CLUSTER_PORT       the balancer's port (default 8080); the gateways listen on the ports after it
 *   CLUSTER_GATEWAYS   how many gateways (default 3)
 *   DATABASE_URL, DATABASE_SCHEMA   the log (default ensure-postgres.sh's database, schema tessera_cluster)
 *   TESSERA_OPERATOR_TOKEN   the sim/* calls' token, the same on every gateway (default a fresh one)
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const START = join(ROOT, 'src/sim/node/start.ts');

function script(name: string): string {
  const run = spawnSync('bash', [join(ROOT, 'scripts', name)], { stdio: ['ignore', 'pipe', 'inherit'] });
  if (run.status !== 0) process.exit(run.status ?? 1);
  return run.stdout.toString('utf8').trim();
}

const port = Number(process.env.CLUSTER_PORT ?? 8080);
const gatewayCount = Number(process.env.CLUSTER_GATEWAYS ?? 3);
const env = {
  ...process.env,
  NATS_URL: process.env.NATS_URL || script('ensure-nats.sh'),
  DATABASE_URL: process.env.DATABASE_URL || script('ensure-postgres.sh'),
  DATABASE_SCHEMA: process.env.DATABASE_SCHEMA || 'tessera_cluster',
  TESSERA_OPERATOR_TOKEN: process.env.TESSERA_OPERATOR_TOKEN || randomBytes(16).toString('hex'),
};
script('ensure-haproxy.sh');
const logs = mkdtempSync(join(tmpdir(), 'tessera-cluster-'));
const publicUrl = `http://127.0.0.1:${port}`;
const children: ChildProcess[] = [];

function run(name: string, command: string, args: readonly string[]): void {
  const out = createWriteStream(join(logs, `${name}.log`));
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`${name} exited (${signal ?? code}); its log: ${join(logs, `${name}.log`)}`);
  });
  children.push(child);
}

const server = (name: string, args: readonly string[]) =>
  run(name, process.execPath, ['--import', 'tsx', START, ...args]);

server('core-1', ['--role', 'core', '--public-url', publicUrl]);
server('core-2', ['--role', 'core', '--public-url', publicUrl]);
const gatewayPorts = Array.from({ length: gatewayCount }, (_, i) => port + 1 + i);
gatewayPorts.forEach((gatewayPort, i) =>
  server(`gateway-${i + 1}`, [
    '--role',
    'gateway',
    '--port',
    String(gatewayPort),
    '--gateway-id',
    `gw-${i + 1}`,
    '--public-url',
    publicUrl,
  ]),
);
const config = join(logs, 'haproxy.cfg');
writeFileSync(config, haproxyConfig({ port, gateways: gatewayPorts }));
run('haproxy', 'haproxy', ['-f', config, '-db']);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  console.error('stopping the cluster...');
  for (const child of children) child.kill('SIGTERM');
  void Promise.all(
    children.map((child) =>
      child.exitCode !== null || child.signalCode !== null
        ? Promise.resolve()
        : new Promise((done) => child.once('exit', done)),
    ),
  ).then(() => {
    console.error(`stopped; the logs are in ${logs}`);
    process.exit(0);
  });
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

const deadline = Date.now() + 120_000;
for (;;) {
  const healthy = await fetch(`${publicUrl}/healthz`)
    .then((response) => response.ok)
    .catch(() => false);
  if (healthy) break;
  if (Date.now() > deadline) {
    console.error(`the cluster did not answer at ${publicUrl}/healthz within 2 minutes; logs: ${logs}`);
    stop();
    break;
  }
  await new Promise((wait) => setTimeout(wait, 250));
}
if (!stopping) {
  console.error(
    [
      `Tessera cluster on loopback: the balancer (HAProxy) at ${publicUrl}`,
      `  -> ${gatewayCount} gateways on ports ${gatewayPorts.join(', ')}`,
      `  -> NATS ${env.NATS_URL} -> 2 cores (a leader, a standby) -> PostgreSQL schema ${env.DATABASE_SCHEMA}`,
      `Operator token: ${env.TESSERA_OPERATOR_TOKEN}. Logs: ${logs}.`,
      `Point the app at ${publicUrl} (README "Pointing the app at a real server"); Ctrl-C stops it all.`,
    ].join('\n'),
  );
}
