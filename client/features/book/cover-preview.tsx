import { useState } from 'react';
import { useI18n } from '../../lib/i18n.ts';

/** Live preview of an image URL; a URL that fails to load shows a labelled placeholder instead. */
export function CoverPreview({ url, title }: { url: string; title: string }) {
  const t = useI18n().formatMessage;
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const src = url.trim();
  if (!src) return null;
  if (failedUrl === src) {
    return (
      <div className="flex h-66 w-44 items-center justify-center rounded-lg bg-gray-200 text-sm text-gray-600">
        {t({ id: 'book.invalidImage' })}
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={title ? t({ id: 'book.coverPreviewOf' }, { title }) : t({ id: 'book.coverPreview' })}
      className="h-66 w-44 rounded-lg object-cover shadow"
      onError={() => setFailedUrl(src)}
    />
  );
}
