import { useState } from 'react';
import type { ImgHTMLAttributes } from 'react';

export const PLACEHOLDER_COVER = '/placeholder-book.jpg';

/** An image that swaps to the placeholder cover once when it fails, never looping on a broken placeholder. */
export function BookImage({
  src,
  alt,
  onError,
  ...rest
}: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = failedSrc === src || !src ? PLACEHOLDER_COVER : src;
  return (
    <img
      {...rest}
      src={shown}
      alt={alt}
      onError={(event) => {
        if (shown !== PLACEHOLDER_COVER) setFailedSrc(src);
        onError?.(event);
      }}
    />
  );
}
