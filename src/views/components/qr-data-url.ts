import QRCode from 'qrcode';

/** Runs `work` when the page is idle (within a second), or after a zero timeout where there is no idle callback. */
function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 1_000 });
  else setTimeout(work, 0);
}

/**
 * A QR code of `text` as an SVG data URL, black on white in both themes (scanners read dark on
 * light), drawn when the page is idle: the library works out the code in the caller's task, and in
 * a trace of /home under a 4x slower CPU its functions were the largest part of the 86 ms task of
 * effects after the first render (issue 27).
 */
export function qrDataUrl(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    whenIdle(() => {
      QRCode.toString(text, {
        type: 'svg',
        margin: 1,
        errorCorrectionLevel: 'M',
        color: { dark: '#000000', light: '#ffffff' },
      }).then((svg) => resolve(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`), reject);
    });
  });
}
