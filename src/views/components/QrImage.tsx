import { useEffect, useState } from 'react';
import { qrDataUrl } from './qr-data-url.ts';

/**
 * A QR code of `text` as an image (qr-data-url.ts), black on white in both themes. Nothing while it
 * is drawn, or if it fails.
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
    qrDataUrl(text)
      .then((url) => live && setImage(url))
      .catch(() => live && setImage(null));
    return () => {
      live = false;
    };
  }, [text]);
  return image ? <img className={className} src={image} alt={label} width={size} height={size} /> : null;
}
