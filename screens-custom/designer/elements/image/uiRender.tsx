import { useEffect, useState } from 'react';
import { DESIGNER_CONSTANTS } from '../../../../core/print/options/index.ts';
import { rawValue } from '../shared/values.ts';
import type { UiRenderProps } from '../types.ts';

/** An image; a failed load is retried up to 10 times every 500 ms (spec §9). */
export function ImageUi({ element, data }: UiRenderProps<'image'>) {
  const o = element.options;
  const bound = rawValue(element, data);
  const src = typeof bound === 'string' && bound ? bound : o.src ?? '';
  const [attempt, setAttempt] = useState(0);
  useEffect(() => setAttempt(0), [src]);
  if (!src) return <div className="wxy-el-placeholder">图片</div>;
  const url = attempt === 0 ? src : `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`;
  return (
    <img
      src={url}
      alt=""
      draggable={false}
      style={{ width: '100%', height: '100%', objectFit: o.fit ?? 'contain', borderRadius: o.borderRadius, display: 'block' }}
      onError={() => {
        if (attempt < DESIGNER_CONSTANTS.imageLoadRetries) setTimeout(() => setAttempt((a) => a + 1), DESIGNER_CONSTANTS.imageLoadRetryDelayMs);
      }}
    />
  );
}
