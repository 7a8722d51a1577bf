/**
 * The balancer in front of the gateways (DESIGN.md "Past one machine"): HAProxy's configuration
 * for HTTP and WebSockets on one port, the gateways behind it checked on /healthz (a gateway that
 * hears no leading core answers 503 there and gets nothing until it does). `npm run cluster` and the
 * cluster tests run Debian's haproxy with it.
 */
export interface BalancerPlan {
  /** Where the balancer listens, on loopback. */
  port: number;
  /** The gateways' ports, on loopback. */
  gateways: readonly number[];
}

export function haproxyConfig(plan: BalancerPlan): string {
  return [
    // No maxconn: HAProxy derives it from the process's file limit (a fixed one above what the
    // limit allows stops it at start).
    'global',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    // An upgraded WebSocket may stay quiet between its pings this long.
    '  timeout tunnel 1h',
    'frontend tessera',
    `  bind 127.0.0.1:${plan.port}`,
    '  default_backend gateways',
    'backend gateways',
    // Sockets are long-lived: the gateway holding the fewest connections gets the next one.
    '  balance leastconn',
    '  option httpchk GET /healthz',
    '  http-check expect status 200',
    '  default-server inter 1s fall 2 rise 1',
    // A connection a dead gateway refuses is tried on another one before any check noticed it.
    '  option redispatch',
    '  retries 3',
    ...plan.gateways.map((port, i) => `  server gw-${i + 1} 127.0.0.1:${port} check`),
    '',
  ].join('\n');
}
