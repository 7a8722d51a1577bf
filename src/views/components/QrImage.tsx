import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * A QR code of `text` as an SVG image (the `qrcode` library, as the PnL card's invite link), black
 * on white in both themes: scanners read dark on light. Nothing while it is drawn, or if it fails.
 */
export function QrImage({
  text,
  label,
  className,
  size = 132,
}: {
  text: string;
  label: string;
  className: string;
  size?: number;
}) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(text, {
      type: 'svg',
      margin: 1,
      errorCorrectionLevel: 'M',
      color: { dark: '#000000', light: '#ffffff' },
    })
      .then((svg) => live && setImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => live && setImage(null));
    return () => {
      live = false;
    };
  }, [text]);
  return image ? <img className={className} src={image} alt={label} width={size} height={size} /> : null;
}
