import { useState } from 'react';
import './components.css';

/**
 * A coin's logo: the server's `base_currency.logo`, else `/coins/<code>.svg`, else (when the image
 * does not load) a lettered circle. Decorative: the coin's code is always written next to it.
 */
export function CoinIcon({ code, logo = '', size = 24 }: { code: string; logo?: string; size?: number }) {
  const src = logo !== '' ? logo : `/coins/${code.toLowerCase()}.svg`;
  const [failed, setFailed] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.46) };
  if (failed === src) {
    return (
      <span className="coin-icon coin-icon-letter" style={style} aria-hidden="true" data-testid="coin-letter">
        {Array.from(code)[0]?.toUpperCase() ?? '?'}
      </span>
    );
  }
  return (
    <img
      className="coin-icon"
      src={src}
      alt=""
      aria-hidden="true"
      width={size}
      height={size}
      style={style}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(src)}
    />
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
