/**
 * Image auto-size of the src property (spec 001 §3, §9): fit the width, fit the height, the
 * image's real size, or by aspect ratio within the current box; rounded to 0.1 pt.
 */
import { roundTo, units } from '../../../core/print/paper/index.ts';

export const IMAGE_SIZE_MODES = ['fitWidth', 'fitHeight', 'realSize', 'autoByAspect'] as const;
export type ImageSizeMode = (typeof IMAGE_SIZE_MODES)[number];

/** New width/height (pt) of an image element whose picture is `natural` CSS px. */
export function imageAutoSize(mode: ImageSizeMode, natural: { width: number; height: number }, box: { width: number; height: number }): { width: number; height: number } {
  if (!(natural.width > 0 && natural.height > 0)) return box;
  const ratio = natural.width / natural.height;
  let width: number;
  let height: number;
  switch (mode) {
    case 'fitWidth':
      width = box.width;
      height = box.width / ratio;
      break;
    case 'fitHeight':
      height = box.height;
      width = box.height * ratio;
      break;
    case 'realSize':
      width = units.pxToPt(natural.width);
      height = units.pxToPt(natural.height);
      break;
    default: {
      // the largest box of the picture's ratio inside the current box
      const scale = Math.min(box.width / natural.width, box.height / natural.height);
      width = natural.width * scale;
      height = natural.height * scale;
    }
  }
  return { width: roundTo(width, 1), height: roundTo(height, 1) };
}
