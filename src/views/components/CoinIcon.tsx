import { useState } from 'react';
import './components.css';

/** Logos that failed once in this page load: not asked for again on every re-render. */
const missing = new Set<string>();

/**
 * A coin's logo: the server's `base_currency.logo`, else `/coins/<code>.svg`. A lettered circle
 * shows while the image loads and stays when it cannot load, so a broken image is never seen.
 * Decorative: the coin's code is always written next to it.
 */
export function CoinIcon({ code, logo = '', size = 24 }: { code: string; logo?: string; size?: number }) {
  const src = logo !== '' ? logo : `/coins/${code.toLowerCase()}.svg`;
  const [state, setState] = useState<{ src: string; status: 'loaded' | 'failed' } | null>(null);
  const status = missing.has(src) ? 'failed' : state?.src === src ? state.status : 'loading';
  const style = { width: size, height: size, fontSize: Math.round(size * 0.46) };
  return (
    <span className={`coin-icon coin-icon-${status}`} style={style} aria-hidden="true" data-coin={code}>
      {status !== 'loaded' && (
        <span className="coin-icon-letter">{Array.from(code)[0]?.toUpperCase() ?? '?'}</span>
      )}
      {status !== 'failed' && (
        <img
          src={src}
          alt=""
          width={size}
          height={size}
          decoding="async"
          onLoad={() => setState({ src, status: 'loaded' })}
          onError={() => {
            missing.add(src);
            setState({ src, status: 'failed' });
          }}
        />
      )}
    </span>
  );
}

/** "BTC/USDT" with the base strong and the quote muted, as exchanges write pairs. */
export function PairName({ base, quote }: { base: string; quote: string }) {
  return (
    <span className="pair-name">
      <strong>{base}</strong>
      <span className="pair-quote">/{quote}</span>
    </span>
  );
}
